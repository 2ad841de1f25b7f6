package app.cli;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import services.demo.DemoWorkspace;

/** {@code brain-console demo DIR}: writes the demo workspace. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Write a realistic demo workspace into DIR (new or empty, or an earlier demo).")
final class DemoCommand extends WorkspaceCommand {

    @Parameters(paramLabel = "DIR", description = "Folder to write the demo workspace into.")
    Path dir;

    @Override
    Integer run() {
        DemoWorkspace.Summary summary = cli.app().demo().write(dir);
        cli.print(new Result(summary.dir().toString(), summary.adrs(), summary.skills(), summary.loops(),
                        summary.proposals()),
                "Demo workspace written to " + summary.dir() + ": " + Plural.of(summary.adrs(), "ADR") + ", "
                        + Plural.of(summary.skills(), "skill") + ", " + Plural.of(summary.loops(), "loop") + ", "
                        + Plural.of(summary.proposals(), "proposal") + ".\n"
                        + "Open it with: " + Launcher.command() + " --workspace " + summary.dir());
        return 0;
    }

    record Result(String workspace, int adrs, int skills, int loops, int proposals) {
    }
}
