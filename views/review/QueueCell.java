package views.review;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.review.QueueRow;

/** A queue line: state badge, id and risk; the group and target below. */
final class QueueCell extends ListCell<QueueRow> {
    QueueCell() {
        setPrefWidth(0);
    }

    @Override
    protected void updateItem(QueueRow row, boolean empty) {
        super.updateItem(row, empty);
        if (empty || row == null) {
            setGraphic(null);
            return;
        }
        // the id on a line of its own, whole at 1100 px: it is what tells two proposals apart
        Label id = new Label(row.id());
        id.getStyleClass().add(Styles.TEXT_BOLD);
        id.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS); // narrower still: both ends stay
        Label state = new Label(row.state());
        state.getStyleClass().addAll("state-badge", "state-" + row.state().split(" ")[0]);
        state.setMinWidth(Region.USE_PREF_SIZE);
        Label risk = new Label(row.risk());
        risk.getStyleClass().addAll("risk", "risk-" + row.risk());
        risk.setMinWidth(Region.USE_PREF_SIZE);
        risk.setVisible(!row.risk().isEmpty());
        risk.setManaged(risk.isVisible());
        Label what = new Label(row.group() + (row.target().isEmpty() ? "" : " · " + row.target()));
        what.getStyleClass().add(Styles.TEXT_MUTED);
        HBox second = new HBox(6, state, risk, what);
        second.setAlignment(Pos.CENTER_LEFT);
        VBox first = new VBox(id);
        setGraphic(new VBox(2, first, second));
    }
}