package views.knowledge;

import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import viewmodels.knowledge.LinkRow;

/**
 * The provenance lines of the document shown — its retro and the other documents of its loop. A line wraps by
 * words in the narrow pane, never cut. One click or Enter follows a line; a new document's lines start unselected,
 * and Tab into the list selects its first line, so the keyboard's way in shows where Enter goes.
 */
final class ProvenanceList {

    private ProvenanceList() {
    }

    static ListView<LinkRow> of(ObservableList<LinkRow> rows, Consumer<LinkRow> follow) {
        ListView<LinkRow> list = new ListView<>(rows);
        list.setId("knowledge-provenance");
        list.setPrefHeight(180);
        list.setCellFactory(l -> {
            Cell cell = new Cell();
            // one click on a line follows that line (a click on the empty space below follows nothing)
            cell.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && !cell.isEmpty()) {
                    follow.accept(cell.getItem());
                }
            });
            return cell;
        });
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                follow.accept(list.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
        // a new document's lines start unselected: Enter follows only a line chosen in this document
        rows.addListener((ListChangeListener<LinkRow>) c -> list.getSelectionModel().clearSelection());
        list.focusedProperty().addListener((o, was, focused) -> {
            if (focused && list.getSelectionModel().isEmpty() && !list.getItems().isEmpty()) {
                list.getSelectionModel().select(0);
            }
        });
        return list;
    }

    /** A line, wrapped by words at the list's width: as tall as its lines. */
    private static final class Cell extends ListCell<LinkRow> {
        private final Label text = new Label();

        Cell() {
            setPrefWidth(0); // as wide as the list, never as the text
            text.setWrapText(true);
            text.setMinWidth(0);
            text.getStyleClass().add("provenance-line");
        }

        @Override
        protected double computePrefHeight(double width) {
            double w = width > 0 ? width : getListView() == null ? -1 : getListView().getWidth() - 16;
            if (getGraphic() == null || w <= 0) {
                return super.computePrefHeight(width);
            }
            double inner = Math.max(0, w - snappedLeftInset() - snappedRightInset());
            return snappedTopInset() + Math.max(text.prefHeight(inner) + 12, 0) + snappedBottomInset();
        }

        @Override
        protected void updateItem(LinkRow row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            if (empty || row == null) {
                setGraphic(null);
            } else {
                text.setText(row.label());
                setGraphic(text);
            }
        }
    }
}
