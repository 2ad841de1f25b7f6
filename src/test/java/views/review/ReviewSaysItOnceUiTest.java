package views.review;

import javafx.scene.control.ListCell;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.review.QueueRow;

/**
 * A new user's second walk through Review at 1100×700: a decided proposal leaves the Open list when the selection
 * moves off it, with k as with j; an invalid proposal's reason is whole, with no empty diff pane under it; a decided
 * or invalid one says its state where the buttons stand and its keys line only what applies; side by side, the empty
 * side of a new file is not green.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewSaysItOnceUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("once-" + System.nanoTime()));
    }

    private static String selected(FxRobot robot) {
        QueueRow row = UiHarness.reviewQueue(robot).getSelectionModel().getSelectedItem();
        return row == null ? "" : row.id();
    }

    private static List<String> listed(FxRobot robot) {
        return UiHarness.reviewQueue(robot).getItems().stream().map(QueueRow::id).toList();
    }

    private static void key(FxRobot robot, KeyCode code) {
        robot.press(code).release(code);
    }

    private static Label label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class);
    }

    private static void pick(FxRobot robot, String id) {
        robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(id))
                .findFirst().ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
        UiHarness.waitUntil(() -> label(robot, "#review-heading").getText().startsWith(id));
        robot.interact(() -> UiHarness.reviewQueue(robot).requestFocus());
    }

    @Test
    void aDecisionLeavesTheOpenListWithKAndJAndIsSaidOnce(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1100, 700);
        pick(robot, "sp-2026-11-19-agent-loop-02");
        String above = listed(robot).get(listed(robot).indexOf("sp-2026-11-19-agent-loop-02") - 1);
        key(robot, KeyCode.R);
        UiHarness.waitUntil(() -> robot.lookup("#review-reason").tryQuery().isPresent());
        robot.clickOn("#review-reason").write("too broad for now");
        key(robot, KeyCode.ENTER);
        UiHarness.waitUntil(() -> label(robot, "#review-decision").getText().endsWith(" — reason: too broad for now"));
        assertEquals("sp-2026-11-19-agent-loop-02", selected(robot)); // in its place, with its new badge
        assertEquals("rejected", UiHarness.reviewQueue(robot).getSelectionModel().getSelectedItem().state());
        assertThat(label(robot, "#review-message").isVisible()).as("the record says it; no message repeats it")
                .isFalse();
        // nothing left to decide: its state where the buttons stand, and the keys that still apply
        assertThat(label(robot, "#review-closed").isVisible()).isTrue();
        assertThat(label(robot, "#review-closed").getText()).startsWith("Rejected — nothing left to decide");
        assertThat(robot.lookup("#review-actions").queryAs(Region.class).isVisible()).isFalse();
        assertThat(label(robot, "#review-keys").getText()).doesNotContain("approve", "reject");

        key(robot, KeyCode.K); // up: the rejected one leaves the Open list at once
        UiHarness.waitUntil(() -> selected(robot).equals(above));
        UiHarness.waitUntil(() -> !listed(robot).contains("sp-2026-11-19-agent-loop-02"));
        assertThat(UiHarness.reviewQueue(robot).getItems()).noneMatch(r -> r.state().equals("rejected"));
        UiHarness.settle();
        assertEquals(above, selected(robot)); // the selection stayed where k took it

        pick(robot, "sp-2026-11-18-loop-nanny-01");
        key(robot, KeyCode.A);
        UiHarness.waitUntil(() -> label(robot, "#review-decision").getText().startsWith("Approved by joel at "));
        assertThat(label(robot, "#review-message").isVisible()).isFalse();
        UiHarness.waitUntil(() -> label(robot, "#review-diff-caption").getText()
                .equals("The change as committed (skills/loop-nanny/SKILL.md):"));
        String below = listed(robot).get(listed(robot).indexOf("sp-2026-11-18-loop-nanny-01") + 1);
        key(robot, KeyCode.J);
        UiHarness.waitUntil(() -> selected(robot).equals(below));
        UiHarness.waitUntil(() -> !listed(robot).contains("sp-2026-11-18-loop-nanny-01"));
        UiHarness.settle();
        assertEquals(below, selected(robot));
        long openRows = UiHarness.reviewQueue(robot).getItems().stream().filter(r -> !r.state().equals("invalid")).count();
        assertThat(label(robot, "#review-counts").getText()).startsWith(openRows + " open");
    }

    @Test
    void anInvalidProposalsReasonIsWholeAndNoEmptyDiffTakesTheRoom(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            ui.reviewAt(robot, size[0], size[1]);
            pick(robot, "dream-2026-11-20-06");
            UiHarness.settle();
            Label problem = label(robot, "#review-problem");
            ScrollPane box = robot.lookup("#review-problem-scroll").queryAs(ScrollPane.class);
            assertThat(problem.getText()).contains("OBSERVATION)");
            assertThat(box.getHeight()).as("the reason's box shows all its lines at %s", size[0])
                    .isGreaterThanOrEqualTo(problem.getHeight());
            assertThat(problem.getHeight()).as("more than one line").isGreaterThan(40);
            assertThat(robot.lookup("#review-diff").queryAs(Node.class).isVisible()).as("no empty diff pane").isFalse();
            assertThat(robot.lookup("#review-mode").queryAs(Node.class).isVisible()).isFalse();
            assertThat(label(robot, "#review-diff-caption").getText()).startsWith("No diff: nothing would be written");
            assertThat(label(robot, "#review-keys").getText()).isEqualTo("Keys: j / k move · f filter");
            assertThat(label(robot, "#review-closed").getText()).startsWith("Invalid — ");
            // the state stands where the buttons stand for a proposal that can be decided
            Node closed = robot.lookup("#review-closed").query();
            Node approve = robot.lookup("#review-approve").query();
            Bounds c = closed.localToScene(closed.getBoundsInLocal());
            Bounds a = approve.localToScene(approve.getBoundsInLocal());
            assertThat(Math.abs(c.getMinX() - a.getMinX())).isLessThan(1);
            assertThat(label(robot, "#review-heading").localToScene(0, 0).getY()).isGreaterThan(a.getMaxY());
        }
    }

    @Test
    void sideBySideTheEmptySideOfANewFileIsNotGreen(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1100, 700);
        pick(robot, "dream-2026-11-20-03"); // a new rule: a new file
        key(robot, KeyCode.D);
        UiHarness.waitUntil(() -> !UiHarness.reviewDiff(robot).getItems().isEmpty()
                && UiHarness.reviewDiff(robot).getItems().get(0).split());
        UiHarness.settle();
        List<Node> cells = robot.lookup("#review-diff .list-cell").queryAll().stream()
                .filter(n -> ((ListCell<?>) n).getItem() != null).toList();
        assertThat(cells).isNotEmpty().allSatisfy(cell -> assertThat(cell.getStyleClass()).doesNotContain("diff-added")
                .contains("diff-split"));
        assertThat(robot.lookup("#review-diff .diff-half-empty").queryAll()).hasSameSizeAs(cells);
        assertThat(robot.lookup("#review-diff .diff-half-new").queryAll()).hasSameSizeAs(cells);
        assertThat(robot.lookup("#review-diff .diff-half-old").queryAll()).isEmpty();
    }
}
