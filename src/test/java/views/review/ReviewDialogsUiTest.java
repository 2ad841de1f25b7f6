package views.review;

import java.util.Map;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.review.ReviewViewModel;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.review.QueueRow;

/** Review's decision dialogs name their button for the decision and keep it off until a reason is typed. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewDialogsUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("review-dialogs-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<QueueRow> queue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    private static DialogPane dialogFor(FxRobot robot, KeyCode key) {
        robot.press(key).release(key);
        UiHarness.waitUntil(() -> robot.lookup("#review-reason").tryQuery().isPresent());
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }

    @Test
    void rejectAndSendBackSayWhatTheyDo(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && queue(robot).getSelectionModel().getSelectedItem() != null);
        for (var expected : Map.of(KeyCode.R, "Reject", KeyCode.C, "Send back").entrySet()) {
            DialogPane dialog = dialogFor(robot, expected.getKey());
            assertThat(dialog.getButtonTypes()).extracting(ButtonType::getText)
                    .containsExactly(expected.getValue(), "Cancel");
            Button decide = (Button) dialog.lookupButton(dialog.getButtonTypes().get(0));
            assertThat(decide.isDisabled()).as("off until a reason is typed").isTrue();
            robot.clickOn("#review-reason").write("   ");
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(decide.isDisabled()).as("spaces are no reason: Enter closed the dialog deciding nothing").isTrue();
            robot.write("because");
            UiHarness.waitUntil(() -> !decide.isDisabled());
            robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
            UiHarness.waitUntil(() -> robot.lookup("#review-reason").tryQuery().isEmpty());
        }
        assertThat(queue(robot).getSelectionModel().getSelectedItem().state()).isNotIn("rejected", "changes requested");
    }

    /** Walk: "e" opened the edit dialog with Approve edited focused, so one Enter approved a text nobody read. */
    @Test
    void editThenApproveStartsInTheTextSoEnterNeverApproves(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && queue(robot).getSelectionModel().getSelectedItem() != null
                && queue(robot).getSelectionModel().getSelectedItem().approvable());
        UiHarness.waitUntil(() -> !robot.lookup("#review-approve").queryAs(Button.class).isDisabled());
        String id = queue(robot).getSelectionModel().getSelectedItem().id();
        robot.press(KeyCode.E).release(KeyCode.E);
        UiHarness.waitUntil(() -> robot.lookup("#review-edit-text").tryQuery().isPresent());
        TextArea text = robot.lookup("#review-edit-text").queryAs(TextArea.class);
        UiHarness.waitUntil(text::isFocused);
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#review-edit-text").tryQuery()).as("Enter wrote a new line; the dialog is open").isPresent();
        // walk 2: Escape threw the edits away unasked — now it asks, and Enter keeps editing
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        UiHarness.waitUntil(() -> robot.lookup("#review-discard-edits").tryQuery().isPresent());
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#review-discard-edits").tryQuery().isEmpty());
        assertThat(robot.lookup("#review-edit-text").tryQuery()).as("kept editing").isPresent();
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        UiHarness.waitUntil(() -> robot.lookup("#review-discard-edits").tryQuery().isPresent());
        robot.clickOn("Discard edits");
        UiHarness.waitUntil(() -> robot.lookup("#review-edit-text").tryQuery().isEmpty());
        QueueRow still = queue(robot).getItems().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
        assertThat(still.state()).isNotEqualTo("approved");
    }

    /** Walk 2: the filter was off the Tab path with no key, so Decided could not be reached from the keyboard. */
    @Test
    void theKeyFCyclesTheFilterFromTheKeyboard(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && queue(robot).getSelectionModel().getSelectedItem() != null);
        @SuppressWarnings("unchecked")
        ComboBox<ReviewViewModel.Filter> filter =
                robot.lookup("#review-filter").queryAs(ComboBox.class);
        robot.press(KeyCode.F).release(KeyCode.F).press(KeyCode.F).release(KeyCode.F);
        UiHarness.waitUntil(() -> filter.getValue() == ReviewViewModel.Filter.DECIDED);
        UiHarness.waitUntil(() -> !queue(robot).getItems().isEmpty()
                && queue(robot).getItems().stream().allMatch(r -> r.state().equals("approved")
                || r.state().equals("rejected")));
        assertThat(robot.lookup("#review-keys").queryAs(Label.class).getText()).endsWith("f filter");
    }
}
