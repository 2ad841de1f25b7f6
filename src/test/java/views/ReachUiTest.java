package views;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** An operator opens Knowledge reach, widens the window and runs it; the lists fill in and lessons get states. */
@ExtendWith(ApplicationExtension.class)
class ReachUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("reach-" + System.nanoTime()));
    }

    @Test
    void runningReachFillsTheListsAndTheLessons(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.clickOn("#nav-reach");
        UiHarness.waitUntil(() -> robot.lookup("#reach-days").tryQuery().isPresent());
        TextField days = robot.lookup("#reach-days").queryAs(TextField.class);
        robot.doubleClickOn(days).eraseText(4).write("30");
        robot.clickOn("#reach-run");
        UiHarness.waitUntil(() -> robot.lookup("#reach-summary").queryAs(Label.class).getText().contains("stories in 30 days"));
        @SuppressWarnings("unchecked")
        TableView<viewmodels.reach.ReachViewModel.Row> most = robot.lookup("#reach-most").queryAs(TableView.class);
        assertThat(most.getItems()).isNotEmpty();
        robot.clickOn("Never reached");
        @SuppressWarnings("unchecked")
        TableView<viewmodels.reach.ReachViewModel.Row> never = robot.lookup("#reach-never").queryAs(TableView.class);
        assertThat(never.getItems()).anyMatch(r -> r.figures().startsWith("type excluded"));
        robot.clickOn("Lessons");
        @SuppressWarnings("unchecked")
        TableView<viewmodels.reach.ReachViewModel.Row> lessons = robot.lookup("#reach-lessons").queryAs(TableView.class);
        assertThat(lessons.getItems()).isNotEmpty().allMatch(r -> !r.state().isEmpty());
    }
}
