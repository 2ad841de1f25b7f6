package services.watchdog;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The events of one time window: counted by kind, with up to {@link #SAMPLES} references per kind as evidence
 * ({@code event:<file>:<line>}, {@code otel:<id>}); the turn ids each kind of turn write is about (with the reference
 * of each eligible turn's event) and how many of each kind name no turn; how many events were read ({@code scanned}) and fell in the window
 * ({@code inWindow}); how many files were not read because they were last written before the window began; how much
 * the source holds at all ({@code present}: files, or rows), and a hint when that is not what the source reads; the
 * implementor's eligible turns that had no retrieval event for their story ({@code unretrieved}, with their
 * references); and the spool read beside the store ({@code outbox}, null when none is).
 */
public record EventWindow(long fromMillis, long toMillis, Map<EventKind, Long> counts,
                          Map<EventKind, List<String>> samples, Map<EventKind, Set<String>> turnIds,
                          Map<String, String> eligibleRefs, Map<EventKind, Long> unnamedTurns, long scanned, long inWindow, int filesSkipped,
                          long present, String hint, List<String> problems, long unretrieved,
                          List<String> unretrievedRefs, Outbox outbox) {

    /**
     * The running system's OTEL spool read beside the store: {@code files} events whose write to the store failed
     * and that wait there to be delivered (0 on a healthy system), {@code oldestQueuedMillis} when the oldest was
     * queued (or -1), {@code where} the folder.
     */
    public record Outbox(String where, long files, long oldestQueuedMillis) {
    }

    public static final int SAMPLES = 20;

    public EventWindow {
        counts = new EnumMap<>(counts.isEmpty() ? Map.of(EventKind.OTHER, 0L) : counts);
        samples = samples.isEmpty() ? Map.of() : new EnumMap<>(samples);
        turnIds = turnIds.isEmpty() ? Map.of() : new EnumMap<>(turnIds);
        eligibleRefs = new LinkedHashMap<>(eligibleRefs);
        unnamedTurns = unnamedTurns.isEmpty() ? Map.of() : new EnumMap<>(unnamedTurns);
        problems = List.copyOf(problems);
        unretrievedRefs = List.copyOf(unretrievedRefs);
    }

    /** The same window with the number of its events counted by the source itself (all kinds, not only those read). */
    public EventWindow withInWindow(long events) {
        return new EventWindow(fromMillis, toMillis, counts, samples, turnIds, eligibleRefs, unnamedTurns, scanned, events,
                filesSkipped, present, hint, problems, unretrieved, unretrievedRefs, outbox);
    }

    /** The same window with the spool read beside its store. */
    public EventWindow withOutbox(Outbox spool) {
        return new EventWindow(fromMillis, toMillis, counts, samples, turnIds, eligibleRefs, unnamedTurns, scanned,
                inWindow, filesSkipped, present, hint, problems, unretrieved, unretrievedRefs, spool);
    }

    public long count(EventKind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    public List<String> samples(EventKind kind) {
        return samples.getOrDefault(kind, List.of());
    }

    /** How many turn-write events of this kind name no turn id. */
    public long unnamed(EventKind kind) {
        return unnamedTurns.getOrDefault(kind, 0L);
    }

    /** The distinct turn ids the turn-write events of this kind are about. */
    public Set<String> turns(EventKind kind) {
        return turnIds.getOrDefault(kind, Set.of());
    }

    /**
     * Knowledge retrievals: the agents' {@code system_knowledge.retrieval} events (dispatches included) and the
     * interactive retrievals, a started/completed pair counted once.
     */
    public long retrievals() {
        long interactive = Math.max(count(EventKind.RETRIEVAL_STARTED),
                count(EventKind.RETRIEVAL_COMPLETED) + count(EventKind.RETRIEVAL_FAILED));
        return count(EventKind.RETRIEVAL) + retrievingDispatches() + interactive;
    }

    public long interactiveRetrievals() {
        return retrievals() - count(EventKind.RETRIEVAL) - retrievingDispatches();
    }

    /**
     * Agent story runs: the implementor's retrieval events for a story id, and its eligible turns
     * ({@code knowledge.turn_write.eligible} from {@code agent-loop-implement}) for a story with no retrieval event.
     */
    public long dispatches() {
        return retrievingDispatches() + unretrieved;
    }

    /** Dispatches that retrieved nothing: a retrieval with {@code has_results: false}, or no retrieval at all. */
    public long zeroRetrievalDispatches() {
        return count(EventKind.DISPATCH_EMPTY) + unretrieved;
    }

    private long retrievingDispatches() {
        return count(EventKind.DISPATCH) + count(EventKind.DISPATCH_EMPTY);
    }
}
