package viewmodels.text;

import java.util.Objects;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A screen's message and what it is about, kept by the one rule of docs/design.md (Messages): a message lives as
 * long as its subject. It goes when the screen moves on to another subject (another row is selected), when its
 * subject changes (a later clear, a change made elsewhere), or once it was read (closed, acted on, its section
 * left). A screen says what its message is about and what it shows now; this class decides when the words go.
 */
public final class SubjectMessage {

    /** The subject of a message about the screen as a whole (a list that could not be read): no selection ends it. */
    public static final Object SCREEN = new Object() {
        @Override
        public String toString() {
            return "the screen";
        }
    };

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private Object subject;

    /** Says {@code words} about {@code about} (a row's key, a list of keys, {@link #SCREEN}), in place of what was said. */
    public void say(Object about, String words) {
        subject = about == null ? SCREEN : about;
        text.set(words == null ? "" : words);
    }

    /**
     * The screen now shows {@code now} (the selection): a message about another subject goes. Null or {@link #SCREEN}
     * (nothing in particular selected, as after the row it spoke of left the list) keeps it.
     */
    public void shows(Object now) {
        if (now != null && now != SCREEN && subject != SCREEN && !Objects.equals(now, subject)) {
            gone();
        }
    }

    /** Its subject changed (by a later act here or elsewhere): what it says may no longer be true — it goes. */
    public void subjectChanged() {
        gone();
    }

    /** It was read: closed, acted on, or its section left — it goes. */
    public void read() {
        gone();
    }

    private void gone() {
        subject = null;
        text.set("");
    }

    /** What it is about now; null when nothing is said. */
    public Object subject() {
        return text.get().isEmpty() ? null : subject;
    }

    public String get() {
        return text.get();
    }

    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }
}
