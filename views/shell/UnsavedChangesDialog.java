package views.shell;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import viewmodels.shell.UnsavedEdits;

/**
 * The question before leaving what is open while a form holds unsaved edits (Settings): Save saves them — and
 * stays, showing why, when a save fails —, Discard leaves without them, Cancel (or Escape) stays.
 */
final class UnsavedChangesDialog {

    private UnsavedChangesDialog() {
    }

    /** Whether the user may leave ({@code leaving}: "closing the window"); asks only when there are unsaved edits. */
    static boolean mayLeave(Window owner, UnsavedEdits edits, String leaving) {
        if (!edits.any()) {
            return true;
        }
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard", ButtonBar.ButtonData.NO);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, edits.choices(), save, discard, ButtonType.CANCEL);
        ask.initOwner(owner);
        ask.setTitle("Unsaved changes");
        ask.setHeaderText(edits.question(leaving));
        ask.getDialogPane().setId("unsaved-dialog");
        ButtonType chosen = ask.showAndWait().orElse(ButtonType.CANCEL);
        if (chosen == save) {
            return edits.saveAll();
        }
        return chosen == discard;
    }
}
