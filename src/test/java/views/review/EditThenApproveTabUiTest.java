package views.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.review.QueueRow;
import views.UiHarness;

/**
 * Walk (issue 37): in Edit-then-approve, Tab typed a tab character into the text that approving commits (and Space
 * after it a space); only Ctrl+Tab left the editor, while the README and the F1 sheet said Tab. Tab and Shift+Tab
 * now leave the editor like every other field, and never change the text.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class EditThenApproveTabUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("edit-tab-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<QueueRow> queue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    @Test
    void tabAndShiftTabLeaveTheEditorAndNeverTypeIntoTheCommittedText(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && queue(robot).getSelectionModel().getSelectedItem() != null
                && queue(robot).getSelectionModel().getSelectedItem().approvable());
        UiHarness.waitUntil(() -> !robot.lookup("#review-approve").queryAs(Button.class).isDisabled());
        robot.press(KeyCode.E).release(KeyCode.E);
        UiHarness.waitUntil(() -> robot.lookup("#review-edit-text").tryQuery().isPresent());
        TextArea text = robot.lookup("#review-edit-text").queryAs(TextArea.class);
        UiHarness.waitUntil(text::isFocused);
        String before = text.getText();

        robot.press(KeyCode.TAB).release(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text.getText()).as("no tab typed").isEqualTo(before);
        assertThat(text.isFocused()).as("Tab left the editor").isFalse();
        Node focused = text.getScene().getFocusOwner();
        assertThat(focused).isInstanceOf(Button.class);

        robot.press(KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text.isFocused()).as("Shift+Tab came back to the editor").isTrue();
        robot.press(KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text.isFocused()).as("Shift+Tab left the editor").isFalse();
        assertThat(text.getText()).doesNotContain("\t").isEqualTo(before);

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        UiHarness.waitUntil(() -> robot.lookup("#review-edit-text").tryQuery().isEmpty());
    }
}
