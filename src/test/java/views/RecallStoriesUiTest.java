package views;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
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
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.review.QueueRow;

/**
 * Review, a skill change whose effect on recall lists stories: the stories are collapsed behind a link, and at the
 * smallest size (1100×700) and the default (1280×800) rows of the diff are in sight without scrolling; Tab reaches
 * the link, which shows them, and s hides them again.
 */
@ExtendWith(ApplicationExtension.class)
class RecallStoriesUiTest {

    private static final String ID = "sp-2026-11-15-typesense-recall-03";

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // the demo's own time: its recent loops hold stories whose recall the skill change would change
        ui = new UiHarness(stage, tmp.resolve("recall-stories-" + System.nanoTime()), false, null, window -> { },
                UiHarness.demoTime());
    }

    @SuppressWarnings("unchecked")
    private static ListView<QueueRow> queue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    private static Hyperlink toggle(FxRobot robot) {
        return robot.lookup("#review-recall-toggle").queryAs(Hyperlink.class);
    }

    private static Node stories(FxRobot robot) {
        return robot.lookup("#review-recall-stories").queryAs(Node.class);
    }

    private static Stage stage(FxRobot robot) {
        return (Stage) robot.lookup("#review-queue").queryAs(Node.class).getScene().getWindow();
    }

    @Test
    void theStoriesStartCollapsedSoTheDiffIsInSightAndTheLinkShowsThem(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
                ui.window.shell().select("review");
            });
            UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent() && !queue(robot).getItems().isEmpty());
            robot.interact(() -> queue(robot).getItems().stream().filter(r -> r.id().equals(ID)).findFirst()
                    .ifPresent(r -> queue(robot).getSelectionModel().select(r)));
            UiHarness.waitUntil(30, () -> robot.lookup("#review-recall").queryAs(Label.class).getText()
                    .startsWith("Effect on recall: skill:typesense-recall: "));
            UiHarness.waitUntil(() -> toggle(robot).isVisible());
            UiHarness.waitUntil(() -> !robot.lookup("#review-diff").queryAs(ListView.class).getItems().isEmpty());
            for (int i = 0; i < 4; i++) { // the layout settles after the resize
                WaitForAsyncUtils.sleep(250, java.util.concurrent.TimeUnit.MILLISECONDS);
                WaitForAsyncUtils.waitForFxEvents();
            }

            String at = (int) size[0] + "x" + (int) size[1];
            assertThat(toggle(robot).getText()).matches("Show the \\d+ stories");
            assertThat(stories(robot).isVisible()).as("the story lines, collapsed at %s", at).isFalse();
            assertThat(robot.lookup("#review-recall").queryAs(Label.class).getText()).doesNotContain("\n");
            // rows of the diff inside the window (above the status bar, inside the diff's viewport), not scrolled to
            assertThat(ReviewDiffInSightUiTest.diffRowsInSight(robot)).as("diff rows in sight at %s", at)
                    .isGreaterThanOrEqualTo(3);
        }

        // Tab reaches the link from the queue; Space on it shows the stories
        robot.interact(() -> queue(robot).requestFocus());
        for (int i = 0; i < 6 && !toggle(robot).isFocused(); i++) {
            robot.type(KeyCode.TAB);
        }
        assertThat(toggle(robot).isFocused()).as("the link reached by Tab").isTrue();
        robot.type(KeyCode.SPACE);
        UiHarness.waitUntil(() -> stories(robot).isVisible());
        assertThat(toggle(robot).getText()).isEqualTo("Hide the stories");
        assertThat(robot.lookup("#review-recall-stories").queryAs(Label.class).getText())
                .startsWith("  loop-").contains(" · lean: ");

        // s hides them again, from the queue (where the focus is while moving with j / k)
        robot.interact(() -> queue(robot).requestFocus());
        robot.type(KeyCode.S);
        UiHarness.waitUntil(() -> !stories(robot).isVisible());
        assertThat(toggle(robot).getText()).startsWith("Show the ");
        ui.close(robot);
    }
}
