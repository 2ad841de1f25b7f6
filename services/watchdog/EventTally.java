package services.watchdog;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gathers the events of one window, whatever the source: counts, samples and turn ids per kind. Turn-write events
 * that name no turn are counted apart, per kind (they can only be matched by number), and reported once.
 */
final class EventTally {

    private final long from;
    private final long to;
    private final Map<EventKind, Long> counts = new EnumMap<>(EventKind.class);
    private final Map<EventKind, List<String>> samples = new EnumMap<>(EventKind.class);
    private final Map<EventKind, Set<String>> turns = new EnumMap<>(EventKind.class);
    private final Map<String, String> eligibleRefs = new LinkedHashMap<>();
    private final Map<EventKind, Long> unnamedTurns = new EnumMap<>(EventKind.class);
    private final Map<String, Set<String>> retrievedStories = new LinkedHashMap<>();
    private final List<String[]> eligibleStories = new ArrayList<>();
    private long inWindow;
    private long unnamed;

    EventTally(long from, long to) {
        this.from = from;
        this.to = to;
    }

    boolean inWindow(long time) {
        return time >= from && time < to;
    }

    /** Adds an event when its time falls in the window; {@code ref} is its evidence reference. */
    void add(long time, EventKind kind, String turnId, String ref) {
        add(time, kind, turnId, ref, null);
    }

    /**
     * Adds an event; {@code story} is the implementor's story it is about ({@link EventKind#story}), or null: an
     * eligible implementor turn with no retrieval event for its story in the window is a zero-retrieval dispatch.
     */
    void add(long time, EventKind kind, String turnId, String ref, String story) {
        if (!inWindow(time)) {
            return;
        }
        if (story != null) {
            int cut = story.indexOf('\n');
            String loop = story.substring(0, cut);
            String id = story.substring(cut + 1);
            if (kind == EventKind.TURN_ELIGIBLE) {
                eligibleStories.add(new String[] {loop, id, ref});
            } else {
                retrievedStories.computeIfAbsent(id, k -> new HashSet<>()).add(loop);
            }
        }
        inWindow++;
        counts.merge(kind, 1L, Long::sum);
        List<String> s = samples.computeIfAbsent(kind, k -> new ArrayList<>());
        if (s.size() < EventWindow.SAMPLES) {
            s.add(ref);
        }
        if (kind.turnWrite()) {
            if (turnId == null) {
                unnamed++;
                unnamedTurns.merge(kind, 1L, Long::sum);
                return;
            }
            turns.computeIfAbsent(kind, k -> new LinkedHashSet<>()).add(turnId);
            if (kind == EventKind.TURN_ELIGIBLE) {
                eligibleRefs.putIfAbsent(turnId, ref);
            }
        }
    }

    EventWindow window(long scanned, int filesSkipped, long present, String hint, List<String> problems) {
        List<String> all = new ArrayList<>(problems);
        if (unnamed > 0) {
            all.add(unnamed + " turn-write events in the window name no turn id (metadata turn_id or turnId): "
                    + "they are matched by number only");
        }
        List<String> unretrieved = new ArrayList<>();
        for (String[] e : eligibleStories) {
            Set<String> loops = retrievedStories.get(e[1]);
            // a retrieval names the story only (implement.ts): any retrieval of the story's id counts, unless it names
            // another loop
            if (loops == null || !e[0].isEmpty() && !loops.contains(e[0]) && !loops.contains("")) {
                unretrieved.add(e[2]);
            }
        }
        return new EventWindow(from, to, counts, samples, turns, eligibleRefs, unnamedTurns, scanned, inWindow,
                filesSkipped, present, hint, all, unretrieved.size(),
                unretrieved.subList(0, Math.min(unretrieved.size(), EventWindow.SAMPLES)), null);
    }
}
