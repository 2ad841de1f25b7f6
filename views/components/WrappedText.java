package views.components;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableDoubleValue;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/**
 * The text of a wrapping row or cell: a {@link Text} wrapped at a width the cell follows (a wrapping Labeled stops
 * at the row's height and ends in "…"), in the cell's font and colour (a selected row inverts it).
 */
final class WrappedText {

    private final Text text = new Text();
    private final Labeled cell;

    WrappedText(Labeled cell) {
        this.cell = cell;
        cell.setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        text.fillProperty().bind(cell.textFillProperty());
        text.fontProperty().bind(cell.fontProperty());
    }

    /** Wraps at {@code width} from now on; null: stops following the last one. */
    void wrapAt(ObservableDoubleValue width, double less) {
        text.wrappingWidthProperty().unbind();
        if (width != null) {
            text.wrappingWidthProperty().bind(Bindings.subtract(width, less));
        }
    }

    /** What the cell's {@code updateItem} shows: the item's text, or nothing for an empty row. */
    void show(String item, boolean empty) {
        boolean blank = empty || item == null;
        text.setText(blank ? "" : item);
        cell.setGraphic(blank ? null : text);
        cell.setText(null);
    }

    String shown() {
        return text.getText();
    }
}
