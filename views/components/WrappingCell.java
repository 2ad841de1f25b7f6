package views.components;

import javafx.scene.control.TableCell;
import javafx.scene.layout.Region;

/**
 * A table cell whose text wraps by words within its column and is never cut: the text is a {@code Text} wrapped
 * at the column's width, so the row grows to every line (a wrapping Labeled stops at the row's height and ends
 * in "…").
 */
public final class WrappingCell<R> extends TableCell<R, String> {

    private static final double PADDING = 16; // the cell's left and right padding

    private final WrappedText text = new WrappedText(this);

    public WrappingCell() {
        getStyleClass().add("wrapping-cell");
        setMinHeight(Region.USE_PREF_SIZE);
        tableColumnProperty().addListener((o, a, column) ->
                text.wrapAt(column == null ? null : column.widthProperty(), PADDING));
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        text.show(item, empty);
    }

    /** The text this cell shows, whole. */
    public String shown() {
        return text.shown();
    }
}
