package viewmodels.inbox;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Where a section is to open when the inbox's Enter names a subject in it (a failed target's key, a watchdog check,
 * a job): the subject waits here until the section's rows hold it, then its view selects that row, shows it and
 * gives its table the focus — so an inbox item is one key from where it is acted on — and says so with
 * {@link #shown()}, after which a later read of the rows leaves the user's own selection alone.
 */
public final class OpenAt {

    private final ReadOnlyStringWrapper subject = new ReadOnlyStringWrapper("");

    /** The inbox asks for {@code subject} (null or blank: the section as it is). */
    public void open(String subject) {
        this.subject.set("");
        this.subject.set(subject == null ? "" : subject.strip());
    }

    /** The subject still to be shown; "" when none is. */
    public ReadOnlyStringProperty subjectProperty() {
        return subject.getReadOnlyProperty();
    }

    /** The index of the row that is the subject, or -1 (none asked, or not among {@code rows} yet). */
    public <T> int indexIn(List<T> rows, Function<T, String> keyOf) {
        String wanted = subject.get();
        if (wanted.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < rows.size(); i++) {
            if (wanted.equals(keyOf.apply(rows.get(i)))) {
                return i;
            }
        }
        return -1;
    }

    /** The view showed the subject: it is no longer waiting. */
    public void shown() {
        subject.set("");
    }
}
