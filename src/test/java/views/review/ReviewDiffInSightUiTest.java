package views.review;

import java.util.ArrayList;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.review.DiffLine;
import viewmodels.review.QueueRow;

/**
 * Review at the smallest supported size (1100×700) and at the default (1280×800): for the proposals with the
 * tallest sections above the diff — the stale skill change with its effect on recall and a similar lesson, and the
 * rule that repeats a lesson — the decisions and at least three rows of the diff lie inside the window, above the
 * status bar, with nothing scrolled. Showing the stories (s) keeps the diff in sight; j / k / d keep working after
 * a click into the sections or the diff.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewDiffInSightUiTest {

    private static final String STALE = "sp-2026-11-15-typesense-recall-03";
    private static final String REPEATS = "dream-2026-11-20-03";

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // the demo's own time: the skill change's effect on recall holds stories (the tallest case)
        ui = new UiHarness(stage, tmp.resolve("diff-in-sight-" + System.nanoTime()), false, null, window -> { },
                UiHarness.demoTime());
    }



    /** Whether the diff shows side by side (a "skip" line is one row in both modes). */
    private static boolean sideBySide(FxRobot robot) {
        return UiHarness.reviewDiff(robot).getItems().stream().anyMatch(DiffLine::split);
    }

    private static String selected(FxRobot robot) {
        QueueRow row = UiHarness.reviewQueue(robot).getSelectionModel().getSelectedItem();
        return row == null ? "" : row.id();
    }

    /**
     * The diff rows (cells holding a line) wholly inside what the user sees: the window's scene above the status
     * bar, and the diff's own viewport (its virtual flow clips the rest).
     */
    static int diffRowsInSight(FxRobot robot) {
        int[] rows = new int[1];
        robot.interact(() -> {
            Node diff = robot.lookup("#review-diff").queryAs(Node.class);
            var scene = diff.getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            double bottom = scene.getHeight();
            for (Node bar : scene.getRoot().lookupAll(".status-bar")) {
                if (bar.isVisible()) {
                    bottom = Math.min(bottom, bar.localToScene(bar.getLayoutBounds()).getMinY());
                }
            }
            Node flow = diff.lookup(".virtual-flow");
            Bounds view = flow.localToScene(flow.getLayoutBounds());
            double top = Math.max(0, view.getMinY());
            bottom = Math.min(bottom, view.getMaxY());
            double right = Math.min(scene.getWidth(), view.getMaxX());
            for (Node n : diff.lookupAll(".list-cell")) {
                if (n instanceof ListCell<?> cell && cell.isVisible() && !cell.isEmpty() && cell.getItem() != null) {
                    Bounds at = cell.localToScene(cell.getLayoutBounds());
                    if (at.getMinY() >= top - 0.5 && at.getMaxY() <= bottom + 0.5 && at.getMinX() >= -0.5
                            && at.getMinX() < right) {
                        rows[0]++;
                    }
                }
            }
        });
        return rows[0];
    }

    /** The decision buttons wholly inside the window's scene, above the status bar. */
    private static List<String> decisionsOutside(FxRobot robot) {
        List<String> outside = new ArrayList<>();
        robot.interact(() -> {
            var scene = robot.lookup("#review-diff").queryAs(Node.class).getScene();
            Node status = scene.getRoot().lookup(".status-bar");
            double bottom = status == null ? scene.getHeight() : status.localToScene(status.getLayoutBounds()).getMinY();
            for (String id : List.of("#review-approve", "#review-reject", "#review-request", "#review-edit")) {
                Node b = robot.lookup(id).queryAs(Node.class);
                Bounds at = b.localToScene(b.getLayoutBounds());
                if (at.getMinY() < -0.5 || at.getMaxY() > bottom + 0.5 || at.getMaxX() > scene.getWidth() + 0.5) {
                    outside.add(id + " at " + at);
                }
            }
        });
        return outside;
    }

    private void show(FxRobot robot, String id) {
        robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(id)).findFirst()
                .ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
        UiHarness.waitUntil(() -> selected(robot).equals(id));
        UiHarness.waitUntil(30, () -> {
            String recall = robot.lookup("#review-recall").queryAs(Label.class).getText();
            return recall.startsWith("Effect on recall: ") && !recall.contains("computing");
        });
        // both show an existing lesson like them, side by side: the tallest card above the diff
        UiHarness.waitUntil(30, () -> robot.lookup("#review-similar").queryAs(Node.class).isVisible()
                && robot.lookup(".review-similar-row").tryQuery().isPresent());
        UiHarness.waitUntil(() -> UiHarness.reviewDiff(robot).getItems().size() >= 3);
        UiHarness.settle();
    }

    @Test
    void theDiffIsInSightAtBothSizesWhateverTheSectionsAboveHold(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            String at = (int) size[0] + "x" + (int) size[1];
            ui.reviewAt(robot, size[0], size[1]);
            for (String id : List.of(STALE, REPEATS)) {
                show(robot, id);
                assertThat(diffRowsInSight(robot)).as("diff rows of %s in sight at %s", id, at)
                        .isGreaterThanOrEqualTo(3);
                assertThat(decisionsOutside(robot)).as("decisions of %s outside the window at %s", id, at).isEmpty();
            }

            // the stories shown (s): the sections above hold more, the diff stays in sight
            show(robot, STALE);
            UiHarness.waitUntil(() -> robot.lookup("#review-recall-toggle").queryAs(Node.class).isVisible());
            robot.interact(() -> UiHarness.reviewQueue(robot).requestFocus());
            robot.type(KeyCode.S);
            UiHarness.waitUntil(() -> robot.lookup("#review-recall-stories").queryAs(Node.class).isVisible());
            UiHarness.settle();
            assertThat(diffRowsInSight(robot)).as("diff rows with the stories shown at %s", at)
                    .isGreaterThanOrEqualTo(3);
            // the sections' pane scrolled to the stories: their first line is in its viewport
            double[] storiesAt = new double[3];
            robot.interact(() -> {
                Node viewport = robot.lookup("#review-detail-scroll").queryAs(Node.class).lookup(".viewport");
                Node lines = robot.lookup("#review-recall-stories").queryAs(Node.class);
                Bounds view = viewport.localToScene(viewport.getLayoutBounds());
                Bounds them = lines.localToScene(lines.getLayoutBounds());
                storiesAt[0] = them.getMinY();
                storiesAt[1] = view.getMinY();
                storiesAt[2] = view.getMaxY();
            });
            assertThat(storiesAt[0]).as("the stories' top within the sections' viewport %s–%s at %s", storiesAt[1],
                    storiesAt[2], at).isBetween(storiesAt[1] - 0.5, storiesAt[2] - 16);
            robot.type(KeyCode.S);
            UiHarness.waitUntil(() -> !robot.lookup("#review-recall-stories").queryAs(Node.class).isVisible());
        }
        ui.close(robot);
    }

    @Test
    void keysKeepWorkingAfterAClickIntoTheSectionsOrTheDiff(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1100, 700);
        show(robot, STALE);
        List<String> ids = UiHarness.reviewQueue(robot).getItems().stream().map(QueueRow::id).toList();
        String next = ids.get(ids.indexOf(STALE) + 1);

        // a click into the sections' scroll pane, then j moves on and k comes back
        robot.clickOn("#review-detail-scroll");
        robot.type(KeyCode.J);
        UiHarness.waitUntil(() -> selected(robot).equals(next));
        robot.type(KeyCode.K);
        UiHarness.waitUntil(() -> selected(robot).equals(STALE));

        // a click into the diff, then d switches unified / side by side
        UiHarness.waitUntil(() -> !UiHarness.reviewDiff(robot).getItems().isEmpty());
        boolean split = sideBySide(robot);
        robot.clickOn("#review-diff");
        robot.type(KeyCode.D);
        UiHarness.waitUntil(() -> !UiHarness.reviewDiff(robot).getItems().isEmpty() && sideBySide(robot) != split);
        robot.type(KeyCode.D);
        UiHarness.waitUntil(() -> !UiHarness.reviewDiff(robot).getItems().isEmpty() && sideBySide(robot) == split);

        // a drag on the divider, then j still moves on
        Node divider = robot.lookup("#review-detail-split").queryAs(Node.class).lookup(".split-pane-divider");
        robot.drag(divider).dropBy(0, -20);
        robot.type(KeyCode.J);
        UiHarness.waitUntil(() -> selected(robot).equals(next));
        ui.close(robot);
    }

    @Test
    void aBlockedProposalsReasonKeepsItsFirstLinesAt1100x700(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1100, 700);
        String blocked = "dream-2026-11-20-04"; // its target escapes the repository: the reason is all there is to read
        robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(blocked)).findFirst()
                .ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
        UiHarness.waitUntil(() -> selected(robot).equals(blocked));
        Label problem = robot.lookup("#review-problem").queryAs(Label.class);
        UiHarness.waitUntil(() -> problem.getText().contains("../../etc/passwd"));
        UiHarness.settle();
        double[] heights = new double[2];
        robot.interact(() -> {
            heights[0] = robot.lookup("#review-problem-scroll").queryAs(Node.class).getLayoutBounds().getHeight();
            heights[1] = problem.getHeight();
        });
        assertThat(heights[0]).as("the reason's pane (its text %s px)", heights[1])
                .isGreaterThanOrEqualTo(Math.min(heights[1], ReviewView.HEADER_NOTE_MIN_HEIGHT) - 1);
        assertThat(decisionsOutside(robot)).isEmpty();
        ui.close(robot);
    }

    @Test
    void theStoriesStartCollapsedAndTabAndSpaceShowThem(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1100, 700);
        show(robot, STALE);
        Hyperlink toggle = robot.lookup("#review-recall-toggle").queryAs(Hyperlink.class);
        Node stories = robot.lookup("#review-recall-stories").queryAs(Node.class);
        UiHarness.waitUntil(30, () -> robot.lookup("#review-recall").queryAs(Label.class).getText()
                .startsWith("Effect on recall: skill:typesense-recall: ") && toggle.isVisible());
        assertThat(toggle.getText()).matches("Show the \\d+ stories");
        String said = toggle.getText().replaceAll("\\D", "");
        assertThat(stories.isVisible()).as("the story lines, collapsed").isFalse();
        assertThat(robot.lookup("#review-recall").queryAs(Label.class).getText()).doesNotContain("\n");

        // Tab reaches the link from the queue; Space on it shows the stories
        robot.interact(() -> UiHarness.reviewQueue(robot).requestFocus());
        for (int i = 0; i < 6 && !toggle.isFocused(); i++) {
            robot.type(KeyCode.TAB);
        }
        assertThat(toggle.isFocused()).as("the link reached by Tab").isTrue();
        robot.type(KeyCode.SPACE);
        UiHarness.waitUntil(stories::isVisible);
        assertThat(toggle.getText()).isEqualTo("Hide the stories");
        List<String> lines = robot.lookup(".review-recall-story").queryAllAs(Label.class).stream()
                .map(Label::getText).toList();
        assertThat(lines).allMatch(l -> l.startsWith("loop-"));
        assertThat(lines).anyMatch(l -> l.matches(".* · (implementor, )?lean: .*"));
        // as many lines as the link said stories: each story's budgets are on its one line
        assertThat(lines).as("the lines opened by 'Show the %s stories'", said).hasSize(Integer.parseInt(said));
        ui.close(robot);
    }


}
