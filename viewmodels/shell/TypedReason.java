package viewmodels.shell;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.StringProperty;

/**
 * A reason typed into a form and not used yet by the action it is for (a freeze, a sign-off): closing the window
 * asks first, as with any unsaved typed text ({@link UnsavedEdits}). Once an action succeeds with it, the same text
 * is no longer pending; changing it makes it pending again.
 */
public final class TypedReason {

    private final StringProperty text;
    private final ReadOnlyBooleanWrapper pending = new ReadOnlyBooleanWrapper(false);
    private String used = "";

    public TypedReason(StringProperty text) {
        this.text = text;
        text.addListener((o, was, now) -> update());
        update();
    }

    /** An action succeeded with {@code reason}: it is recorded, so not pending. */
    public void used(String reason) {
        used = reason == null ? "" : reason;
        update();
    }

    private void update() {
        String now = text.get() == null ? "" : text.get();
        pending.set(!now.isBlank() && !now.equals(used));
    }

    /** Typed and not yet used by an action. */
    public ReadOnlyBooleanProperty pendingProperty() {
        return pending.getReadOnlyProperty();
    }
}
