package views.components;

import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/**
 * A table cell of one line (docs/design.md, "Rows"): a long text ends in an ellipsis and its tooltip holds all of
 * it; the rest of a row's detail belongs in the screen's detail pane, never in a five-line cell.
 */
public final class OneLineCell<R> extends TableCell<R, String> {

    public OneLineCell() {
        getStyleClass().add("one-line-cell");
        setWrapText(false);
        setTextOverrun(OverrunStyle.ELLIPSIS);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        boolean none = empty || item == null || item.isEmpty();
        String line = none ? null : item.strip().replaceAll("\\s*\\n\\s*", " · ");
        setText(line);
        setTooltip(none ? null : new Tooltip(item));
    }
}
