package services.watchdog;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One watchdog run. {@code healthy}, {@code recovery}, {@code issues}, {@code stats} and {@code pruned} have the
 * shape and keys of the running system's watchdog; {@code findings} has one entry per check. A run refused by the
 * gate has status {@code skipped} and says why in {@code skipReason}. {@code systemWatchdog} says when the running
 * system's watchdog last ran and whether this run wrote its gate ({@code key}, {@code lastRun}, {@code written},
 * {@code note}).
 */
public record WatchdogReport(String status, boolean healthy, Map<String, Object> recovery, List<String> issues,
                             Map<String, Object> stats, Map<String, Object> pruned, List<Finding> findings,
                             Instant ranAt, long durationMillis, String skipReason, List<String> problems,
                             Map<String, Object> systemWatchdog) {

    public WatchdogReport {
        issues = List.copyOf(issues);
        findings = List.copyOf(findings);
        problems = List.copyOf(problems);
        systemWatchdog = systemWatchdog == null ? Map.of() : Collections.unmodifiableMap(
                new LinkedHashMap<>(systemWatchdog));
    }

    public WatchdogReport(String status, boolean healthy, Map<String, Object> recovery, List<String> issues,
                          Map<String, Object> stats, Map<String, Object> pruned, List<Finding> findings,
                          Instant ranAt, long durationMillis, String skipReason, List<String> problems) {
        this(status, healthy, recovery, issues, stats, pruned, findings, ranAt, durationMillis, skipReason, problems,
                Map.of());
    }

    public boolean skipped() {
        return "skipped".equals(status);
    }

    /** Whether the run could see no source of events (never healthy then). */
    public boolean blind() {
        return blind(findings);
    }

    /** Whether these findings say the watchdog was blind. */
    public static boolean blind(List<Finding> findings) {
        return findings.stream().anyMatch(f -> Boolean.TRUE.equals(f.figures().get("blind"))
                && f.severity().unhealthy());
    }

    /** One line for the job history and the status bar. */
    public String summary() {
        if (skipped()) {
            return "skipped: " + skipReason;
        }
        long warnings = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        long errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
        String head = blind() ? "blind (no source of events), " : "";
        return healthy ? "healthy: " + findings.size() + " checks passed"
                : head + errors + (errors == 1 ? " error, " : " errors, ") + warnings + (warnings == 1 ? " warning: " : " warnings: ")
                + String.join("; ", issues);
    }
}
