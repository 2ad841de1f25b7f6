package app;

import java.nio.file.Path;

/** Opens the window from the CLI entry point; blocks until the window is closed. */
public final class WindowLauncher {

    private WindowLauncher() {
    }

    public static void launch(Path workspace, boolean demo, boolean startupReport, boolean exitAfterStart,
                              boolean browseThenExit) {
        StartupReport.mark("main");
        if (startupReport) {
            StartupReport.printOnStderr();
        }
        ConsoleApplication.launchWith(workspace, demo, exitAfterStart, browseThenExit);
    }
}
