package views.reach;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableRow;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.reach.ReachViewModel;
import views.UiHarness;
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
import views.components.WrappingCell;

/** An operator opens Knowledge reach, widens the window and runs it; the lists fill in and lessons get states. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReachUiTest {

    @TempDir
    static Path tmp;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // the window's clock runs from the day the demo is written for: "the last 30 days" hold its stories whatever
        // today's date (on the system clock they fell out of the window on 2026-11-27 and the test failed)
        new UiHarness(stage, tmp.resolve("reach-" + System.nanoTime()), false, null, window -> { }, UiHarness.demoTime());
    }

    @Test
    void runningReachFillsTheListsAndTheLessons(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        robot.clickOn("#nav-reach");
        UiHarness.waitUntil(() -> robot.lookup("#reach-days").tryQuery().isPresent());
        TextField days = robot.lookup("#reach-days").queryAs(TextField.class);
        robot.doubleClickOn(days).eraseText(4).write("30");
        robot.clickOn("#reach-run");
        UiHarness.waitUntil(() -> robot.lookup("#reach-summary").queryAs(Label.class).getText().contains("stories in 30 days"));
        @SuppressWarnings("unchecked")
        TableView<ReachViewModel.Row> most = robot.lookup("#reach-most").queryAs(TableView.class);
        assertThat(most.getItems()).isNotEmpty();
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        stateAndTypeAreWholeWords(robot);
        everyLineOfATitleShows(robot);
        robot.clickOn("Never reached");
        @SuppressWarnings("unchecked")
        TableView<ReachViewModel.Row> never = robot.lookup("#reach-never").queryAs(TableView.class);
        assertThat(never.getItems()).anyMatch(r -> r.figures().startsWith("type excluded"));
        robot.clickOn("Lessons");
        @SuppressWarnings("unchecked")
        TableView<ReachViewModel.Row> lessons = robot.lookup("#reach-lessons").queryAs(TableView.class);
        assertThat(lessons.getItems()).isNotEmpty().allMatch(r -> !r.state().isEmpty());
        // the state filter is never blank: "Any state" until another is chosen
        @SuppressWarnings("unchecked")
        ComboBox<String> state = robot.lookup("#reach-state").queryAs(ComboBox.class);
        assertThat(state.getValue()).as("state filter of %s", state.getItems()).isEqualTo("Any state");
        robot.interact(() -> state.applyCss());
        assertThat(state.lookupAll(".text")).as("what the state filter shows")
                .anyMatch(t -> t instanceof Text text && "Any state".equals(text.getText()));
    }

    /**
     * A long title wraps to every one of its lines: no row is shorter than its title's text (a lesson's title was cut
     * after three lines with no ellipsis at 1100 px).
     */
    private void everyLineOfATitleShows(FxRobot robot) {
        List<String> cut = new ArrayList<>();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            for (Node n : robot.lookup("#reach-most").queryAs(Node.class).lookupAll(".wrapping-cell")) {
                var cell = (WrappingCell<?>) n;
                if (!cell.isVisible() || cell.shown().isEmpty() || !(cell.getGraphic() instanceof Text t)) {
                    continue;
                }
                double room = cell.getHeight() - cell.snappedTopInset() - cell.snappedBottomInset();
                if (t.getLayoutBounds().getHeight() > room + 1) {
                    cut.add(cell.shown() + " (" + t.getLayoutBounds().getHeight() + " px of text in " + room + ")");
                }
            }
            // and no row is drawn over the one above it (the list placed rows by heights it had measured before)
            List<TableRow<?>> rows = new ArrayList<>();
            for (Node n : robot.lookup("#reach-most").queryAs(Node.class).lookupAll(".table-row-cell")) {
                if (n instanceof TableRow<?> r && r.isVisible() && !r.isEmpty()) {
                    rows.add(r);
                }
            }
            rows.sort(Comparator.comparingDouble(r -> r.localToScene(0, 0).getY()));
            for (int i = 0; i + 1 < rows.size(); i++) {
                double end = rows.get(i).localToScene(rows.get(i).getLayoutBounds()).getMaxY();
                double next = rows.get(i + 1).localToScene(0, 0).getY();
                if (end > next + 0.5) {
                    cut.add(((ReachViewModel.Row) rows.get(i).getItem()).title() + " (row ends at " + end
                            + ", the next starts at " + next + ")");
                }
            }
        });
        assertThat(cut).as("cells shorter than their text at 1100 px").isEmpty();
    }

    /** At the smallest size the one-word State and Type cells ("established", "failed_target") are one line each. */
    private void stateAndTypeAreWholeWords(FxRobot robot) {
        List<String> broken = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            for (Node n : robot.lookup("#reach-most").queryAs(Node.class).lookupAll(".wrapping-cell")) {
                var cell = (WrappingCell<?>) n;
                String column = cell.getTableColumn() == null ? "" : cell.getTableColumn().getText();
                if (!cell.isVisible() || cell.shown().isEmpty() || !(column.equals("State") || column.equals("Type"))) {
                    continue;
                }
                checked.add(cell.shown());
                Text text = (Text) cell.getGraphic();
                Text probe = new Text("Xg");
                probe.setFont(text.getFont());
                if (text.getLayoutBounds().getHeight() > probe.getLayoutBounds().getHeight() * 1.5) {
                    broken.add(column + ": " + cell.shown());
                }
            }
            // a lesson's State is a badge (a label): its word whole, on one line
            for (Node n : robot.lookup("#reach-most").queryAs(Node.class).lookupAll(".lesson-badge")) {
                var badge = (Label) n;
                if (!badge.isVisible()) {
                    continue;
                }
                checked.add(badge.getText());
                Node rendered = badge.lookup(".text");
                Text probe = new Text("Xg");
                probe.setFont(badge.getFont());
                if (!(rendered instanceof Text t) || !t.getText().equals(badge.getText())
                        || t.getLayoutBounds().getHeight() > probe.getLayoutBounds().getHeight() * 1.5) {
                    broken.add("State: " + badge.getText());
                }
            }
        });
        // a lesson's state badge (which states show depends on the demo's dates; "established" is the longest word)
        // and the longest type shown
        assertThat(checked).as("State / Type cells shown").contains("failed_target")
                .containsAnyOf("candidate", "established", "proven");
        assertThat(broken).as("State / Type cells broken over lines at 1100 px").isEmpty();
    }
}
