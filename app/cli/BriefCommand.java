package app.cli;

import app.compose.WorkspaceServices;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.brief.MiseBrief;
import services.workspace.Workspace;

/** {@code brain-console brief}: the mise brief, as markdown (default) or --json. */
@Command(name = "brief", mixinStandardHelpOptions = true,
        description = "The mise brief: retros, active loops, failed targets, pitch history, lessons, health, capacity, verdict.")
final class BriefCommand extends WorkspaceCommand {

    @Option(names = "--markdown", description = "Print markdown (the default without --json).")
    boolean markdown;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        try (WorkspaceServices svc = cli.services(ws)) {
            MiseBrief.Brief brief = svc.brief().gather();
            cli.print(brief, MiseBrief.markdown(brief).stripTrailing());
            return 0;
        }
    }
}
