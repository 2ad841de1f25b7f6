package views.components;

import javafx.scene.control.ListCell;

/**
 * A list row whose text wraps by words within the list's width and is never cut, nor scrolled sideways. The theme
 * gives every list row one fixed height ({@code -fx-cell-size}), which a wrapping Labeled keeps (its third line is
 * cut); the text is a {@code Text} wrapped at the list's width instead, and the row grows to every line.
 */
public final class WrappingListCell extends ListCell<String> {

    /** The list's borders, the row's padding and a vertical scroll bar: the text wraps inside them. */
    private static final double ROOM = 40;

    private final WrappedText text = new WrappedText(this);

    public WrappingListCell() {
        getStyleClass().add("wrapping-list-cell");
        setPrefWidth(0); // as wide as the list, never as the text
        setStyle("-fx-padding: 0.3em 0.5em 0.3em 0.5em"); // a wrapped row's lines keep clear of the next row
        listViewProperty().addListener((o, a, list) -> text.wrapAt(list == null ? null : list.widthProperty(), ROOM));
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        text.show(item, empty);
    }

    /** The text this row shows, whole. */
    public String shown() {
        return text.shown();
    }
}
