package views.review;

import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The detail's vertical split below its header: the informational sections (rationale, evidence, effect on recall,
 * similar lessons) in their own scroll pane above the diff side, which keeps the larger share. The sections' side is
 * never taller than what it holds (none: it collapses) and takes at most {@link ReviewView#INFO_SHARE}.
 */
final class SectionsSplit extends SplitPane {

    private final ScrollPane infoScroll;

    SectionsSplit(VBox info, Node diffSide) {
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
        setDividerPositions(ReviewView.INFO_SHARE);
        getStyleClass().add("review-detail-split");
        SplitPane.setResizableWithParent(infoScroll, false);
        VBox.setVgrow(this, Priority.ALWAYS);
        setPrefHeight(0); // the header keeps its own height; the split takes what is left
    }

    /** Another proposal: its sections from the top, the default share. */
    void showFromTop() {
        infoScroll.setVvalue(0);
        setDividerPositions(ReviewView.INFO_SHARE);
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

    /** The informational side's most: its content's height; the divider goes back to the default share. */
    private void fitInfo(VBox info) {
        double content = info.getHeight() <= info.snappedTopInset() + info.snappedBottomInset() + 0.5 ? 0
                : info.getHeight() + infoScroll.snappedTopInset() + infoScroll.snappedBottomInset();
        infoScroll.setMaxHeight(content);
        setDividerPositions(ReviewView.INFO_SHARE);
    }
}
