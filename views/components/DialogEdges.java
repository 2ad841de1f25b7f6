package views.components;

import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Every dialog (a confirmation, a question with a reason) is a window of its own: it gets the window's stylesheets,
 * so it follows the design language and its edge ({@code .dialog-pane} in design.css) shows on the dark theme too,
 * where a dark dialog over the dark window had none.
 */
public final class DialogEdges {

    private static List<String> stylesheets;

    private DialogEdges() {
    }

    /** From now on, each stage that opens (a dialog) gets {@code sheets} too, once each. */
    public static synchronized void follow(List<String> sheets) {
        boolean first = stylesheets == null;
        stylesheets = List.copyOf(sheets);
        if (!first) {
            return;
        }
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            while (change.next()) {
                for (Window opened : change.getAddedSubList()) {
                    if (opened instanceof Stage && opened.getScene() != null) {
                        style(opened.getScene());
                    }
                }
            }
        });
    }

    private static synchronized void style(Scene scene) {
        for (String sheet : stylesheets) {
            if (!scene.getStylesheets().contains(sheet)) {
                scene.getStylesheets().add(sheet);
            }
        }
    }
}
