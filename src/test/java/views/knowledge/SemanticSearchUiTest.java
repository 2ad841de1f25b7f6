package views.knowledge;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import views.shell.LayoutUiTest;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.knowledge.ResultRow;

/**
 * An operator asks in their own words: nothing matches every word, so keyword search shows nothing; once the
 * demo is embedded in the background, the Semantic toggle (Ctrl+M) finds the lesson by meaning.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class SemanticSearchUiTest {

    @TempDir
    static Path tmp;

    static final String QUESTION = "stop a retried job from emailing the customer twice";

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new UiHarness(stage, tmp.resolve("semantic-" + System.nanoTime()), true);
    }

    @SuppressWarnings("unchecked")
    private static ListView<ResultRow> results(FxRobot robot) {
        return robot.lookup("#knowledge-results").queryAs(ListView.class);
    }

    @Test
    void theSemanticToggleFindsALessonAskedForInOtherWords(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-semantic-status").tryQuery().isPresent());
        Label status = robot.lookup("#knowledge-semantic-status").queryAs(Label.class);
        UiHarness.waitUntil(90, () -> status.getText().matches("Semantic search: (\\d+) of \\1 documents embedded"));

        robot.clickOn("#knowledge-search").write(QUESTION);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-summary").queryAs(Label.class).getText().startsWith("0 documents"));
        assertThat(results(robot).getItems()).isEmpty();
        assertThat(robot.lookup("#knowledge-message").queryAs(Label.class).getText())
                .contains("Semantic (Ctrl+M) to search by meaning");

        robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
        assertThat(robot.lookup("#knowledge-semantic").queryAs(ToggleButton.class).isSelected()).isTrue();
        UiHarness.waitUntil(() -> !results(robot).getItems().isEmpty());
        assertThat(results(robot).getItems().subList(0, 3)).extracting(ResultRow::title)
                .anyMatch(t -> t.startsWith("Every step that sends email must carry an idempotency key"));
        // the results' summary says how they were ranked, whole, at the smallest size too (it wraps there)
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            WaitForAsyncUtils.waitForFxEvents();
            List<String> cut = new ArrayList<>();
            double[] bottom = new double[2];
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                Label summary = robot.lookup("#knowledge-summary").queryAs(Label.class);
                LayoutUiTest.collect(summary, "knowledge", cut);
                bottom[0] = summary.localToScene(summary.getLayoutBounds()).getMaxY();
                Node bar = robot.lookup("#status-index").queryAs(Node.class);
                bottom[1] = bar.localToScene(bar.getLayoutBounds()).getMinY();
            });
            assertThat(robot.lookup("#knowledge-summary").queryAs(Label.class).getText()).contains(" · by words and meaning · ");
            assertThat(cut).as("the summary at %sx%s", (int) size[0], (int) size[1]).isEmpty();
            assertThat(bottom[0]).as("the summary above the status bar at %sx%s", (int) size[0], (int) size[1])
                    .isLessThanOrEqualTo(bottom[1]);
        }

        robot.clickOn("#knowledge-semantic"); // off again: words only
        UiHarness.waitUntil(() -> results(robot).getItems().isEmpty());
    }
}
