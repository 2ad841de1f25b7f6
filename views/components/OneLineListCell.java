package views.components;

import javafx.scene.control.ListCell;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;

/**
 * A list row of one line (docs/design.md, "Rows"): as wide as the list, never scrolled sideways; a long text ends
 * in an ellipsis and its tooltip holds all of it.
 */
public final class OneLineListCell extends ListCell<String> {

    public OneLineListCell() {
        getStyleClass().add("one-line-list-cell");
        setPrefWidth(0); // as wide as the list, never as the text
        setWrapText(false);
        setTextOverrun(OverrunStyle.ELLIPSIS);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        boolean none = empty || item == null || item.isEmpty();
        setText(none ? null : item.strip().replaceAll("\\s*\\n\\s*", " · "));
        setTooltip(none ? null : new Tooltip(item));
    }
}
