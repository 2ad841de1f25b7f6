package views.review;

import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import viewmodels.review.ProposalDetailViewModel;

/**
 * The detail's vertical split below its header: the informational sections (rationale, evidence, effect on recall,
 * similar lessons) in their own scroll pane above the diff side, which keeps the larger share. The sections' side is
 * never taller than what it holds (none: it collapses) and takes at most {@link ReviewView#INFO_SHARE} — or, once the
 * reviewer has dragged the divider, the share they dragged it to, for every proposal shown after (kept in the view
 * model while the workspace is open).
 */
final class SectionsSplit extends SplitPane {

    private final ScrollPane infoScroll;
    private final ProposalDetailViewModel detail;

    SectionsSplit(ProposalDetailViewModel detail, VBox info, Node diffSide) {
        this.detail = detail;
        infoScroll = new ScrollPane(info);
        infoScroll.setId("review-detail-scroll");
        infoScroll.setFitToWidth(true);
        infoScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        infoScroll.setMinHeight(0);
        infoScroll.getStyleClass().add("edge-to-edge");
        // never taller than what it holds: short sections leave the room to the diff; none collapse the side
        info.heightProperty().addListener((obs, old, h) -> fitInfo(info));

        setId("review-detail-split");
        setOrientation(Orientation.VERTICAL);
        getItems().setAll(infoScroll, diffSide);
        setDividerPositions(share());
        getStyleClass().add("review-detail-split");
        keepDraggedShare();
        SplitPane.setResizableWithParent(infoScroll, false);
        VBox.setVgrow(this, Priority.ALWAYS);
        setPrefHeight(0); // the header keeps its own height; the split takes what is left
    }

    /** Another proposal: its sections from the top, the divider where the reviewer left it. */
    void showFromTop() {
        infoScroll.setVvalue(0);
        setDividerPositions(share());
    }

    /** Once laid out, scrolls the sections so the node's top is at the viewport's top (as far as they allow). */
    void scrollToOnceLaidOut(Node node) {
        Scene scene = infoScroll.getScene();
        if (scene == null) {
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            scrollTo(node);
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    private void scrollTo(Node node) {
        Node content = infoScroll.getContent();
        double room = content.getLayoutBounds().getHeight() - infoScroll.getViewportBounds().getHeight();
        if (room > 0) {
            double y = content.sceneToLocal(node.localToScene(node.getLayoutBounds())).getMinY();
            infoScroll.setVvalue(Math.min(1, Math.max(0, y / room)));
        }
    }

    /** The informational side's most: its content's height; the divider goes back where the reviewer left it. */
    private void fitInfo(VBox info) {
        double content = info.getHeight() <= info.snappedTopInset() + info.snappedBottomInset() + 0.5 ? 0
                : info.getHeight() + infoScroll.snappedTopInset() + infoScroll.snappedBottomInset();
        infoScroll.setMaxHeight(content);
        setDividerPositions(share());
    }

    /** The sections' share: where the reviewer last dragged the divider, else {@link ReviewView#INFO_SHARE}. */
    private double share() {
        double kept = detail.sectionsShareProperty().get();
        return Double.isNaN(kept) ? ReviewView.INFO_SHARE : kept;
    }

    /**
     * A drag of the divider is kept: where the pointer took it, not where the sections' content or the diff's least
     * height stopped it — so a proposal with more to read gets the room the reviewer asked for.
     */
    private void keepDraggedShare() {
        double[] pressed = {Double.NaN, 0}; // the share and the pointer's y when pressed on the divider
        addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            pressed[0] = onDivider(e.getPickResult().getIntersectedNode()) ? getDividerPositions()[0] : Double.NaN;
            pressed[1] = e.getSceneY();
        });
        addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            double height = getHeight() - snappedTopInset() - snappedBottomInset();
            if (!Double.isNaN(pressed[0]) && height > 0) {
                detail.keepSectionsShare(pressed[0] + (e.getSceneY() - pressed[1]) / height);
            }
            pressed[0] = Double.NaN;
        });
    }

    private boolean onDivider(Node node) {
        for (Node n = node; n != null && n != this; n = n.getParent()) {
            if (n.getStyleClass().contains("split-pane-divider")) {
                return true;
            }
        }
        return false;
    }
}
