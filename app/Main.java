package app;

import app.cli.RootCommand;
import app.warm.WarmClient;
import java.util.OptionalInt;
import services.workspace.AppDirs;
import services.workspace.WorkspaceWriteLock;

/**
 * Entry point. With no subcommand it opens the console window; with one it runs headless. Sets the log folder
 * before anything logs, so the rolling log lands in the user's data folder.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // A read command on a workspace that a window or scheduler has open is answered by it, warm; decided
        // before picocli, Logback or the index are loaded.
        OptionalInt warm = WarmClient.answer(args, System.out, System.err);
        if (warm.isPresent()) {
            System.exit(warm.getAsInt());
        }
        if (System.getProperty("brainconsole.logdir") == null) {
            System.setProperty("brainconsole.logdir", AppDirs.fromEnvironment().logs().toString());
        }
        NativeFolders.configure(AppDirs.fromEnvironment());
        // A write that waits for another window, scheduler or command says so (the window shows it as busy).
        WorkspaceWriteLock.onWait(System.err::println);
        System.exit(RootCommand.commandLine(args).execute(args));
    }
}
