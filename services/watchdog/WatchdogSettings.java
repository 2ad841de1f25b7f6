package services.watchdog;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import services.workspace.Workspace;

/**
 * The checks' thresholds, from the {@code watchdog} key of {@code workspace.json} (every key optional):
 * {@code windowHours} 4, {@code minDocuments} 50, {@code compliance} 0.95, {@code staleHours} 48,
 * {@code brainNotesLimit} 100, {@code gateHours} 3, {@code writeWindowHours} 48, {@code pruneGraceHours} 0 (how long
 * after it expired a failed target is left in place, shown as expired, before the watchdog prunes it; the running
 * system's planner still skips a target until it is pruned). A wrong value is reported by key
 * and the default is used. The write-side check has its own, longer window because documents derived from a loop
 * carry the loop's date (a day) as {@code created_at}, which a 4-hour window would mostly miss.
 */
public record WatchdogSettings(double windowHours, int minDocuments, double compliance, double staleHours,
                               int brainNotesLimit, double gateHours, double writeWindowHours, double pruneGraceHours,
                               List<String> problems) {

    public static WatchdogSettings defaults() {
        return new WatchdogSettings(4, 50, 0.95, 48, 100, 3, 48, 0, List.of());
    }

    public static WatchdogSettings of(Workspace ws) {
        JsonNode node = ws.raw().path("watchdog");
        List<String> problems = new ArrayList<>();
        WatchdogSettings d = defaults();
        return new WatchdogSettings(
                number(node, "windowHours", d.windowHours(), 0.01, 24 * 365, problems),
                (int) number(node, "minDocuments", d.minDocuments(), 0, 1e9, problems),
                number(node, "compliance", d.compliance(), 0, 1, problems),
                number(node, "staleHours", d.staleHours(), 0.01, 24 * 365, problems),
                (int) number(node, "brainNotesLimit", d.brainNotesLimit(), 1, 1e9, problems),
                number(node, "gateHours", d.gateHours(), 0, 24 * 365, problems),
                number(node, "writeWindowHours", d.writeWindowHours(), 0.01, 24 * 365, problems),
                number(node, "pruneGraceHours", d.pruneGraceHours(), 0, 24 * 365, problems),
                problems);
    }

    private static double number(JsonNode node, String key, double fallback, double min, double max,
                                 List<String> problems) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
            problems.add("workspace.json key \"watchdog." + key + "\" must be a number from " + fmt(min) + " to "
                    + fmt(max) + "; using " + fmt(fallback) + ".");
            return fallback;
        }
        return v.asDouble();
    }

    /** A number of hours or a bound as people write it: 4, 0.5. */
    static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    public long pruneGraceMillis() {
        return (long) (pruneGraceHours * 3_600_000);
    }

    public long windowMillis() {
        return (long) (windowHours * 3_600_000);
    }
}
