package views.note;

import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Tag;
import services.watchdog.EventKind;
import services.watchdog.EventWindow;
import services.watchdog.SpoolOtelEvents;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** An operator writes a knowledge note: a refusal shows the reason code, a complete note is written. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class NoteUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("note-" + System.nanoTime()));
    }

    private static String result(FxRobot robot) {
        return robot.lookup("#note-result").queryAs(Label.class).getText();
    }

    @Test
    void refusedThenWritten(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT8).release(KeyCode.DIGIT8, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#note-agent").tryQuery().isPresent());
        robot.clickOn("#note-summary").write("A summary, but nobody's turn.");
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
        // the two fields the form calls required: refused by name, before any event, and nothing typed is lost
        UiHarness.waitUntil(() -> result(robot).startsWith("Not written: agent is empty; so is session:")
                && result(robot).endsWith("(missing_agent)"));
        assertThat(robot.lookup("#note-summary").queryAs(TextArea.class).getText())
                .isEqualTo("A summary, but nobody's turn.");
        robot.clickOn("#note-agent").write("pi");
        robot.clickOn("#note-write");
        UiHarness.waitUntil(() -> result(robot).startsWith("Not written: session is empty"));
        robot.clickOn("#note-session").write("s-42");
        robot.interact(() -> robot.lookup("#note-summary").queryAs(TextArea.class).clear());
        robot.clickOn("#note-write");
        UiHarness.waitUntil(() -> result(robot).equals(
                "Not written: a turn note needs a summary, or a skip reason (missing_summary_without_skip_reason)"));
        robot.clickOn("#note-summary").write("Delete failed targets by exact id only.");
        robot.type(KeyCode.TAB); // to the next field, as in a form: no tab character typed
        UiHarness.waitUntil(() -> robot.lookup("#note-decision").queryAs(TextArea.class).isFocused());
        assertThat(robot.lookup("#note-summary").queryAs(TextArea.class).getText())
                .isEqualTo("Delete failed targets by exact id only.");
        robot.press(KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT);
        UiHarness.waitUntil(() -> robot.lookup("#note-summary").queryAs(TextArea.class).isFocused());
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> result(robot).startsWith("Written: turn:console:pi:internal:s-42:1"));
        // the events joined the demo's spool, where the watchdog reads them by turn id
        EventWindow w = new SpoolOtelEvents(ui.workspace.resolve("spool/otel"))
                .window(System.currentTimeMillis() - 600_000, System.currentTimeMillis() + 1);
        assertThat(w.count(EventKind.TURN_STARTED)).isEqualTo(2);
        assertThat(w.count(EventKind.TURN_FAILED)).isEqualTo(1);
        assertThat(w.turns(EventKind.TURN_COMPLETED)).containsExactly("console:pi:internal:s-42:1");
    }
}
