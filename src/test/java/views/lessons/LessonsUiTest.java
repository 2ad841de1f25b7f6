package views.lessons;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ListCell;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import views.UiHarness;
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
@Tag("ui")
class LessonsUiTest {

    @TempDir
    static Path tmp;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new UiHarness(stage, tmp.resolve("lessons-" + System.nanoTime()));
    }

    /** At 1100×700 each agent's row shows its whole summary, wrapped in the list's width: nothing cut. */
    @Test
    void theAgentsRowsAreWholeAt1100(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT9).release(KeyCode.DIGIT9, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#lessons-status").tryQuery().isPresent()
                && !robot.lookup("#lessons-status").queryAs(Label.class).getText().isEmpty());
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        List<String> shown = new ArrayList<>();
        List<String> cut = new ArrayList<>();
        robot.interact(() -> {
            ListView<?> agents = robot.lookup("#lessons-agents").queryAs(ListView.class);
            for (Node n : agents.lookupAll(".list-cell")) {
                var cell = (ListCell<?>) n;
                if (cell.isEmpty() || !cell.isVisible() || cell.getGraphic() == null) {
                    continue;
                }
                Text summary = (Text) ((VBox) cell.getGraphic())
                        .getChildren().get(1);
                shown.add(summary.getText());
                Bounds in = cell.getGraphic().localToScene(cell.getGraphic().getLayoutBounds());
                Bounds text = summary.localToScene(summary.getLayoutBounds());
                Bounds row = cell.localToScene(cell.getLayoutBounds());
                if (text.getMaxY() > row.getMaxY() + 0.5 || text.getMaxX() > agents.localToScene(
                        agents.getLayoutBounds()).getMaxX() || in.getHeight() > row.getHeight() + 0.5) {
                    cut.add(summary.getText());
                }
            }
        });
        assertThat(shown).anyMatch(t -> t.contains("over the cap")).anyMatch(t -> t.contains("12 undigested"));
        assertThat(cut).as("agents' summaries cut at 1100 px").isEmpty();
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
        // the flagged line as read, without its list marker ("— - Issue #86" doubled the dash)
        assertThat(flags.getItems()).anyMatch(f -> f.contains("— Issue #86")).noneMatch(f -> f.contains("— - "));
        // the agent as the heading, its folder on its own line, whole or cut at its start — never broken mid-word
        assertThat(robot.lookup("#lessons-heading").queryAs(Label.class).getText()).isEqualTo("dev-qwen");
        Label folder = robot.lookup("#lessons-folder").queryAs(Label.class);
        assertThat(folder.getText()).endsWith("dev-qwen/.profile".replace('/', File.separatorChar));
        assertThat(folder.isWrapText()).isFalse();
        robot.clickOn(robot.lookup((Node n) -> n instanceof Label l && l.getText().startsWith("planner"))
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
