package views.components;

import java.util.function.BooleanSupplier;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Ctrl+Q in a dialog quits as it does in the window, instead of doing nothing: with text typed in the dialog (an
 * edited proposal, a reason) it asks first — Keep typing is the default —, then the dialog goes without its action
 * and the window is asked to close, which asks in turn about unsaved edits elsewhere (Settings, a note).
 */
public final class QuitFromDialog {

    private static final KeyCombination QUIT = new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN);

    private QuitFromDialog() {
    }

    /** {@code typed}: whether the dialog holds typed text that quitting would lose. */
    public static void install(Dialog<?> dialog, BooleanSupplier typed) {
        dialog.getDialogPane().addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (!QUIT.match(e)) {
                return;
            }
            e.consume();
            Window own = dialog.getDialogPane().getScene().getWindow();
            if (typed.getAsBoolean() && !mayLose(own)) {
                return;
            }
            Window owner = dialog.getOwner();
            own.hide(); // not a close request: the dialog's own "discard?" was just answered here
            if (owner != null) {
                owner.fireEvent(new WindowEvent(owner, WindowEvent.WINDOW_CLOSE_REQUEST));
            }
        });
    }

    private static boolean mayLose(Window owner) {
        ButtonType quit = new ButtonType("Quit", ButtonBar.ButtonData.OTHER);
        ButtonType keep = new ButtonType("Keep typing", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "What you typed here is not saved anywhere.", quit, keep);
        ask.initOwner(owner);
        ask.setTitle("Quit and lose what you typed?");
        ask.setHeaderText("Quit and lose what you typed?");
        ask.getDialogPane().setId("quit-from-dialog");
        ((Button) ask.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        return ask.showAndWait().filter(quit::equals).isPresent();
    }
}
