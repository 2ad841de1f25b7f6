package views.shell;

import javafx.scene.Parent;
import javafx.scene.control.ListView;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.tasks.TaskCallbacks;

/**
 * Long texts wrap rather than being cut, at 1100×700 and 1280×800: the knowledge note's refusal and its Write
 * button, and the F1 sheet of shortcuts (no sideways scroll).
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class TextWrapsUiTest {

    private static final double[][] SIZES = {{1100, 700}, {1280, 800}};

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("wraps-" + System.nanoTime()));
    }

    @Test
    void theNoteRefusalAndTheWriteButtonAreWholeAtBothSizes(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> ui.window.shell().select("note"));
        UiHarness.waitUntil(() -> robot.lookup("#note-write").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#note-write").queryButton().fire());
        UiHarness.waitUntil(() -> robot.lookup("#note-result").queryAs(Label.class).getText()
                .startsWith("Not written: agent is empty"));
        for (double[] size : SIZES) {
            resize(robot, size);
            List<String> cut = new ArrayList<>();
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                LayoutUiTest.collect(stage.getScene().getRoot(), "note", cut);
            });
            assertThat(cut).as("knowledge note texts cut at %sx%s", (int) size[0], (int) size[1]).isEmpty();
        }
    }

    @Test
    void theShortcutSheetWrapsWithinItselfAtBothSizes(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        for (double[] size : SIZES) {
            resize(robot, size);
            robot.press(KeyCode.F1).release(KeyCode.F1);
            UiHarness.waitUntil(() -> robot.lookup("#shortcuts-sheet").tryQuery().isPresent());
            UiHarness.settle();
            Label sheet = robot.lookup("#shortcuts-sheet").queryAs(Label.class);
            List<String> problems = new ArrayList<>();
            robot.interact(() -> {
                Parent root = sheet.getScene().getRoot();
                root.applyCss();
                root.layout();
                LayoutUiTest.collect(root, "shortcuts", problems);
                for (Node n : root.lookupAll(".scroll-bar")) {
                    if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL && bar.isVisible()) {
                        problems.add("a horizontal scroll bar");
                    }
                }
                ScrollPane scroll = (ScrollPane) root.lookup("#shortcuts-scroll");
                if (scroll == null || sheet.getWidth() > scroll.getViewportBounds().getWidth() + 0.5) {
                    problems.add("the sheet is " + (int) sheet.getWidth() + " px wide in a viewport of "
                            + (scroll == null ? "?" : (int) scroll.getViewportBounds().getWidth()));
                }
            });
            assertThat(sheet.getText()).endsWith("or Ctrl+, for Settings.");
            assertThat(problems).as("the F1 sheet at %sx%s", (int) size[0], (int) size[1]).isEmpty();
            robot.type(KeyCode.ESCAPE);
            UiHarness.waitUntil(() -> robot.lookup("#shortcuts-sheet").tryQuery().isEmpty());
        }
    }

    /**
     * At 1100×700 the Knowledge summary showed "17 documents · by words and meanin…" with the problems pane open,
     * and the status bar "Embedding docum…": the summary wraps whatever the pane takes, and the task's name stays
     * whole — what it says after the name gives way, all of it in the tooltip.
     */
    @Test
    void theKnowledgeSummaryAndTheStatusBarsTaskAreWholeWithTheProblemsPaneOpenAtBothSizes(FxRobot robot)
            throws Exception {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> ui.window.shell().select("knowledge"));
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-summary").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#knowledge-semantic").queryAs(ToggleButton.class).setSelected(true));
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-summary").queryAs(Label.class).getText()
                .contains("by words and meaning"));
        robot.interact(() -> robot.lookup(".titled-pane").queryAllAs(TitledPane.class).stream()
                .filter(p -> p.getText().startsWith("Problems the last sync")).findFirst().orElseThrow()
                .setExpanded(true));
        robot.interact(() -> robot.lookup("#knowledge-results").queryAs(ListView.class)
                .getSelectionModel().select(0)); // a document in the pane beside, its provenance too
        UiHarness.settle();
        CountDownLatch release = new CountDownLatch(1);
        robot.interact(() -> ui.runner().submit("Embedding documents", progress -> {
            progress.update(0.4, "embedding the sentences of 45 of 117 documents");
            release.await();
            return null;
        }, TaskCallbacks.of(r -> { }, e -> { })));
        try {
            UiHarness.waitUntil(() -> "Embedding documents".equals(
                    robot.lookup("#status-task").queryAs(Label.class).getText()));
            for (double[] size : SIZES) {
                resize(robot, size);
                List<String> cut = new ArrayList<>();
                robot.interact(() -> {
                    stage.getScene().getRoot().applyCss();
                    stage.getScene().getRoot().layout();
                    LayoutUiTest.collect(stage.getScene().getRoot(), "knowledge", cut);
                });
                assertThat(cut).as("texts cut at %sx%s", (int) size[0], (int) size[1])
                        .noneMatch(c -> c.contains("#knowledge-summary") || c.contains("#status-task\""));
                Label summary = robot.lookup("#knowledge-summary").queryAs(Label.class);
                assertThat(summary.localToScene(summary.getBoundsInLocal()).getMaxY())
                        .as("the summary inside the window at %sx%s", (int) size[0], (int) size[1])
                        .isLessThanOrEqualTo(stage.getScene().getHeight());
                Label detail = robot.lookup("#status-task-detail").queryAs(Label.class);
                assertThat(detail.getTooltip().getText())
                        .isEqualTo("Embedding documents: embedding the sentences of 45 of 117 documents");
            }
        } finally {
            release.countDown();
        }
    }

    private void resize(FxRobot robot, double[] size) {
        robot.interact(() -> {
            stage.setWidth(size[0]);
            stage.setHeight(size[1]);
        });
        UiHarness.settle();
    }
}
