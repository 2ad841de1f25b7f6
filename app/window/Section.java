package app.window;

import java.util.function.Supplier;
import javafx.scene.Node;
import viewmodels.shell.SectionItem;

/**
 * One section of the window: its stable id, its title and one-line hint in the navigation rail, and how its view is
 * built (the first time the user opens it). Its number key follows from its place in {@link Sections}: Ctrl+1 for
 * the first … Ctrl+0 for the tenth; later sections have none.
 */
record Section(String id, String title, String hint, Supplier<Node> view) {

    SectionItem item() {
        return new SectionItem(id, title, hint);
    }

    /** The number key of the section at {@code position} (0-based), or null past the tenth. */
    static String shortcut(int position) {
        return position < 10 ? "Ctrl+" + (position + 1) % 10 : null;
    }
}
