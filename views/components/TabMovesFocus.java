package views.components;

import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * In a form, Tab in a text area moves to the next field (Shift+Tab to the one before) instead of typing a tab
 * character, as in the form's text fields; JavaFX's own way out of a text area is Ctrl+Tab, which nobody guesses.
 */
public final class TabMovesFocus {

    private TabMovesFocus() {
    }

    public static <T extends TextArea> T on(T area) {
        area.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.TAB && !e.isControlDown() && !e.isAltDown() && !e.isMetaDown()) {
                e.consume();
                // the text area's own traversal keys: Ctrl+Tab next, Ctrl+Shift+Tab previous
                area.fireEvent(new KeyEvent(area, area, KeyEvent.KEY_PRESSED, "", "", KeyCode.TAB, e.isShiftDown(),
                        true, false, false));
            }
        });
        return area;
    }
}
