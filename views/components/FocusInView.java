package views.components;

import javafx.beans.value.ChangeListener;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;

/**
 * Keeps the control that has the focus in sight inside a scroll pane: a keyboard user who tabs to a check box or a
 * list below the fold sees it scrolled into view (a scroll pane does not follow the focus by itself).
 */
public final class FocusInView {

    /** Room left above or below the focused control, so its focus ring shows whole. */
    private static final double MARGIN = 8;

    private FocusInView() {
    }

    public static ScrollPane on(ScrollPane pane) {
        ChangeListener<Node> follow = (o, old, focused) -> reveal(pane, focused);
        pane.sceneProperty().addListener((o, old, scene) -> {
            if (old != null) {
                old.focusOwnerProperty().removeListener(follow);
            }
            if (scene != null) {
                scene.focusOwnerProperty().addListener(follow);
            }
        });
        Scene scene = pane.getScene();
        if (scene != null) {
            scene.focusOwnerProperty().addListener(follow);
        }
        return pane;
    }

    private static void reveal(ScrollPane pane, Node focused) {
        Node content = pane.getContent();
        if (focused == null || content == null || focused == pane || !inside(focused, content)) {
            return;
        }
        Bounds at = content.sceneToLocal(focused.localToScene(focused.getLayoutBounds()));
        double contentHeight = content.getLayoutBounds().getHeight();
        double viewHeight = pane.getViewportBounds().getHeight();
        if (at == null || contentHeight <= viewHeight || viewHeight <= 0) {
            return;
        }
        double range = contentHeight - viewHeight;
        double top = (pane.getVvalue() - pane.getVmin()) / (pane.getVmax() - pane.getVmin()) * range;
        double wanted = top;
        if (at.getMinY() - MARGIN < top) {
            wanted = at.getMinY() - MARGIN;
        } else if (at.getMaxY() + MARGIN > top + viewHeight) {
            wanted = Math.min(at.getMinY() - MARGIN, at.getMaxY() + MARGIN - viewHeight);
        }
        if (wanted != top) {
            double share = Math.max(0, Math.min(1, wanted / range));
            pane.setVvalue(pane.getVmin() + share * (pane.getVmax() - pane.getVmin()));
        }
    }

    private static boolean inside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }
}
