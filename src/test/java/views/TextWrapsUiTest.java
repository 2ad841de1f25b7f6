package views;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Long texts wrap rather than being cut, at 1100×700 and 1280×800: the knowledge note's refusal and its Write
 * button, and the F1 sheet of shortcuts (no sideways scroll).
 */
@ExtendWith(ApplicationExtension.class)
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
                javafx.scene.Parent root = sheet.getScene().getRoot();
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

    private void resize(FxRobot robot, double[] size) {
        robot.interact(() -> {
            stage.setWidth(size[0]);
            stage.setHeight(size[1]);
        });
        UiHarness.settle();
    }
}
