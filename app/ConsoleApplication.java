package app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import services.workspace.AppDirs;

/** The JavaFX application. Started by {@link Main}, never directly (JavaFX on the class path needs a launcher). */
public final class ConsoleApplication extends Application {

    private static volatile Path requestedWorkspace;
    private static volatile boolean demo;

    private FxTaskRunner runner;

    static void launchWith(Path workspace, boolean openDemo) {
        requestedWorkspace = workspace;
        demo = openDemo;
        Application.launch(ConsoleApplication.class);
    }

    @Override
    public void start(Stage stage) {
        runner = new FxTaskRunner();
        AppDirs dirs = AppDirs.fromEnvironment();
        AppContext context = new AppContext(dirs, Clock.systemDefaultZone(), runner);
        MainWindow window = new MainWindow(context, stage,
                file -> getHostServices().showDocument(java.nio.file.Path.of(file).toUri().toString()));
        new ErrorReporter(dirs.logs().resolve("brain-console.log"),
                message -> Platform.runLater(() -> window.shell().reportError(message))).install();
        stage.show();
        window.openInitial(Optional.ofNullable(requestedWorkspace), demo);
    }

    @Override
    public void stop() {
        if (runner != null) {
            runner.close();
        }
    }
}
