package views.knowledge;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import viewmodels.knowledge.ResultRow;
import viewmodels.knowledge.Snippet;

/** A result: title on the first line, type · project · status · loop and the date below. */
final class ResultCell extends ListCell<ResultRow> {
    /**
     * As tall as its wrapped title and snippet at the list's width: a labeled cell asks its graphic for its
     * height at no width (one line each), so a wrapped row overflowed its cell, its top and bottom cut off.
     */
    @Override
    protected double computePrefHeight(double width) {
        Node graphic = getGraphic();
        double w = width > 0 ? width : getListView() == null ? -1 : getListView().getWidth() - 16;
        if (graphic == null || w <= 0) {
            return super.computePrefHeight(width);
        }
        double inner = Math.max(0, w - snappedLeftInset() - snappedRightInset());
        return snappedTopInset() + graphic.prefHeight(inner) + snappedBottomInset();
    }

    @Override
    protected void updateItem(ResultRow row, boolean empty) {
        super.updateItem(row, empty);
        if (empty || row == null) {
            setGraphic(null);
            setText(null);
            return;
        }
        // one line (docs/design.md, "Rows"): a long title ends in "…" and its tooltip holds it whole; the searched
        // words are marked in the snippet below (at 1100 px a title wrapped to two lines)
        Label title = new Label(row.title());
        title.getStyleClass().addAll("result-title", "result-title-line");
        title.setTextOverrun(OverrunStyle.ELLIPSIS);
        title.setMinWidth(0);
        title.setMaxWidth(Double.MAX_VALUE);
        title.setTooltip(new Tooltip(row.title()));
        Label type = new Label(row.typeWords());
        type.getStyleClass().addAll("type-badge", "type-" + row.type());
        type.setMinWidth(Region.USE_PREF_SIZE);
        // type · project · status · loop · day: wraps by words in the narrow column, never cut ("…-0d…")
        TextFlow sub = flow(List.of(new Snippet.Part(row.about(),
                false)), "result-about");
        HBox first = new HBox(8, type, title);
        first.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(title, Priority.ALWAYS);
        VBox box = new VBox(2, first, sub);
        if (!row.snippet().isEmpty()) {
            box.getChildren().add(flow(row.snippet(), "result-snippet"));
        }
        setGraphic(box);
        setText(null);
    }

    /** Text with the searched words highlighted. */
    private static TextFlow flow(List<Snippet.Part> parts, String style) {
        TextFlow flow = new TextFlow();
        flow.getStyleClass().add(style);
        for (Snippet.Part part : parts) {
            Text text = new Text(part.text());
            text.getStyleClass().addAll("result-text", part.match() ? "result-match" : "result-plain");
            flow.getChildren().add(text);
        }
        flow.setMinWidth(0); // wraps within the list's width
        return flow;
    }
}
