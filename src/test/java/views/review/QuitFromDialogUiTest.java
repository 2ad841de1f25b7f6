package views.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import services.review.ReviewService;
import testsupport.Fixtures;
import viewmodels.review.QueueRow;
import views.UiHarness;

/**
 * Walk (issue 37): Ctrl+Q did nothing inside Edit-then-approve (or a reason's dialog) while the user had typed there.
 * Now it quits as in the window, asking first when typed text would be lost: Keep typing (the default, Enter) keeps
 * the dialog and its text; Quit closes the window without approving anything.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class QuitFromDialogUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("quit-dialog-" + System.nanoTime()));
    }

    @AfterEach
    void close(FxRobot robot) {
        ui.close(robot);
    }

    @SuppressWarnings("unchecked")
    private static ListView<QueueRow> queue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    /**
     * Ctrl+Q where the focus is (the editor): sent to it, as the desktop sends keys to the modal dialog that has the
     * focus (headless Monocle would give the robot's keys to the window under it).
     */
    private static void quit(FxRobot robot, TextArea text) {
        // not waited for: the question it asks holds the FX thread until it is answered
        WaitForAsyncUtils.asyncFx(() -> text.fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.Q, false,
                true, false, false)));
    }

    @Test
    void ctrlQInTheEditorAsksBeforeTypedTextIsLostThenQuitsWithoutApproving(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && queue(robot).getSelectionModel().getSelectedItem() != null
                && queue(robot).getSelectionModel().getSelectedItem().approvable());
        String id = queue(robot).getSelectionModel().getSelectedItem().id();
        UiHarness.waitUntil(() -> !robot.lookup("#review-approve").queryAs(Button.class).isDisabled());
        robot.press(KeyCode.E).release(KeyCode.E);
        UiHarness.waitUntil(() -> robot.lookup("#review-edit-text").tryQuery().isPresent());
        TextArea text = robot.lookup("#review-edit-text").queryAs(TextArea.class);
        UiHarness.waitUntil(text::isFocused);
        String proposed = text.getText();
        robot.interact(() -> text.appendText("\nKeep it short."));
        String typed = text.getText();
        assertThat(typed).isNotEqualTo(proposed);

        quit(robot, text);
        UiHarness.waitUntil(() -> robot.lookup("#quit-from-dialog").tryQuery().isPresent());
        DialogPane ask = robot.lookup("#quit-from-dialog").queryAs(DialogPane.class);
        assertThat(ask.getButtonTypes()).extracting(ButtonType::getText).containsExactly("Quit", "Keep typing");
        assertThat(((Button) ask.lookupButton(ask.getButtonTypes().get(1))).isDefaultButton()).as("Enter keeps").isTrue();
        robot.clickOn((Button) ask.lookupButton(ask.getButtonTypes().get(1)));
        UiHarness.waitUntil(() -> robot.lookup("#quit-from-dialog").tryQuery().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#review-edit-text").tryQuery()).isPresent();
        assertThat(text.getText()).isEqualTo(typed);
        assertThat(stage.isShowing()).isTrue();

        quit(robot, text);
        UiHarness.waitUntil(() -> robot.lookup("#quit-from-dialog").tryQuery().isPresent());
        DialogPane again = robot.lookup("#quit-from-dialog").queryAs(DialogPane.class);
        robot.clickOn((Button) again.lookupButton(again.getButtonTypes().get(0)));
        UiHarness.waitUntil(() -> !stage.isShowing());
        ReviewService review = new ReviewService(Fixtures.loader().load(ui.workspace), Fixtures.CLOCK);
        assertThat(review.proposals()).filteredOn(p -> id.equals(p.id())).singleElement()
                .satisfies(p -> assertThat(p.status()).isEqualTo("pending"));
    }
}
