package app.window;

import app.compose.BackgroundThreads;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Opens the window from the CLI entry point; blocks until the window is closed. */
public final class WindowLauncher {

    /**
     * JavaFX warns "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" on every start from
     * the class path — the way this jar and the installer run it, on purpose. PlatformImpl logs it through JavaFX's
     * own logger, named "javafx" (the message names the class that logged it, not the logger). Held here so the level
     * sticks.
     */
    private static final Logger FX_PLATFORM = Logger.getLogger("javafx");

    private WindowLauncher() {
    }

    /** What the window does once it is interactive: stay open (daily use), or one of the benchmarks' runs. */
    public enum OnceInteractive {
        STAY,
        /** close at once (start-up time) */
        EXIT,
        /** visit every section and search, report memory, close */
        BROWSE_THEN_EXIT,
        /** watch the FX thread from the first embedding run's start to its end, report, close */
        WATCH_EMBEDDING_THEN_EXIT
    }

    /** Opens the window; with {@code warmAnswers} its workspace answers the command line's read commands. */
    public static void launch(Path workspace, boolean demo, boolean startupReport, OnceInteractive then,
                              WorkspaceScope.WarmAnswers warmAnswers) {
        StartupReport.mark("main");
        BackgroundThreads.yieldToTheWindow(); // this process has a window: background work gives way
        FX_PLATFORM.setLevel(Level.SEVERE);
        SoftwareRendering.applyBeforeToolkit(); // no graphics device: no OpenGL loaded only to be refused
        if (startupReport) {
            StartupReport.printOnStderr();
        }
        ConsoleApplication.launchWith(workspace, demo, then, warmAnswers);
    }
}
