package views.shell;

import app.cli.WarmCommands;
import java.time.Clock;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import app.compose.AppContext;
import app.window.FxTaskRunner;
import app.window.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.workspace.AppDirs;

/** A first workspace that cannot be opened leaves a way out: open one, a recent one, or the demo. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class NoWorkspaceUiTest {

    @TempDir
    static Path tmp;

    private Path broken;
    private Stage stage;
    private final FxTaskRunner runner = new FxTaskRunner();

    @Start
    void start(Stage stage) throws Exception {
        Path root = tmp.resolve("nows-" + System.nanoTime());
        broken = Files.createDirectories(root.resolve("broken"));
        Files.writeString(broken.resolve("workspace.json"), "{\"name\": ");
        AppContext app = new AppContext(new AppDirs(root.resolve("config"), root.resolve("data")),
                Clock.systemUTC(), runner);
        this.stage = stage;
        MainWindow window = new MainWindow(app, stage, file -> { }, svc -> new WarmCommands(svc, System.getenv()));
        stage.show();
        window.openInitial(Optional.of(broken), false);
    }

    /** The demo opened by the test runs its catch-up jobs: they end before JUnit deletes the folder. */
    @AfterEach
    void close(FxRobot robot) {
        UiHarness.closeAndSettle(robot, stage, runner);
    }

    @Test
    void aBrokenFirstWorkspaceOffersOpenRecentAndTheDemo(FxRobot robot) {
        UiHarness.waitUntil(() -> !robot.lookup("#error-banner").queryAs(Label.class).getText().isEmpty());
        assertThat(robot.lookup("#error-banner").queryAs(Label.class).getText()).contains("not valid JSON");
        UiHarness.waitUntil(() -> robot.lookup("#no-workspace").tryQuery().isPresent());
        assertThat(robot.lookup("#empty-open").tryQuery()).isPresent();
        assertThat(robot.lookup("#empty-recent").tryQuery()).isPresent();
        assertThat(robot.lookup("No workspace open").tryQuery()).isPresent(); // with the message above saying why
        assertThat(robot.lookup("Opening a workspace…").tryQuery()).isEmpty();
        robot.clickOn("#empty-demo");
        UiHarness.waitUntil(() -> robot.lookup("#nav-overview").tryQuery().isPresent()
                && robot.lookup("#no-workspace").tryQuery().isEmpty());
    }
}
