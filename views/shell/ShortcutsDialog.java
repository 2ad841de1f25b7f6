package views.shell;

import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.stage.Window;
import viewmodels.shell.Shortcuts;

/**
 * The keyboard shortcuts sheet (F1): every key of the window and its sections, in a dialog that fits the window —
 * the sheet wraps and scrolls inside it, its header and OK button stay in view.
 */
final class ShortcutsDialog {

    private ShortcutsDialog() {
    }

    static void show(Window window) {
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(window);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        alert.getDialogPane().setMinWidth(window == null ? 780 : Math.min(920, window.getWidth() - 40));
        String text = Shortcuts.sheet();
        Label sheet = new Label(text);
        sheet.setId("shortcuts-sheet");
        sheet.setStyle("-fx-font-family: monospace;");
        sheet.setWrapText(true); // a long line wraps within the sheet: no sideways scroll, nothing cut
        sheet.setMinHeight(Region.USE_PREF_SIZE);
        ScrollPane scroll = new ScrollPane(sheet);
        scroll.setId("shortcuts-scroll");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        // the sheet scrolls inside a dialog that fits the window (its header and OK button stay in view)
        double room = window == null ? 560 : Math.max(200, window.getHeight() - 230);
        scroll.setPrefViewportHeight(Math.min(room, text.lines().count() * 17.0 + 8));
        alert.getDialogPane().setContent(scroll);
        alert.show();
    }
}
