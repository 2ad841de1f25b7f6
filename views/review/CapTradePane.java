package views.review;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.review.CapTradeViewModel;

/**
 * The detail pane's "Capped file": the count, the trade side by side — the item out on the left, the item in on the
 * right — or why it is refused, and the stale items. Shown only for a proposal on a capped file.
 */
final class CapTradePane extends VBox {

    CapTradePane(CapTradeViewModel cap) {
        super(4);
        setId("review-cap");
        Label caption = wrapped("review-cap-caption", Styles.TEXT_BOLD);
        caption.textProperty().bind(cap.captionProperty());
        Label outHead = wrapped("review-cap-out-head", Styles.TEXT_MUTED);
        outHead.setText("Item out");
        Label inHead = wrapped("review-cap-in-head", Styles.TEXT_MUTED);
        inHead.setText("Item in");
        Label out = wrapped("review-cap-out", Styles.DANGER);
        out.textProperty().bind(cap.outProperty());
        Label in = wrapped("review-cap-in", Styles.SUCCESS);
        in.textProperty().bind(cap.inProperty());
        GridPane trade = new GridPane();
        trade.setId("review-cap-trade");
        trade.setHgap(16);
        trade.addRow(0, outHead, inHead);
        trade.addRow(1, out, in);
        GridPane.setHgrow(out, Priority.ALWAYS);
        GridPane.setHgrow(in, Priority.ALWAYS);
        out.setMaxWidth(Double.MAX_VALUE);
        in.setMaxWidth(Double.MAX_VALUE);
        trade.visibleProperty().bind(cap.tradeProperty());
        Label refusal = wrapped("review-cap-refusal", Styles.DANGER);
        refusal.textProperty().bind(cap.refusalProperty());
        refusal.visibleProperty().bind(cap.refusalProperty().isNotEmpty());
        Label stale = wrapped("review-cap-stale", Styles.WARNING);
        stale.textProperty().bind(cap.staleProperty());
        stale.visibleProperty().bind(cap.staleProperty().isNotEmpty());
        for (Region r : new Region[] {refusal, stale, trade}) {
            r.managedProperty().bind(r.visibleProperty());
        }
        getChildren().addAll(caption, trade, refusal, stale);
        visibleProperty().bind(cap.shownProperty());
        managedProperty().bind(visibleProperty());
    }

    private static Label wrapped(String id, String style) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().add(style);
        return label;
    }
}
