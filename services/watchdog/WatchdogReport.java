package services.watchdog;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One watchdog run. {@code healthy}, {@code recovery}, {@code issues}, {@code stats} and {@code pruned} have the
 * shape and keys of the running system's watchdog; {@code findings} has one entry per check. A run refused by the
 * gate has status {@code skipped} and says why in {@code skipReason}.
 */
public record WatchdogReport(String status, boolean healthy, Map<String, Object> recovery, List<String> issues,
                             Map<String, Object> stats, Map<String, Object> pruned, List<Finding> findings,
                             Instant ranAt, long durationMillis, String skipReason, List<String> problems) {

    public WatchdogReport {
        issues = List.copyOf(issues);
        findings = List.copyOf(findings);
        problems = List.copyOf(problems);
    }

    public boolean skipped() {
        return "skipped".equals(status);
    }

    /** One line for the job history and the status bar. */
    public String summary() {
        if (skipped()) {
            return "skipped: " + skipReason;
        }
        long warnings = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        long errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
        return healthy ? "healthy: " + findings.size() + " checks passed"
                : errors + (errors == 1 ? " error, " : " errors, ") + warnings + (warnings == 1 ? " warning: " : " warnings: ")
                + String.join("; ", issues);
    }
}
