package views.review;

import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputDialog;
import viewmodels.review.ReviewViewModel;

/**
 * The Review screen's dialogs: edit then approve (asking before edits are thrown away), and the reason a reject or
 * a request for changes is recorded with.
 */
final class ReviewDialogs {

    private final ReviewViewModel vm;
    private final Node root;

    ReviewDialogs(ReviewViewModel vm, Node root) {
        this.vm = vm;
        this.root = root;
    }

    void edit() {
        if (!vm.detail().approvableProperty().get()) {
            return;
        }
        Dialog<String> dialog = new Dialog<>();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle("Edit, then approve " + vm.selectedIdProperty().get());
        dialog.setHeaderText(vm.detail().headingProperty().get()
                + "\nThe text that approving commits. Edits are recorded (Edited-By).");
        TextArea text = new TextArea(vm.detail().proposedText());
        text.setId("review-edit-text");
        text.setPrefSize(760, 460);
        text.getStyleClass().add("review-edit-text");
        dialog.getDialogPane().setContent(text);
        // not the dialog's default button, which takes the focus when it opens: the text is what this dialog is for,
        // and Enter there starts a new line — it never approves a text nobody read
        ButtonType approve = new ButtonType("Approve edited", ButtonBar.ButtonData.OTHER);
        dialog.getDialogPane().getButtonTypes().addAll(approve, ButtonType.CANCEL);
        dialog.setResultConverter(b -> b == approve ? text.getText() : null);
        dialog.setOnShown(e -> text.requestFocus());
        String proposed = text.getText();
        dialog.setOnCloseRequest(e -> { // Escape or Cancel after editing: the edits are not thrown away unasked
            if (dialog.getResult() == null && !text.getText().equals(proposed) && !discardEdits(dialog)) {
                e.consume();
            }
        });
        dialog.showAndWait().ifPresent(vm::approveEdited);
    }

    /** Asks before edits are thrown away; Keep editing is the default, so Enter keeps them. */
    private static boolean discardEdits(Dialog<String> owner) {
        ButtonType discard = new ButtonType("Discard edits", ButtonBar.ButtonData.OTHER);
        ButtonType keep = new ButtonType("Keep editing", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION,
                "Your edits to the text are not approved or kept anywhere else.", discard, keep);
        ask.initOwner(owner.getDialogPane().getScene().getWindow());
        ask.setTitle("Discard your edits?");
        ask.setHeaderText("Discard your edits?");
        ask.getDialogPane().setId("review-discard-edits");
        ((Button) ask.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        return ask.showAndWait().filter(discard::equals).isPresent();
    }

    void reject() {
        if (vm.detail().decidableProperty().get()) {
            ask("Reject " + vm.selectedIdProperty().get(), "Reject " + vm.detail().headingProperty().get()
                    + "?\nWhy is it rejected? (recorded with the decision)", "Reject").ifPresent(vm::reject);
        }
    }

    void requestChanges() {
        if (vm.detail().requestableProperty().get()) {
            ask("Request changes to " + vm.selectedIdProperty().get(), "Send " + vm.detail().headingProperty().get()
                    + " back to its author?\nWhat should the author change?", "Send back").ifPresent(vm::requestChanges);
        }
    }

    /**
     * Asks for the reason of a decision; the button says the decision ("Reject", "Send back") and stays off until a
     * reason is typed — spaces alone are none —, so Enter decides only after one was written (as Clear in Failed
     * targets).
     */
    private Optional<String> ask(String title, String question, String decide) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle(title);
        dialog.setHeaderText(question);
        dialog.getEditor().setId("review-reason");
        ButtonType confirm = new ButtonType(decide, ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().setAll(confirm, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(confirm).disableProperty().bind(Bindings
                .createBooleanBinding(() -> dialog.getEditor().getText().isBlank(), dialog.getEditor().textProperty()));
        return dialog.showAndWait().map(String::strip).filter(s -> !s.isEmpty());
    }
}
