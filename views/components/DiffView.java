package views.components;

import java.util.List;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import viewmodels.review.DiffLine;

/**
 * The diff component: a virtualized list (large files stay smooth) of unified or side-by-side lines with line
 * numbers, added/removed backgrounds and word-level highlights. Its lines come from a view model.
 */
public final class DiffView extends ListView<DiffLine> {

    public DiffView(ObservableList<DiffLine> lines) {
        this(lines, "No diff to show.");
    }

    /** @param placeholder what the empty list says ("": nothing, where a caption above already says it) */
    public DiffView(ObservableList<DiffLine> lines, String placeholder) {
        super(lines);
        getStyleClass().add("diff-view");
        getStylesheets().add(DiffView.class.getResource("/views/components/diff.css").toExternalForm());
        setCellFactory(list -> new DiffCell());
        setPlaceholder(new Label(placeholder));
        setFocusTraversable(false);
    }

    private static final class DiffCell extends ListCell<DiffLine> {
        DiffCell() {
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(DiffLine line, boolean empty) {
            super.updateItem(line, empty);
            getStyleClass().removeIf(c -> c.startsWith("diff-"));
            if (empty || line == null) {
                setGraphic(null);
                return;
            }
            // side by side each half has its own colour (an added line's empty old side stays neutral); unified the row
            getStyleClass().add(line.split() && !"skip".equals(line.kind()) ? "diff-split" : "diff-" + line.kind());
            HBox row;
            if (line.split()) {
                row = new HBox(half(line.oldNo(), line.oldText(), "old", !line.oldNo().isEmpty() && !"context".equals(line.kind())),
                        half(line.newNo(), line.newText(), "new", !line.newNo().isEmpty() && !"context".equals(line.kind())));
            } else {
                String marker = switch (line.kind()) {
                    case "added" -> "+";
                    case "removed" -> "-";
                    default -> " ";
                };
                Label sign = number(marker);
                sign.setMinWidth(16); // one character: the text keeps the width
                row = new HBox(number(line.oldNo()), number(line.newNo()), sign,
                        flow(line.oldText().isEmpty() ? line.newText() : line.oldText(), line.kind()));
            }
            row.setAlignment(Pos.TOP_LEFT);
            setGraphic(row);
        }

        private static Node half(String no, List<DiffLine.Segment> text, String side, boolean changed) {
            HBox box = new HBox(number(no), flow(text, changed ? ("old".equals(side) ? "removed" : "added") : "context"));
            box.getStyleClass().add("diff-half");
            if (changed) {
                box.getStyleClass().add("diff-half-" + side);
            } else if (no.isEmpty() && text.isEmpty()) {
                box.getStyleClass().add("diff-half-empty"); // no line on this side
            }
            HBox.setHgrow(box, Priority.ALWAYS);
            box.setPrefWidth(0);
            return box;
        }

        private static Label number(String no) {
            Label label = new Label(no);
            label.getStyleClass().add("diff-number");
            label.setMinWidth(38);
            return label;
        }

        private static TextFlow flow(List<DiffLine.Segment> segments, String kind) {
            TextFlow flow = new TextFlow();
            for (DiffLine.Segment s : segments) {
                Text text = new Text(s.text());
                text.getStyleClass().add("diff-text");
                if (s.changed()) {
                    text.getStyleClass().add("diff-word-" + kind);
                }
                flow.getChildren().add(text);
            }
            return flow;
        }
    }
}
