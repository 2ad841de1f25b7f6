package views.components;

import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ListCell;
import javafx.scene.text.Text;

/**
 * A list row whose text wraps by words within the list's width and is never cut, nor scrolled sideways. The theme
 * gives every list row one fixed height ({@code -fx-cell-size}), which a wrapping Labeled keeps (its third line is
 * cut); the text is a {@link Text} wrapped at the list's width instead, and the row grows to every line.
 */
public final class WrappingListCell extends ListCell<String> {

    /** The list's borders, the row's padding and a vertical scroll bar: the text wraps inside them. */
    private static final double ROOM = 40;

    private final Text text = new Text();

    public WrappingListCell() {
        getStyleClass().add("wrapping-list-cell");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setPrefWidth(0); // as wide as the list, never as the text
        setStyle("-fx-padding: 0.3em 0.5em 0.3em 0.5em"); // a wrapped row's lines keep clear of the next row
        listViewProperty().addListener((o, a, list) -> {
            text.wrappingWidthProperty().unbind();
            if (list != null) {
                text.wrappingWidthProperty().bind(list.widthProperty().subtract(ROOM));
            }
        });
        // the row's text colour (a selected row inverts it) carries over to the Text
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

    /** The text this row shows, whole. */
    public String shown() {
        return text.getText();
    }
}
