package viewmodels.failed;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.beans.property.ReadOnlyStringProperty;
import services.failed.FailedTargetsService;
import viewmodels.text.SubjectMessage;

/**
 * The failed targets screen's message, kept by the rule of {@link SubjectMessage}: "Cleared X" goes when another row
 * is selected, when the list changes otherwise than it said (a later clear of another target, here or elsewhere), or
 * when the section is left; a read problem goes with the next good read.
 */
final class ListMessage {

    private final SubjectMessage message = new SubjectMessage();
    /** The listing's other targets when the message was said: when they change, its subject did. */
    private Set<String> others;
    private Set<String> spokenOf = Set.of();
    private boolean readProblem;

    /**
     * Says {@code words} about {@code about} while {@code listed} is shown; {@code gone}: the targets it speaks of,
     * which may leave the list without changing its subject (the cleared ones).
     */
    void say(Object about, Set<String> gone, List<FailedTargetsService.Target> listed, String words) {
        readProblem = false;
        spokenOf = Set.copyOf(gone);
        others = othersThan(listed, spokenOf);
        message.say(about, words);
    }

    /** The list could not be read: said until a read succeeds. */
    void readFailed(String words) {
        message.say(SubjectMessage.SCREEN, words);
        readProblem = true;
        others = null;
    }

    /** A fresh listing: a read problem is over; a message whose list changed otherwise than it said goes. */
    void listed(List<FailedTargetsService.Target> now) {
        if (readProblem) {
            readProblem = false;
            message.subjectChanged();
        } else if (message.subject() != null && others != null && !othersThan(now, spokenOf).equals(others)) {
            message.subjectChanged();
        }
    }

    /** The selection (empty: none, which keeps the message). */
    void shows(List<String> selected) {
        message.shows(selected.isEmpty() ? null : selected);
    }

    void read() {
        message.read();
    }

    ReadOnlyStringProperty textProperty() {
        return message.textProperty();
    }

    private static Set<String> othersThan(List<FailedTargetsService.Target> listed, Set<String> gone) {
        Set<String> keys = new HashSet<>();
        listed.forEach(t -> keys.add(t.key()));
        keys.removeAll(gone);
        return keys;
    }
}
