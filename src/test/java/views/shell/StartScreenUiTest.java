package views.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import services.tasks.BackgroundTask;
import services.tasks.ProgressSink;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskProgress;
import services.tasks.TaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import testsupport.Fixtures;
import viewmodels.shell.ShellViewModel;

/**
 * While a workspace opens the start screen says which one, with a progress indicator, and offers nothing else; the
 * choices come when nothing is opening (it failed). The status bar keeps the workspace path's end in view beside a
 * long task, at 1100 px.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class StartScreenUiTest {

    @TempDir
    static Path tmp;

    private final HeldRunner runner = new HeldRunner();
    private ShellViewModel vm;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Path root = tmp.resolve("start-" + System.nanoTime());
        vm = new ShellViewModel(Fixtures.loader(), new RecentWorkspaces(new AppDirs(root.resolve("config"),
                root.resolve("data"))), runner);
        stage.setScene(new ShellView(vm).createScene());
        stage.setWidth(1100);
        stage.setHeight(700);
        stage.show();
    }

    @Test
    void whileAWorkspaceOpensItSaysWhichOneAndOffersNothingElse(FxRobot robot) throws Exception {
        Path broken = Files.createDirectories(tmp.resolve("broken-" + System.nanoTime()));
        Files.writeString(broken.resolve("workspace.json"), "{\"name\": ");
        robot.interact(() -> vm.openWorkspace(broken));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Opening a workspace…", robot.lookup("#start-title").queryAs(Label.class).getText());
        assertEquals(broken.toString(), robot.lookup("#start-opening").queryAs(Label.class).getText());
        assertThat(showing(robot, "#start-progress")).isTrue();
        assertThat(showing(robot, "#empty-open")).as("no choices while one opens").isFalse();
        assertThat(showing(robot, "#empty-demo")).isFalse();
        assertThat(showing(robot, "#empty-recent")).isFalse();

        robot.interact(runner::runAll); // it fails: now the choices, and no spinner
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("No workspace open", robot.lookup("#start-title").queryAs(Label.class).getText());
        assertThat(showing(robot, "#start-progress")).isFalse();
        assertThat(showing(robot, "#empty-open")).isTrue();
        assertThat(showing(robot, "#empty-demo")).isTrue();
    }

    @Test
    void theStatusBarKeepsThePathsEndBesideALongTask(FxRobot robot) throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("a-rather-long-folder-name-" + System.nanoTime())
                .resolve(".local").resolve("share").resolve("brain-console").resolve("demo-workspace"));
        Files.writeString(ws.resolve("workspace.json"), "{\"name\": \"demo\"}");
        robot.interact(() -> vm.openWorkspace(ws));
        robot.interact(runner::runAll);
        robot.interact(() -> runner.progress(new TaskProgress("Sync", 0.4,
                "system/brain/codebase/loop-mwumvvzd-9cvemu-and-a-long-tail-of-words-in-its-file-name.md")));
        WaitForAsyncUtils.waitForFxEvents();
        Label path = robot.lookup("#status-workspace").queryAs(Label.class);
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
        });
        assertThat(path.getWidth()).as("the path's room in the status bar").isGreaterThanOrEqualTo(200);
        Node shown = path.lookup(".text");
        assertThat(shown).isInstanceOf(Text.class);
        assertThat(((Text) shown).getText()).as("what the status bar shows of the path")
                .endsWith("brain-console/demo-workspace");
    }

    private static boolean showing(FxRobot robot, String id) {
        return robot.lookup(id).tryQuery().map(n -> n.isVisible() && n.getScene() != null
                && (n.getParent() == null || n.getParent().isVisible())).orElse(false);
    }

    /** Holds each task until told to run it; lets the test report a task's progress as the window's runner does. */
    static final class HeldRunner implements TaskRunner {
        private final List<Runnable> held = new ArrayList<>();
        private final List<TaskListener> listeners = new ArrayList<>();

        @Override
        public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> then) {
            held.add(() -> {
                try {
                    then.onSuccess().accept(task.run(ProgressSink.NONE));
                } catch (Exception e) {
                    then.onFailure().accept(e);
                }
            });
            return TaskHandle.of(name, () -> { }, () -> false);
        }

        void runAll() {
            while (!held.isEmpty()) {
                held.remove(0).run();
            }
        }

        void progress(TaskProgress p) {
            TaskHandle handle = TaskHandle.of(p.taskName(), () -> { }, () -> false);
            listeners.forEach(l -> l.progress(handle, p));
        }

        @Override
        public List<TaskHandle> running() {
            return List.of();
        }

        @Override
        public void addListener(TaskListener listener) {
            listeners.add(listener);
        }
    }
}
