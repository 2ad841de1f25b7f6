package views.shell;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Add a section" (README, How the code is laid out), done: a sample section built from the workspace's services
 * comes after the shipped ones in the rail, is reached with the keyboard like them, and shows what its service says.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class AddedSectionUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("w" + System.nanoTime()), false, null, window -> window.addSection(
                "sample", "Sample", "A sample section: how many documents the index holds",
                services -> {
                    Label count = new Label("documents: " + services.index().status().documents());
                    count.setId("sample-count");
                    return count;
                }));
    }

    @AfterEach
    void close(FxRobot robot) {
        ui.close(robot);
    }

    @Test
    void theAddedSectionComesLastAndShowsWhatItsServiceSays(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected());
        // the previous section of the first is the last: the added one, after every shipped section
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-sample").queryAs(ToggleButton.class).isSelected());
        UiHarness.waitUntil(() -> robot.lookup("#sample-count").tryQueryAs(Label.class)
                .map(l -> l.getText().matches("documents: [1-9]\\d*")).orElse(false));
        // it wraps round like every section: the next one is the first
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_DOWN).release(KeyCode.PAGE_DOWN, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected());
        assertThat(robot.lookup("#nav-sample").queryAs(ToggleButton.class).getText()).contains("Sample");
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-reach").queryAs(ToggleButton.class).isSelected());
    }
}
