package views.shell;

import javafx.geometry.Bounds;
import javafx.scene.control.Cell;
import javafx.scene.control.CheckBox;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Tag;
import viewmodels.health.FindingRow;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.shell.SectionItem;
import views.components.WrappingCell;
import views.review.ReviewView;

/**
 * Every section at the smallest supported size (1100×700) and at the default (1280×800): no button, label or
 * figure shows a cut text ("Appro…"): the text a control renders is the text it holds. (A path shortened at its
 * start on purpose, like the status bar's workspace, is the one exception.)
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
public class LayoutUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("layout-" + System.nanoTime()));
    }

    @Test
    void nothingIsCutAt1100x700() {
        walk(1100, 700);
    }

    @Test
    void nothingIsCutAt1280x800() {
        walk(1280, 800);
    }

    @Test
    void facetNamesAndCountsAreWholeAndOnOneLineAtBothSizes() {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1280, 800}, {1100, 700}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
                ui.window.shell().select("knowledge");
            });
            UiHarness.settle();
            List<String> cut = new ArrayList<>();
            List<String> wrapped = new ArrayList<>();
            robot.interact(() -> {
                // the tags facet starts collapsed: open every facet so all of them are checked
                robot.lookup(".titled-pane").queryAllAs(TitledPane.class).stream()
                        .filter(p -> p.getContent() != null && p.getContent().getId() != null
                                && p.getContent().getId().startsWith("facet-"))
                        .forEach(p -> p.setExpanded(true));
            });
            UiHarness.settle();
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                var boxes = robot.lookup(n -> n instanceof CheckBox && n.getId() != null
                        && n.getId().startsWith("facet-")).queryAllAs(CheckBox.class);
                assertThat(boxes).as("facet values").hasSizeGreaterThan(10);
                for (CheckBox box : boxes) {
                    collect(box, "knowledge facets", cut);
                    boolean tag = box.getId().startsWith("facet-tags-");
                    Text text = (Text) box.lookup(".text");
                    Text probe = new Text("Xg");
                    if (text != null) {
                        probe.setFont(text.getFont());
                    }
                    double line = probe.getLayoutBounds().getHeight();
                    if (!tag && text != null && text.getLayoutBounds().getHeight() > line * 1.5) {
                        wrapped.add(box.getText());
                    }
                }
            });
            assertThat(cut).as("facet texts cut at %sx%s", (int) size[0], (int) size[1]).isEmpty();
            assertThat(wrapped).as("type, project and status facets on one line at %sx%s", (int) size[0], (int) size[1])
                    .isEmpty();
        }
    }

    /**
     * Review's detail with its longest sections (the effect on recall of a skill change, similar lessons side by
     * side): no label cut, and the diff keeps its least height below them (the detail scrolls instead).
     */
    @Test
    void reviewDetailSectionsAreWholeAndLeaveTheDiffReadableAtBothSizes() {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
                ui.window.shell().select("review");
            });
            UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                    && !UiHarness.reviewQueue(robot).getItems().isEmpty());
            for (String id : List.of("sp-2026-11-18-loop-nanny-01", "dream-2026-11-20-03")) {
                robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(id)).findFirst()
                        .ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
                UiHarness.waitUntil(30, () -> {
                    String recall = robot.lookup("#review-recall").queryAs(Label.class).getText();
                    return recall.startsWith("Effect on recall: ") && !recall.contains("computing");
                });
                if (id.startsWith("dream-")) { // the rule that repeats a lesson: the lesson is shown beside it
                    UiHarness.waitUntil(() -> robot.lookup("#review-similar").queryAs(Node.class).isVisible()
                            && robot.lookup(".review-similar-row").tryQuery().isPresent());
                }
                UiHarness.settle();
                List<String> cut = new ArrayList<>();
                double[] diffHeight = new double[1];
                robot.interact(() -> {
                    stage.getScene().getRoot().applyCss();
                    stage.getScene().getRoot().layout();
                    collect(stage.getScene().getRoot(), "review " + id, cut);
                    diffHeight[0] = robot.lookup("#review-diff").queryAs(Node.class).getLayoutBounds().getHeight();
                });
                assertThat(cut).as("review detail of %s at %sx%s", id, (int) size[0], (int) size[1]).isEmpty();
                assertThat(diffHeight[0]).as("diff height of %s at %sx%s", id, (int) size[0], (int) size[1])
                        .isGreaterThanOrEqualTo(ReviewView.DIFF_MIN_HEIGHT - 1);
            }
        }
    }

    /**
     * Review at the smallest size, a stale proposal selected: its notice is one line and the decisions (approve,
     * reject, request changes, edit) are one row, so they do not push the diff further down.
     */
    @Test
    void reviewStaleNoticeIsOneLineAndTheDecisionsOneRowAt1100x700() {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
            ui.window.shell().select("review");
        });
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && !UiHarness.reviewQueue(robot).getItems().isEmpty());
        robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream()
                .filter(r -> r.id().equals("sp-2026-11-15-typesense-recall-03")).findFirst()
                .ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
        UiHarness.waitUntil(() -> robot.lookup("#review-notice").queryAs(Node.class).isVisible());
        UiHarness.settle();
        double[] lines = new double[2];
        double[] row = new double[2];
        List<String> outside = new ArrayList<>();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            Label notice = robot.lookup("#review-notice").queryAs(Label.class);
            Text probe = new Text("Xg");
            probe.setFont(notice.getFont());
            lines[0] = notice.getHeight() - notice.snappedTopInset() - notice.snappedBottomInset();
            lines[1] = probe.getLayoutBounds().getHeight();
            row[0] = robot.lookup("#review-actions").queryAs(Region.class).getHeight();
            row[1] = robot.lookup("#review-approve").queryAs(Region.class).getHeight();
            // the detail pane (its header stays at the top; the sections below scroll in their own pane)
            Node pane = robot.lookup("#review-detail").queryAs(Node.class);
            Bounds view = pane.localToScene(pane.getLayoutBounds());
            double bottom = Math.min(view.getMaxY(), stage.getScene().getHeight());
            for (String id : List.of("#review-approve", "#review-reject", "#review-request", "#review-edit")) {
                Node b = robot.lookup(id).queryAs(Node.class);
                Bounds at = b.localToScene(b.getLayoutBounds());
                if (at.getMaxX() > view.getMaxX() + 0.5 || at.getMaxY() > bottom + 0.5
                        || at.getMinY() < view.getMinY() - 0.5) {
                    outside.add(id + " at " + at);
                }
            }
        });
        assertThat(lines[0]).as("the stale notice's height (one line is %s)", lines[1]).isLessThan(lines[1] * 1.5);
        assertThat(row[0]).as("the decisions' row (a button is %s high)", row[1]).isLessThan(row[1] * 1.5);
        assertThat(outside).as("decision buttons outside the detail pane").isEmpty();
    }

    /**
     * Health as a dashboard (issue 37: at 1280 × 800 the jobs table showed 1.5 rows, "Last run" cells were 5 lines
     * tall, evidence broke file names mid-word): findings, evidence and jobs are each readable without scrolling —
     * every row one line (the whole text in its tooltip and, for a finding, in the detail beside the evidence), all
     * four jobs in view, the jobs' columns within the pane (no sideways scroll), no label cut.
     */
    @Test
    void healthFindingsEvidenceAndJobsAreEachReadableWithoutScrollingAtBothSizes() {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
                ui.window.shell().select("health");
            });
            UiHarness.waitUntil(() -> robot.lookup("#health-run").tryQuery().map(n -> n.getScene() != null).orElse(false));
            if (robot.lookup("#health-findings").queryTableView().getItems().isEmpty()) {
                robot.interact(() -> robot.lookup("#health-run").queryButton().fire());
            }
            UiHarness.waitUntil(30, () -> robot.lookup("#health-findings").queryTableView().getItems().size() > 3);
            robot.interact(() -> robot.lookup("#health-findings").queryTableView().getSelectionModel().select(0));
            UiHarness.settle();
            List<String> clipped = new ArrayList<>();
            List<String> tall = new ArrayList<>();
            double[] widths = new double[2];
            double[] jobRows = new double[2];
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                collect(stage.getScene().getRoot(), "health", clipped);
                for (String table : List.of("#health-findings", "#health-jobs")) {
                    robot.lookup(table).queryAs(Node.class).lookupAll(".table-row-cell").forEach(n -> {
                        var r = (TableRow<?>) n;
                        if (r.isVisible() && r.getItem() != null && r.getHeight() > 44) {
                            tall.add(table + ": a row " + r.getHeight() + " px tall");
                        }
                    });
                }
                TableView<?> jobs = robot.lookup("#health-jobs").queryTableView();
                widths[0] = jobs.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
                widths[1] = jobs.getWidth() - jobs.snappedLeftInset() - jobs.snappedRightInset();
                jobRows[0] = jobs.getItems().size();
                jobRows[1] = jobs.lookupAll(".table-row-cell").stream().filter(n -> n.isVisible()
                        && ((TableRow<?>) n).getItem() != null
                        && n.localToScene(n.getBoundsInLocal()).getMaxY() <= jobs.localToScene(jobs.getBoundsInLocal()).getMaxY() + 1)
                        .count();
            });
            assertThat(tall).as("one line a row at %sx%s", (int) size[0], (int) size[1]).isEmpty();
            assertThat(clipped).as("health labels cut at %sx%s", (int) size[0], (int) size[1]).isEmpty();
            assertThat(robot.lookup("#health-finding-detail").queryAs(Label.class).getText())
                    .as("the selected finding whole beside its evidence")
                    .isEqualTo(robot.lookup("#health-findings").queryTableView().getItems().get(0) instanceof
                            FindingRow f ? f.message() : "");
            assertThat(jobRows[1]).as("every job in view at %sx%s", (int) size[0], (int) size[1]).isEqualTo(jobRows[0]);
            assertThat(widths[0]).as("jobs' columns within the table at %sx%s", (int) size[0], (int) size[1])
                    .isLessThanOrEqualTo(widths[1] + 1);
        }
    }


    private void walk(double width, double height) {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
        });
        List<String> cut = new ArrayList<>();
        List<String> overflowing = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        robot.interact(() -> ui.window.shell().sections().stream().map(SectionItem::id).forEach(ids::add));
        for (String id : ids) {
            robot.interact(() -> ui.window.shell().select(id));
            UiHarness.settle();
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                collect(stage.getScene().getRoot(), id, cut);
                shortCells(stage.getScene().getRoot(), id, cut);
                // the menu bar and the status bar stay inside the window: a taller section scrolls instead
                for (Node bar : stage.getScene().getRoot().lookupAll(".status-bar, .menu-bar")) {
                    Bounds b = bar.localToScene(bar.getLayoutBounds());
                    if (b.getMinY() < -0.5 || b.getMaxY() > stage.getScene().getHeight() + 0.5) {
                        overflowing.add(id + ": " + bar.getStyleClass() + " at " + (int) b.getMinY() + "–" + (int) b.getMaxY()
                                + " of " + (int) stage.getScene().getHeight());
                    }
                }
            });
        }
        assertThat(cut).as("texts cut at %sx%s", (int) width, (int) height).isEmpty();
        assertThat(overflowing).as("sections taller than the window at %sx%s", (int) width, (int) height).isEmpty();
    }


    /**
     * Every shown Labeled whose rendered text differs from its own (an ellipsis stands in for the rest): buttons,
     * check boxes, labels, column headers. The rows of lists and tables are not checked: a long row may be cut,
     * and the detail beside it shows it whole.
     */
    public static void collect(Node node, String section, List<String> cut) {
        if (!node.isVisible() || node instanceof Cell<?>) {
            return;
        }
        if (node instanceof Labeled labeled && labeled.getText() != null && !labeled.getText().isEmpty()
                && labeled.getSkin() != null
                && labeled.getTextOverrun() != OverrunStyle.LEADING_ELLIPSIS) { // a path keeps its end
            Node text = labeled.lookup(".text");
            if (text instanceof Text rendered && rendered.getParent() == labeled.getSkin().getNode()
                    || text instanceof Text && isOwnText(labeled, (Text) text)) {
                String shown = ((Text) text).getText();
                String own = labeled.getText();
                if (!shown.equals(own) && !own.replace("_", "").equals(shown)) {
                    cut.add(section + ": " + labeled.getClass().getSimpleName()
                            + (labeled.getId() == null ? "" : "#" + labeled.getId()) + " shows \"" + shown
                            + "\" of \"" + own + "\"");
                }
            }
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, section, cut);
            }
        }
    }

    /** A short text of a table cell — an id, a time, a state, a count — is shown whole; a long title may be cut. */
    static final int SHORT_CELL = 24;

    /** Every visible table cell whose whole text is at most {@value #SHORT_CELL} characters and shows less. */
    static void shortCells(Node root, String section, List<String> cut) {
        for (Node n : root.lookupAll(".table-cell")) {
            if (n instanceof IndexedCell<?> cell && cell.isVisible() && cell.getText() != null
                    && !cell.getText().isEmpty() && cell.getText().length() <= SHORT_CELL
                    && cell.lookup(".text") instanceof Text rendered && !rendered.getText().equals(cell.getText())) {
                cut.add(section + ": table cell shows \"" + rendered.getText() + "\" of \"" + cell.getText() + "\"");
            }
        }
    }

    private static boolean isOwnText(Labeled labeled, Text text) {
        return text.getParent() == labeled;
    }
}
