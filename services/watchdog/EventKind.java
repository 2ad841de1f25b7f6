package services.watchdog;

import java.util.Locale;

/**
 * The OTEL events the watchdog reads, as the running system writes them (running-system.md part 6).
 * <ul>
 *   <li>Retrievals: {@code system_knowledge.retrieval} (agent loop, gateway) and the interactive sessions'
 *       {@code system_knowledge.retrieval.started|completed|failed}.</li>
 *   <li>An agent dispatch (a story run) is the implementor's retrieval event for a {@code story_id} — there is no
 *       "dispatch" action; {@code has_results: false} makes it {@link #DISPATCH_EMPTY}. The gateway's
 *       {@code events.dispatched.*} is channel traffic and counts as {@link #OTHER}.</li>
 *   <li>Turn writes: {@code knowledge.turn_write.eligible|started|completed|skipped|failed}, each about a turn id.</li>
 * </ul>
 */
public enum EventKind {
    RETRIEVAL, RETRIEVAL_STARTED, RETRIEVAL_COMPLETED, RETRIEVAL_FAILED, DISPATCH, DISPATCH_EMPTY,
    TURN_ELIGIBLE, TURN_STARTED, TURN_COMPLETED, TURN_SKIPPED, TURN_FAILED, WATCHDOG, OTHER;

    static final String RETRIEVAL_ACTION = "system_knowledge.retrieval";
    static final String TURN = "knowledge.turn_write.";
    static final String WATCHDOG_ACTION = "knowledge.watchdog.check";

    /** The kind of an event that carries no metadata the watchdog reads. */
    public static EventKind of(String component, String action) {
        return of(null, component, action, EventMeta.NONE);
    }

    public static EventKind of(String source, String component, String action, EventMeta meta) {
        String a = action == null ? "" : action.strip();
        if (a.equals(RETRIEVAL_ACTION)) {
            if (meta.storyId() != null && isImplementor(source, component)) {
                return Boolean.FALSE.equals(meta.hasResults()) ? DISPATCH_EMPTY : DISPATCH;
            }
            return RETRIEVAL;
        }
        if (a.startsWith(RETRIEVAL_ACTION + ".")) {
            return switch (a.substring(RETRIEVAL_ACTION.length() + 1)) {
                case "started" -> RETRIEVAL_STARTED;
                case "completed" -> RETRIEVAL_COMPLETED;
                case "failed" -> RETRIEVAL_FAILED;
                default -> OTHER;
            };
        }
        if (a.startsWith(TURN)) {
            return switch (a.substring(TURN.length())) {
                case "eligible" -> TURN_ELIGIBLE;
                case "started" -> TURN_STARTED;
                case "completed" -> TURN_COMPLETED;
                case "skipped" -> TURN_SKIPPED;
                case "failed" -> TURN_FAILED;
                default -> OTHER;
            };
        }
        return a.equals(WATCHDOG_ACTION) ? WATCHDOG : OTHER;
    }

    /**
     * The story an event of the implementor is about, as {@code <loop_id>\n<story_id>} (the loop empty when the event
     * names none — the implementor's retrieval event names only the story): for its retrievals ({@link #DISPATCH},
     * {@link #DISPATCH_EMPTY}) and its eligible turns; null for every other event.
     */
    public static String story(String source, String component, EventKind kind, EventMeta meta) {
        boolean dispatch = kind == DISPATCH || kind == DISPATCH_EMPTY;
        if (meta.storyId() == null || !(dispatch || kind == TURN_ELIGIBLE && isImplementor(source, component))) {
            return null;
        }
        return (meta.loopId() == null ? "" : meta.loopId()) + "\n" + meta.storyId();
    }

    /** The agent loop's implementor: {@code source: "implement"} (component {@code agent-loop}) in agent-loop/implement.ts. */
    private static boolean isImplementor(String source, String component) {
        String s = source == null ? "" : source.toLowerCase(Locale.ROOT);
        String c = component == null ? "" : component.toLowerCase(Locale.ROOT);
        return s.equals("implement") || s.equals("implementor") || c.contains("implement");
    }

    public boolean turnWrite() {
        return ordinal() >= TURN_ELIGIBLE.ordinal() && ordinal() <= TURN_FAILED.ordinal();
    }

    /** Whether the watchdog keeps events of this kind at all (sources may leave the others out of their query). */
    public boolean counted() {
        return this != OTHER;
    }
}
