package app.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A subcommand that works on a workspace: the common options, and the CLI context built before it runs. */
abstract class WorkspaceCommand implements Callable<Integer> {

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    CliContext cli;

    /** Set when the console that owns the workspace answers this command (see {@link WarmCommands}). */
    WarmCommands warm;

    @Override
    public Integer call() {
        options.workspace = workspaceGiven();
        cli = new CliContext(options, spec.commandLine().getOut(), spec.commandLine().getErr(), warm);
        return run();
    }

    abstract Integer run();

    /**
     * The workspace named on the command line: {@code brain-console --workspace DIR proposals approve ID} works on DIR
     * as {@code proposals approve ID --workspace DIR} does — never on the last opened workspace behind the user's
     * back. Two different folders are a usage error (exit 2).
     */
    private Path workspaceGiven() {
        Path root = spec.root().userObject() instanceof RootCommand r ? r.workspace : null;
        if (root == null || options.workspace == null) {
            return options.workspace != null ? options.workspace : root;
        }
        if (!root.toAbsolutePath().normalize().equals(options.workspace.toAbsolutePath().normalize())) {
            throw new ParameterException(spec.commandLine(), "--workspace is given twice, as " + root + " and "
                    + options.workspace + ": give one workspace");
        }
        return options.workspace;
    }
}
