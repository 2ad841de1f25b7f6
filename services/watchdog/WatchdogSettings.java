package services.watchdog;

import java.util.List;
import services.workspace.Workspace;
import services.workspace.WorkspaceSettings;

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
        return of(WorkspaceSettings.Watchdog.DEFAULTS);
    }

    public static WatchdogSettings of(Workspace ws) {
        return of(ws.settings().watchdog());
    }

    private static WatchdogSettings of(WorkspaceSettings.Watchdog w) {
        return new WatchdogSettings(w.windowHours(), (int) w.minDocuments(), w.compliance(), w.staleHours(),
                (int) w.brainNotesLimit(), w.gateHours(), w.writeWindowHours(), w.pruneGraceHours(), w.problems());
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
