package views.review;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import viewmodels.review.ProposalDetailViewModel;

/**
 * The snapshot shown: its short digest at the end of the details line — what a decision taken here decides — and,
 * for a decided proposal whose file changed since, a "tampered" badge with what changed.
 */
final class SnapshotStamp {

    private final ProposalDetailViewModel detail;

    SnapshotStamp(ProposalDetailViewModel detail) {
        this.detail = detail;
    }

    /** The details line with the digest after it (the details wrap; the digest keeps its width). */
    Node line(Label details) {
        Label digest = new Label();
        digest.setId("review-digest");
        digest.getStyleClass().addAll(Styles.TEXT_MUTED, "review-digest");
        digest.textProperty().bind(detail.digestProperty());
        digest.visibleProperty().bind(detail.digestProperty().isNotEmpty());
        digest.managedProperty().bind(digest.visibleProperty());
        digest.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(details, Priority.ALWAYS);
        details.setMaxWidth(Double.MAX_VALUE);
        HBox line = new HBox(12, details, digest);
        line.setAlignment(Pos.TOP_LEFT);
        return line;
    }

    /** "TAMPERED" and what changed since the decision; shown only for a tampered proposal. */
    Label tampered() {
        Label tampered = new Label();
        tampered.setId("review-tampered");
        tampered.getStyleClass().add("review-tampered");
        tampered.setWrapText(true);
        tampered.setMinHeight(Region.USE_PREF_SIZE);
        tampered.textProperty().bind(detail.tamperedProperty());
        tampered.visibleProperty().bind(detail.tamperedProperty().isNotEmpty());
        tampered.managedProperty().bind(tampered.visibleProperty());
        return tampered;
    }
}
