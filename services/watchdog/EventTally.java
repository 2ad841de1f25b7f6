package services.watchdog;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gathers the events of one window, whatever the source: counts, samples and turn ids per kind. An eligible event
 * that names no turn can never be matched by an outcome: it is kept under its own reference (so it counts as an
 * eligible turn without outcome) and {@link #unnamed} says how many there were.
 */
final class EventTally {

    private final long from;
    private final long to;
    private final Map<EventKind, Long> counts = new EnumMap<>(EventKind.class);
    private final Map<EventKind, List<String>> samples = new EnumMap<>(EventKind.class);
    private final Map<EventKind, Set<String>> turns = new EnumMap<>(EventKind.class);
    private final Map<String, String> eligibleRefs = new LinkedHashMap<>();
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
        if (!inWindow(time)) {
            return;
        }
        inWindow++;
        counts.merge(kind, 1L, Long::sum);
        List<String> s = samples.computeIfAbsent(kind, k -> new ArrayList<>());
        if (s.size() < EventWindow.SAMPLES) {
            s.add(ref);
        }
        if (kind.turnWrite()) {
            String id = turnId;
            if (id == null) {
                unnamed++;
                if (kind != EventKind.TURN_ELIGIBLE) {
                    return;
                }
                id = "(no turn id) " + ref;
            }
            turns.computeIfAbsent(kind, k -> new LinkedHashSet<>()).add(id);
            if (kind == EventKind.TURN_ELIGIBLE) {
                eligibleRefs.putIfAbsent(id, ref);
            }
        }
    }

    EventWindow window(long scanned, int filesSkipped, long present, String hint, List<String> problems) {
        List<String> all = new ArrayList<>(problems);
        if (unnamed > 0) {
            all.add(unnamed + " turn-write events in the window name no turn id (metadata turn_id or turnId): "
                    + "they cannot be matched by turn");
        }
        return new EventWindow(from, to, counts, samples, turns, eligibleRefs, scanned, inWindow, filesSkipped,
                present, hint, all);
    }
}
