package services.watchdog;

import java.util.Locale;

/**
 * The OTEL events the watchdog reads (formats.md part 8). A dispatch is an event whose component or action
 * mentions "dispatch" or "implement" (what the running watchdog searches for), unless it is a retrieval.
 */
public enum EventKind {
    RETRIEVAL, DISPATCH, TURN_ELIGIBLE, TURN_STARTED, TURN_COMPLETED, TURN_SKIPPED, TURN_FAILED, WATCHDOG, OTHER;

    private static final String TURN = "knowledge.turn_write.";

    public static EventKind of(String component, String action) {
        String a = action == null ? "" : action;
        if (a.equals("system_knowledge.retrieval")) {
            return RETRIEVAL;
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
        if (a.equals("knowledge.watchdog.check")) {
            return WATCHDOG;
        }
        String both = (a + " " + (component == null ? "" : component)).toLowerCase(Locale.ROOT);
        return both.contains("dispatch") || both.contains("implement") ? DISPATCH : OTHER;
    }
}
