package app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
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
        cli = new CliContext(options, spec.commandLine().getOut(), spec.commandLine().getErr(), warm);
        return run();
    }

    abstract Integer run();
}
