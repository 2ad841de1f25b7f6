package services.watchdog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one check of a run returns: its finding(s), the figures it adds to the run's upstream-compatible
 * {@code stats} (in order), and — for the checks that do such work — the {@code recovery} and {@code pruned}
 * figures of the report (null when the check did none). The {@link Watchdog} merges the results in check order.
 */
public record CheckResult(List<Finding> findings, Map<String, Object> stats, Map<String, Object> recovery,
                          Map<String, Object> pruned) {

    public CheckResult {
        findings = List.copyOf(findings);
        stats = Collections.unmodifiableMap(new LinkedHashMap<>(stats));
        recovery = recovery == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(recovery));
        pruned = pruned == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(pruned));
    }

    /** A check's one finding, with no figures for the run's stats. */
    public static CheckResult of(Finding finding) {
        return new CheckResult(List.of(finding), Map.of(), null, null);
    }

    /** This result with figures for the run's stats, in the order given: {@code withStats("brain_notes", 12)}. */
    public CheckResult withStats(Object... keysAndValues) {
        Map<String, Object> more = new LinkedHashMap<>(stats);
        more.putAll(Finding.ordered(keysAndValues));
        return new CheckResult(findings, more, recovery, pruned);
    }

    /** This result with the report's {@code recovery} figures (the collection was recreated and filled). */
    public CheckResult withRecovery(Map<String, Object> figures) {
        return new CheckResult(findings, stats, figures, pruned);
    }

    /** This result with the report's {@code pruned} figures (failed targets past their TTL). */
    public CheckResult withPruned(Map<String, Object> figures) {
        return new CheckResult(findings, stats, recovery, figures);
    }
}
