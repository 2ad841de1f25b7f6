package views.review;

import javafx.scene.control.ComboBox;
import org.junit.jupiter.api.Tag;
import viewmodels.review.ReviewViewModel;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.review.QueueRow;

/**
 * Joel moves through the queue with the mouse on Approve: the decision buttons sit at the same place for every
 * proposal, however many lines its heading and details wrap to (a click meant for "Request changes…" landed beside it
 * when they moved by a line); a decided or invalid proposal says its state at that place instead, so its heading does
 * not move either; and every proposal's id is whole in the list at 1100×700, where two ids differ only at their ends.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewSteadyUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("steady-" + System.nanoTime()));
    }

    @Test
    void theDecisionButtonsStayPutAndTheIdsAreWhole(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            ui.reviewAt(robot, size[0], size[1]);
            List<QueueRow> rows = new ArrayList<>(UiHarness.reviewQueue(robot).getItems());
            Set<String> places = new LinkedHashSet<>();
            Set<Long> headings = new LinkedHashSet<>();
            robot.interact(() -> robot.lookup("#review-filter").queryAs(ComboBox.class)
                    .getSelectionModel().select(ReviewViewModel.Filter.ALL));
            UiHarness.waitUntil(() -> UiHarness.reviewQueue(robot).getItems().size() > 10);
            rows.clear();
            rows.addAll(UiHarness.reviewQueue(robot).getItems());
            for (QueueRow row : rows) {
                robot.interact(() -> UiHarness.reviewQueue(robot).getSelectionModel().select(row));
                UiHarness.waitUntil(() -> robot.lookup("#review-heading").queryAs(Label.class).getText()
                        .startsWith(row.id()));
                UiHarness.settle();
                // a decided or invalid proposal says its state there instead, in the same height: the heading stays too
                Node heading = robot.lookup("#review-heading").query();
                headings.add(Math.round(heading.localToScene(heading.getBoundsInLocal()).getMinY()));
                boolean closed = robot.lookup("#review-closed").query().isVisible();
                assertThat(closed).as("%s: its state instead of the buttons", row.id())
                        .isEqualTo(row.state().equals("invalid") || !row.status().matches("pending|changes_requested"));
                assertThat(robot.lookup("#review-actions").query().isVisible()).isEqualTo(!closed);
                for (String button : List.of("#review-approve", "#review-reject", "#review-request", "#review-edit")) {
                    Node n = robot.lookup(button).query();
                    Bounds b = n.localToScene(n.getBoundsInLocal());
                    places.add(button + " " + Math.round(b.getMinX()) + "," + Math.round(b.getMinY()));
                }
            }
            assertThat(places).as("each button at one place for %d proposals at %sx%s", rows.size(), size[0], size[1])
                    .hasSize(4);
            assertThat(headings).as("the heading at one place, decided, invalid or open").hasSize(1);
            robot.interact(() -> robot.lookup("#review-filter").queryAs(ComboBox.class)
                    .getSelectionModel().select(ReviewViewModel.Filter.OPEN));
            UiHarness.waitUntil(() -> UiHarness.reviewQueue(robot).getItems().size() < 11);
            rows.clear();
            rows.addAll(UiHarness.reviewQueue(robot).getItems());
            if (size[0] == 1100) {
                List<String> cut = new ArrayList<>();
                List<String> ids = new ArrayList<>();
                robot.interact(() -> robot.lookup("#review-queue .label").queryAllAs(Label.class).stream()
                        .filter(l -> l.getStyleClass().contains("text-bold") && l.getText() != null && l.isVisible())
                        .filter(l -> rows.stream().anyMatch(r -> r.id().equals(l.getText()))).forEach(l -> {
                            ids.add(l.getText());
                            if (l.getWidth() + 0.5 < l.prefWidth(-1)) {
                                cut.add(l.getText());
                            }
                        }));
                assertThat(ids).as("the ids shown in the list").hasSizeGreaterThanOrEqualTo(8);
                // the one long enough to be cut at 1100 keeps both ends ("sp-2026-11-15-t…sense-recall-03")
                assertThat(cut).as("ids cut in the list at 1100×700").allMatch(id -> id.length() > 30);
            }
        }
    }
}
