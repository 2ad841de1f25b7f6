package app.window;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import app.compose.AppContext;
import app.compose.ErrorReporter;
import services.workspace.AppDirs;

/** The JavaFX application. Started by {@code app.Main} through {@link WindowLauncher}, never directly (JavaFX on the class path needs a launcher). */
public final class ConsoleApplication extends Application {

    private static volatile Path requestedWorkspace;
    private static volatile boolean demo;
    private static volatile WindowLauncher.OnceInteractive onceInteractive = WindowLauncher.OnceInteractive.STAY;
    private static volatile WorkspaceScope.WarmAnswers warmAnswers;

    private FxTaskRunner runner;

    static void launchWith(Path workspace, boolean openDemo, WindowLauncher.OnceInteractive then,
                           WorkspaceScope.WarmAnswers warm) {
        warmAnswers = warm;
        onceInteractive = then;
        requestedWorkspace = workspace;
        demo = openDemo;
        Application.launch(ConsoleApplication.class);
    }

    @Override
    public void start(Stage stage) {
        StartupReport.mark("fx-toolkit");
        runner = new FxTaskRunner();
        AppDirs dirs = AppDirs.fromEnvironment();
        AppContext context = new AppContext(dirs, Clock.systemDefaultZone(), runner);
        MainWindow window = new MainWindow(context, stage,
                file -> getHostServices().showDocument(Path.of(file).toUri().toString()), warmAnswers);
        new ErrorReporter(dirs.logs().resolve("brain-console.log"),
                message -> Platform.runLater(() -> window.shell().reportError(message))).install();
        stage.show();
        StartupReport.mark("window-shown");
        window.setOnInteractive(() -> {
            StartupReport.finish("interactive");
            switch (onceInteractive) {
                case WATCH_EMBEDDING_THEN_EXIT -> {
                    UiStallMonitor[] monitor = new UiStallMonitor[1];
                    window.whenEmbedding(() -> monitor[0] = UiStallMonitor.begin(), embedded -> {
                        System.err.println("while embedding (" + embedded + "): " + monitor[0].finish());
                        Platform.exit();
                    });
                }
                case BROWSE_THEN_EXIT -> window.browseEverySection(() -> {
                    System.gc();
                    System.err.println("after browsing: resident " + StartupReport.residentKb() / 1024 + " MB ("
                            + StartupReport.breakdown() + ")");
                    Platform.exit();
                });
                case EXIT -> Platform.exit();
                case STAY -> { }
            }
        });
        window.openInitial(Optional.ofNullable(requestedWorkspace), demo);
    }

    @Override
    public void stop() {
        if (runner != null) {
            runner.close();
        }
    }
}
