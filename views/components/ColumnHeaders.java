package views.components;

import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** Keeps a table's column headers whole: no column can be narrowed below its title (plus room for the sort arrow). */
public final class ColumnHeaders {

    private ColumnHeaders() {
    }

    public static void keepWhole(TableView<?> table) {
        table.getColumns().forEach(ColumnHeaders::keepWhole);
    }

    private static void keepWhole(TableColumnBase<?, ?> column) {
        Text text = new Text(column.getText() == null ? "" : column.getText());
        text.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, Font.getDefault().getSize() + 1));
        double width = Math.ceil(text.getLayoutBounds().getWidth()) + 30;
        column.setMinWidth(Math.max(column.getMinWidth(), width));
        if (column.getPrefWidth() < width) {
            column.setPrefWidth(width);
        }
        if (column.getMaxWidth() < width) { // a column of fixed width grows to its header too
            column.setMaxWidth(width);
        }
        column.getColumns().forEach(ColumnHeaders::keepWhole);
    }
}
