package viewmodels.review;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import services.review.ReviewService;
import viewmodels.text.SubjectMessage;

/**
 * What Review says above the queue: each proposal's own message (its last decision or refusal), shown only while
 * it is selected — and not at all when its decision record on screen already says the decision —, else the list's
 * message (proposals decided elsewhere meanwhile, a queue that could not be read).
 */
final class ProposalMessages {

    private final Map<String, String> own = new HashMap<>();
    /** The proposals decided here whose message is their decision's: the record on screen says it instead. */
    private final Set<String> made = new HashSet<>();
    private final DecidedElsewhere decidedElsewhere = new DecidedElsewhere();
    /** About the queue as a whole; goes when it is read (the section left) or the window acts on the queue. */
    private final SubjectMessage list = new SubjectMessage();

    /** The message about a proposal, said instead of its last decision. */
    void say(String id, String text) {
        made.remove(id);
        own.put(id, text);
    }

    /** A decision made here: its message is said by its record once that is on screen. */
    void decided(String id, String text) {
        own.put(id, text);
        made.add(id);
    }

    boolean has(String id) {
        return own.containsKey(id);
    }

    /**
     * Notes the proposals decided elsewhere between two reads of the queue ({@code mine}: those this screen speaks of
     * already); true when the list's message changed.
     */
    boolean noteElsewhere(List<ReviewService.Item> before, List<ReviewService.Item> now, Predicate<String> mine) {
        if (!decidedElsewhere.note(before, now, mine)) {
            return false;
        }
        list.say(SubjectMessage.SCREEN, decidedElsewhere.message());
        return true;
    }

    /** A fresh read of the queue after a decision made here: what was said of the list is said. */
    void clearList() {
        list.read();
        decidedElsewhere.clear();
    }

    void listProblem(String text) {
        list.say(SubjectMessage.SCREEN, text);
    }

    /**
     * The section was left: what it said was read (docs/design.md, Messages) — the list's message and each
     * proposal's refusal go; a decision made here stays its record's to say.
     */
    void read() {
        clearList();
        own.keySet().removeIf(id -> !made.contains(id));
    }

    /** The message to show while {@code id} is selected, its decision record on screen or not. */
    String shown(String id, boolean recordShown) {
        String mine = own.get(id);
        if (made.contains(id) && recordShown) {
            mine = ""; // said once: the record names the decision, who, when, why, the commit and its branch
        }
        return mine != null ? mine : list.get();
    }
}
