package views;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The Agent lessons screen on the demo: what is over the cap, what is not abstract, what is due. */
@ExtendWith(ApplicationExtension.class)
class LessonsUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("lessons-" + System.nanoTime()));
    }

    @Test
    void showsCapFlagsAndDigestion(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT9).release(KeyCode.DIGIT9, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#lessons-status").tryQuery().isPresent()
                && !robot.lookup("#lessons-status").queryAs(Label.class).getText().isEmpty());
        assertThat(robot.lookup("#lessons-status").queryAs(Label.class).getText())
                .contains("over the cap", "3 lines not abstract", "3 undigested", "1 archived");
        @SuppressWarnings("unchecked")
        ListView<String> flags = robot.lookup("#lessons-flags").queryAs(ListView.class);
        assertThat(flags.getItems()).anyMatch(f -> f.startsWith("line 9: names an issue (Issue #86)"));
        robot.clickOn(robot.lookup((javafx.scene.Node n) -> n instanceof Label l && l.getText().startsWith("planner"))
                .queryAs(Label.class));
        UiHarness.waitUntil(() -> robot.lookup("#lessons-status").queryAs(Label.class).getText()
                .contains("12 undigested — digestion due"));
        @SuppressWarnings("unchecked")
        ListView<String> journals = robot.lookup("#lessons-journals").queryAs(ListView.class);
        UiHarness.waitUntil(() -> journals.getItems().size() == 12);
        robot.interact(() -> journals.getSelectionModel().select("issue-201.md"));
        UiHarness.waitUntil(() -> robot.lookup("Planning note 1: the estimate was off because a dependency was not "
                + "ready; check readiness first.").tryQuery().isPresent());
    }
}
