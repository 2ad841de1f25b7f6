package views.components;

import javafx.scene.control.ContentDisplay;
import javafx.scene.control.TableCell;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * A table cell whose text wraps by words within its column and is never cut: the text is a {@link Text} wrapped
 * at the column's width, so the row grows to every line (a wrapping Labeled stops at the row's height and ends
 * in "…").
 */
public final class WrappingCell<R> extends TableCell<R, String> {

    private static final double PADDING = 16; // the cell's left and right padding

    private final Text text = new Text();

    public WrappingCell() {
        getStyleClass().add("wrapping-cell");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setMinHeight(Region.USE_PREF_SIZE);
        tableColumnProperty().addListener((o, a, column) -> {
            text.wrappingWidthProperty().unbind();
            if (column != null) {
                text.wrappingWidthProperty().bind(column.widthProperty().subtract(PADDING));
            }
        });
        // the cell's text colour (selected rows invert it) carries over to the Text
        text.fillProperty().bind(textFillProperty());
        text.fontProperty().bind(fontProperty());
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        boolean blank = empty || item == null;
        text.setText(blank ? "" : item);
        setGraphic(blank ? null : text);
        setText(null);
    }

    /** The text this cell shows, whole. */
    public String shown() {
        return text.getText();
    }
}
