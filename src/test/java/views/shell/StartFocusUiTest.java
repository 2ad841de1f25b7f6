package views.shell;

import app.cli.WarmCommands;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import services.workspace.WorkspaceFile;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import app.compose.AppContext;
import app.window.FxTaskRunner;
import app.window.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.Node;
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

/**
 * A new user's first start, as it really happens (the demo's first sync runs at once, the catch-up watchdog raises a
 * notification): the keyboard focus starts on the Overview button and never lands by itself on the status bar's
 * Cancel or on the notification — a Space or Enter in the first seconds would cancel the first sync or close it.
 * The status bar's progress bar and Cancel stay where they are while the task's text changes.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class StartFocusUiTest {

    @TempDir
    static Path tmp;

    private Path workspace;
    private Stage stage;
    private final FxTaskRunner runner = new FxTaskRunner();
    private final List<String> focused = new CopyOnWriteArrayList<>();
    /** Where the progress bar was, for each text of the status bar's left part (the index line) beside it. */
    private final Map<String, Set<Long>> progressAt = new ConcurrentHashMap<>();

    @Start
    void start(Stage stage) {
        Path dir = tmp.resolve("start-focus-" + System.nanoTime());
        this.stage = stage;
        workspace = testsupport.Fixtures.demoWriter(Clock.systemUTC()).write(dir.resolve("demo")).dir();
        new WorkspaceFile(workspace).update(root -> root.putObject("semantic").put("enabled", false));
        AppContext app = new AppContext(new AppDirs(dir.resolve("config"), dir.resolve("data")), Clock.systemUTC(), runner);
        MainWindow window = new MainWindow(app, stage, file -> { }, svc -> new WarmCommands(svc, System.getenv()));
        stage.getScene().focusOwnerProperty().addListener((o, was, now) -> focused.add(name(now)));
        stage.show();
        focused.add(name(stage.getScene().getFocusOwner()));
        // where the status bar's progress bar is drawn, after each layout pass (what the user sees, no halfway state)
        Node progress = stage.getScene().getRoot().lookup("#status-progress");
        Label index = (Label) stage.getScene().lookup("#status-index");
        Region bar = (Region) index.getParent();
        stage.getScene().addPostLayoutPulseListener(() -> {
            if (progress.getParent().isVisible() && bar.getWidth() > 0) {
                progressAt.computeIfAbsent(index.getText() + " @ " + bar.getWidth(),
                        k -> new ConcurrentSkipListSet<>())
                        .add(Math.round(progress.localToScene(0, 0).getX()));
            }
        });
        window.openInitial(Optional.of(workspace), false);
    }

    @AfterEach
    void close(FxRobot robot) {
        UiHarness.closeAndSettle(robot, stage, runner);
    }

    /** A focused node by its id, or by where it sits (the status bar, the notification) when it has none. */
    private static String name(Node node) {
        if (node == null) {
            return "nothing";
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if ("toast".equals(n.getId())) {
                return "toast:" + node.getId();
            }
            if (n.getStyleClass().contains("status-bar")) {
                return "status-bar:" + node.getId();
            }
        }
        return node.getId() == null ? node.getClass().getSimpleName() : node.getId();
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
    void theFocusStartsOnTheInboxAndNeverOnTheStatusBarOrTheNotification(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        UiHarness.waitUntil(60, this::watchdogCaughtUp);
        UiHarness.waitUntil(60, () -> !robot.lookup("#status-cancel").query().getParent().isVisible());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(focused).as("every focus owner since the window showed")
                .noneMatch(n -> n.startsWith("toast:") || n.startsWith("status-bar:"));
        robot.interact(() -> assertThat(name(stage.getScene().getFocusOwner())).isEqualTo("inbox-list"));
        assertThat(robot.lookup("#status-cancel").query().isFocusTraversable()).isFalse();
        // Tab reaches the notification's close button only while it shows (ToastUiTest); the focus never goes there by itself
        assertThat(robot.lookup("#toast-close").query().isFocusTraversable())
                .isEqualTo(robot.lookup("#toast").query().isVisible());
        // the sync's file names went by in the task's text; the progress bar (and Cancel beside it) stayed put
        assertThat(progressAt).as("the status bar's progress bar during start-up").isNotEmpty()
                .allSatisfy((beside, at) -> assertThat(at).as("its left edges beside \"%s\"", beside).hasSize(1));
    }
}
