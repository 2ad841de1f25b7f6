package views.review;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;

/** The header's notes (the record, a problem, the tampered state): a long one scrolls in its own few lines. */
final class HeaderNotes {

    private HeaderNotes() {
    }

    /** The most height of the header's record or problem (about five lines); a longer one scrolls in it. */
    public static final double HEADER_NOTE_MAX_HEIGHT = 110;

    /** The least height of the header's record or problem: about three lines, or all of a shorter one. */
    public static final double HEADER_NOTE_MIN_HEIGHT = 58;

    /**
     * The label in a scroll pane of at most {@link #HEADER_NOTE_MAX_HEIGHT} — all of it while {@code whole} (no diff
     * below wants the room) — shown when the label is.
     */
    static Node capped(Label label, ObservableBooleanValue whole) {
        ScrollPane scroll = new ScrollPane(label);
        scroll.setId(label.getId() + "-scroll");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.maxHeightProperty().bind(Bindings.when(whole).then(Double.MAX_VALUE)
                .otherwise(HEADER_NOTE_MAX_HEIGHT));
        // as tall as its wrapped lines (a scroll pane asks its content for one unwrapped line), up to its most
        scroll.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.min(label.getHeight() + 2, scroll.getMaxHeight()), label.heightProperty(),
                scroll.maxHeightProperty()));
        // never squeezed below its first three lines (a blocked proposal's reason is what the reviewer reads)
        scroll.minHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.min(label.getHeight() + 2, HEADER_NOTE_MIN_HEIGHT), label.heightProperty()));
        scroll.getStyleClass().add("edge-to-edge");
        scroll.visibleProperty().bind(label.visibleProperty());
        scroll.managedProperty().bind(label.visibleProperty());
        return scroll;
    }
}
