package viewmodels.amendments;

import java.util.OptionalInt;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The impact's window, typed as text: a whole number of days from {@link #MIN} to {@link #MAX}. Committed (Enter,
 * the field left, Up or Down), an accepted value becomes {@link #daysProperty()} (the table is computed for it);
 * anything else — letters, a number out of range or too long for an int — is refused with a message naming the
 * field and its range, and the days stay as they were: the field then shows them again, so once committed it never
 * shows a value the table was not computed for.
 */
public final class ImpactWindow {

    public static final int MIN = 1;
    public static final int MAX = 90;
    public static final int DEFAULT = 14;

    private final StringProperty text = new SimpleStringProperty(String.valueOf(DEFAULT));
    private final ReadOnlyIntegerWrapper days = new ReadOnlyIntegerWrapper(DEFAULT);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");

    ImpactWindow() {
        text.addListener((o, a, b) -> typed(b));
    }

    /** While typing: a refused text says why at once; nothing is computed until {@link #commit()}. */
    private void typed(String value) {
        error.set(parse(value).isPresent() ? "" : RANGE + " The table shows " + days.get() + " days.");
    }

    /**
     * Enter, or the field left: an accepted value becomes the days (the table is computed for it) and the field shows
     * it as computed (" 030" as 30); a refused one gives way to the days the table shows, and the line under the
     * field says why.
     */
    public void commit() {
        String typed = text.get() == null ? "" : text.get().strip();
        OptionalInt parsed = parse(typed);
        parsed.ifPresent(days::set);
        text.set(String.valueOf(days.get()));
        if (parsed.isEmpty()) {
            error.set("Impact window: " + (typed.isEmpty() ? "no days given" : "\"" + abbreviate(typed) + "\" refused")
                    + " — a whole number of days from " + MIN + " to " + MAX + "; the table shows " + days.get() + " days.");
        }
    }

    /** Up or Down in the field: one day more or less, within the range, from the days the table shows. */
    public void step(int by) {
        text.set(String.valueOf(Math.max(MIN, Math.min(MAX, days.get() + by))));
        commit();
    }

    private static final String RANGE = "The impact window is a whole number of days from " + MIN + " to " + MAX + ".";

    static OptionalInt parse(String value) {
        String s = value == null ? "" : value.strip();
        if (!s.matches("\\d{1,9}")) { // at most 9 digits: no overflow of an int
            return OptionalInt.empty();
        }
        int n = Integer.parseInt(s);
        return n < MIN || n > MAX ? OptionalInt.empty() : OptionalInt.of(n);
    }

    private static String abbreviate(String s) {
        return s.length() <= 20 ? s : s.substring(0, 19) + "…";
    }

    /** The field's text, as typed. */
    public StringProperty textProperty() {
        return text;
    }

    /** The accepted window, in days: the one the impact table is computed for. */
    public ReadOnlyIntegerProperty daysProperty() {
        return days.getReadOnlyProperty();
    }

    /** Why the typed text is refused (empty while it is accepted). */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
