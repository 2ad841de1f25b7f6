package views.review;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
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
 * Review's detail at 1100×700 and 1280×800: a diff row is one text line high (a wrapped line grows to its lines);
 * the divider between the sections and the diff stays where the reviewer dragged it, from proposal to proposal and
 * after another section; a conflict's caption stays below the divider.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewDetailLayoutUiTest {

    static final String STALE = "sp-2026-11-15-typesense-recall-03";
    static final String REPEATS = "dream-2026-11-20-03";
    static final String SOUL = "dream-2026-11-20-02";
    static final String CONFLICT = "sp-2026-11-14-gateway-ops-04";

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("detail-layout-" + System.nanoTime()), false, null, window -> { },
                UiHarness.demoTime());
    }



    @Test
    void aDiffRowIsOneTextLineHighAtBothSizes(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            String at = (int) size[0] + "x" + (int) size[1];
            ui.reviewAt(robot, size[0], size[1]);
            for (String id : List.of(STALE, SOUL)) {
                show(robot, id);
                List<String> tall = new ArrayList<>();
                int[] oneLine = new int[1];
                double[] line = new double[1];
                robot.interact(() -> {
                    var root = stage.getScene().getRoot();
                    root.applyCss();
                    root.layout();
                    Label number = (Label) UiHarness.reviewDiff(robot).lookup(".diff-number");
                    Text probe = new Text("Xg");
                    probe.setFont(number.getFont());
                    line[0] = probe.getLayoutBounds().getHeight();
                    for (Node n : UiHarness.reviewDiff(robot).lookupAll(".list-cell")) {
                        if (n instanceof ListCell<?> cell && cell.isVisible() && !cell.isEmpty() && cell.getItem() != null) {
                            boolean wrapped = flows(cell).stream().anyMatch(f -> f.prefHeight(f.getWidth()) > line[0] * 1.5);
                            if (!wrapped) {
                                oneLine[0]++;
                                if (cell.getHeight() > line[0] + 6) {
                                    tall.add(cell.getItem() + ": " + cell.getHeight() + " px");
                                }
                            }
                        }
                    }
                });
                assertThat(oneLine[0]).as("one-line rows of %s at %s", id, at).isGreaterThanOrEqualTo(3);
                assertThat(tall).as("rows of %s taller than a text line (%s px) at %s", id, line[0], at).isEmpty();
            }
        }
        ui.close(robot);
    }

    @Test
    void theDividerStaysWhereTheReviewerLeftItAcrossProposalsAndSections(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1100, 700);
        show(robot, STALE);
        SplitPane split = robot.lookup("#review-detail-split").queryAs(SplitPane.class);
        double first = split.getDividerPositions()[0];
        robot.drag(split.lookup(".split-pane-divider")).dropBy(0, -60);
        UiHarness.settle();
        double dragged = split.getDividerPositions()[0];
        double y = dividerY(robot, split);
        assertThat(dragged).as("dragged up from %s", first).isLessThan(first - 0.05);

        show(robot, REPEATS); // another proposal (its sections are taller than the share dragged to)
        assertThat(split.getDividerPositions()[0]).as("the divider on the next proposal").isCloseTo(dragged, within(0.02));
        robot.interact(() -> ui.window.shell().select("overview"));
        UiHarness.settle();
        robot.interact(() -> ui.window.shell().select("review"));
        UiHarness.settle();
        assertThat(split.getDividerPositions()[0]).as("the divider after Overview and back").isCloseTo(dragged, within(0.02));
        show(robot, STALE);
        assertThat(dividerY(robot, split)).as("the divider back on the first proposal").isCloseTo(y, within(2.0));
        ui.close(robot);
    }

    /** The conflict's diff: its change as written, under a caption wholly below the divider, at both sizes. */
    @Test
    void aConflictsCaptionAndChangeAreInSightBelowTheDivider(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            String at = (int) size[0] + "x" + (int) size[1];
            ui.reviewAt(robot, size[0], size[1]);
            robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(CONFLICT)).findFirst()
                    .ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
            Label caption = robot.lookup("#review-diff-caption").queryAs(Label.class);
            UiHarness.waitUntil(() -> caption.getText().startsWith("Conflict: ") && !UiHarness.reviewDiff(robot).getItems().isEmpty());
            UiHarness.settle();
            assertThat(UiHarness.reviewDiff(robot).getItems()).as("the proposal's own change at %s", at)
                    .anyMatch(l -> l.kind().equals("added")).anyMatch(l -> l.kind().equals("removed"));
            double[] bounds = new double[3];
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                Node divider = robot.lookup("#review-detail-split").queryAs(Node.class).lookup(".split-pane-divider");
                bounds[0] = divider.localToScene(divider.getLayoutBounds()).getMaxY();
                bounds[1] = caption.localToScene(caption.getLayoutBounds()).getMinY();
                bounds[2] = caption.getHeight() - caption.prefHeight(caption.getWidth());
            });
            assertThat(bounds[1]).as("the caption's top below the divider (%s) at %s", bounds[0], at)
                    .isGreaterThanOrEqualTo(bounds[0] - 0.5);
            assertThat(bounds[2]).as("the caption's height short of its wrapped lines at %s", at)
                    .isGreaterThanOrEqualTo(-0.5);
            assertThat(robot.lookup("#review-problem").queryAs(Label.class).getText()).as("still a conflict")
                    .contains("conflicts with it");
        }
        ui.close(robot);
    }

    private static double dividerY(FxRobot robot, SplitPane split) {
        double[] y = new double[1];
        robot.interact(() -> {
            Node divider = split.lookup(".split-pane-divider");
            y[0] = divider.localToScene(divider.getLayoutBounds()).getMinY();
        });
        return y[0];
    }

    private static List<TextFlow> flows(Node node) {
        List<TextFlow> out = new ArrayList<>();
        if (node instanceof TextFlow flow) {
            out.add(flow);
        } else if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> out.addAll(flows(child)));
        }
        return out;
    }

    /** Selects the proposal and waits for its diff and its sections (effect on recall, similar lessons). */
    private void show(FxRobot robot, String id) {
        robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(id)).findFirst()
                .ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
        UiHarness.waitUntil(() -> {
            QueueRow row = UiHarness.reviewQueue(robot).getSelectionModel().getSelectedItem();
            return row != null && row.id().equals(id);
        });
        UiHarness.waitUntil(30, () -> {
            String recall = robot.lookup("#review-recall").queryAs(Label.class).getText();
            return recall.startsWith("Effect on recall: ") && !recall.contains("computing");
        });
        UiHarness.waitUntil(30, () -> !robot.lookup("#review-similar-status").queryAs(Label.class).getText()
                .startsWith("Looking"));
        UiHarness.waitUntil(() -> UiHarness.reviewDiff(robot).getItems().size() >= 3);
        UiHarness.settle();
    }


}
