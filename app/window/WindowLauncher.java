package app.window;

import java.nio.file.Path;

/** Opens the window from the CLI entry point; blocks until the window is closed. */
public final class WindowLauncher {

    /**
     * JavaFX warns "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" on every start from
     * the class path — the way this jar and the installer run it, on purpose. PlatformImpl logs it through JavaFX's
     * own logger, named "javafx" (the message names the class that logged it, not the logger). Held here so the level
     * sticks.
     */
    private static final java.util.logging.Logger FX_PLATFORM = java.util.logging.Logger.getLogger("javafx");

    private WindowLauncher() {
    }

    /** Opens the window; with {@code warmAnswers} its workspace answers the command line's read commands. */
    public static void launch(Path workspace, boolean demo, boolean startupReport, boolean exitAfterStart,
                              boolean browseThenExit, WorkspaceScope.WarmAnswers warmAnswers) {
        StartupReport.mark("main");
        FX_PLATFORM.setLevel(java.util.logging.Level.SEVERE);
        if (startupReport) {
            StartupReport.printOnStderr();
        }
        ConsoleApplication.launchWith(workspace, demo, exitAfterStart, browseThenExit, warmAnswers);
    }
}
