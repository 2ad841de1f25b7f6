package views.shell;

import app.cli.WarmCommands;
import java.io.IOException;
import org.junit.jupiter.api.Tag;
import services.workspace.WorkspaceFile;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import app.compose.AppContext;
import app.window.FxTaskRunner;
import app.window.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.demo.DemoWorkspace;
import services.workspace.AppDirs;
import viewmodels.failed.FailedRow;

/**
 * A new user's first start on the demo, as it really happens: the demo written now, its jobs not paused, so the
 * scheduler's catch-up runs the sync and the watchdog at once. The watchdog leaves the target that expired less
 * than a day ago, so the user still sees an expired one on Failed targets, and Prune expired… previews it.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class DemoFirstStartUiTest {

    @TempDir
    static Path tmp;

    private Path workspace;
    private Stage stage;
    private final FxTaskRunner runner = new FxTaskRunner();

    @Start
    void start(Stage stage) {
        Path dir = tmp.resolve("first-" + System.nanoTime());
        this.stage = stage;
        workspace = testsupport.Fixtures.demoWriter(Clock.systemUTC()).write(dir.resolve("demo")).dir();
        new WorkspaceFile(workspace).update(root -> root.putObject("semantic").put("enabled", false));
        AppContext app = new AppContext(new AppDirs(dir.resolve("config"), dir.resolve("data")), Clock.systemUTC(), runner);
        MainWindow window = new MainWindow(app, stage, file -> { }, svc -> new WarmCommands(svc, System.getenv()));
        stage.show();
        window.openInitial(Optional.of(workspace), false);
    }

    @AfterEach
    void close(FxRobot robot) {
        UiHarness.closeAndSettle(robot, stage, runner);
    }

    @SuppressWarnings("unchecked")
    private static TableView<FailedRow> table(FxRobot robot) {
        return robot.lookup("#failed-table").queryAs(TableView.class);
    }

    private boolean watchdogCaughtUp() {
        try {
            return Files.readAllLines(workspace.resolve("state/jobs.jsonl")).stream()
                    .anyMatch(l -> l.contains("\"job\":\"watchdog\"") && l.contains("\"trigger\":\"CATCH_UP\""));
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void theCatchUpWatchdogLeavesTheDemosNewlyExpiredTargetToSee(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        UiHarness.waitUntil(60, this::watchdogCaughtUp);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && !table(robot).getItems().isEmpty());
        UiHarness.waitUntil(() -> table(robot).getItems().stream().anyMatch(r -> r.expiresIn().equals("expired")));
        long expired = table(robot).getItems().stream().filter(r -> r.expiresIn().equals("expired")).count();
        assertThat(watchdogCaughtUp()).isTrue();

        robot.clickOn("#failed-prune");
        UiHarness.waitUntil(() -> robot.lookup("#failed-prune-preview").tryQuery().isPresent());
        String preview = robot.lookup("#failed-prune-preview").queryAs(TextArea.class).getText();
        assertThat(preview.lines()).hasSize((int) expired).allMatch(l -> l.contains("expired ") && l.contains(" ago · "));
        robot.clickOn("Cancel");
    }
}
