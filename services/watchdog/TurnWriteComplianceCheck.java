package services.watchdog;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Check 3 (ADR-0202; running-system.md part 6), counted by turn id: compliance = eligible turns with a completed or
 * skipped outcome ÷ eligible turns — never above 100 %. Below the {@code compliance} threshold (default 0.95) is a
 * warning, below half an error; an eligible turn whose write failed is a warning too. Outcomes for turns that were
 * never eligible (notes written by hand or by this console) are counted on their own, never in the ratio.
 */
public final class TurnWriteComplianceCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "turn-write-compliance";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        if (run.blindness() != null) {
            return CheckResult.of(run.notCheckedWhileBlind(name()));
        }
        EventWindow w = run.events();
        Map<String, Object> stats = new LinkedHashMap<>();
        Finding finding = finding(run, w, stats);
        return new CheckResult(List.of(finding), stats, null, null);
    }

    /** The finding; the figures for the run's stats go into {@code stats}. */
    private Finding finding(WatchdogRun run, EventWindow w, Map<String, Object> stats) {
        Set<String> eligible = w.turns(EventKind.TURN_ELIGIBLE);
        Set<String> done = new HashSet<>(w.turns(EventKind.TURN_COMPLETED));
        done.addAll(w.turns(EventKind.TURN_SKIPPED));
        Set<String> failedTurns = new HashSet<>(w.turns(EventKind.TURN_FAILED));
        failedTurns.removeAll(done);
        // events that name no turn are matched by number, an outcome to an eligible turn, never beyond
        long anonEligible = w.unnamed(EventKind.TURN_ELIGIBLE);
        long anonCompleted = Math.min(anonEligible, w.unnamed(EventKind.TURN_COMPLETED));
        long anonSkipped = Math.min(anonEligible - anonCompleted, w.unnamed(EventKind.TURN_SKIPPED));
        long anonFailed = Math.min(anonEligible - anonCompleted - anonSkipped, w.unnamed(EventKind.TURN_FAILED));
        long completed = eligible.stream().filter(w.turns(EventKind.TURN_COMPLETED)::contains).count() + anonCompleted;
        long accounted = eligible.stream().filter(done::contains).count() + anonCompleted + anonSkipped;
        long skipped = accounted - completed;
        long failed = eligible.stream().filter(failedTurns::contains).count() + anonFailed;
        List<String> pending = eligible.stream().filter(t -> !done.contains(t) && !failedTurns.contains(t)).toList();
        long noOutcome = pending.size() + anonEligible - anonCompleted - anonSkipped - anonFailed;
        Set<String> outcomes = new HashSet<>(done);
        outcomes.addAll(w.turns(EventKind.TURN_FAILED));
        outcomes.removeAll(eligible);
        long neverEligible = outcomes.size() + w.unnamed(EventKind.TURN_COMPLETED) + w.unnamed(EventKind.TURN_SKIPPED)
                + w.unnamed(EventKind.TURN_FAILED) - anonCompleted - anonSkipped - anonFailed;
        long total = eligible.size() + anonEligible;
        double ratio = total == 0 ? 1.0 : Math.round(1000.0 * accounted / total) / 1000.0;
        stats.putAll(Finding.ordered("turn_writes_eligible", total, "turn_writes_accounted", accounted,
                "turn_writes_failed", failed, "turn_writes_never_eligible", neverEligible, "turn_write_compliance", ratio));
        Map<String, Object> figures = Finding.ordered("eligible", total, "completed", completed, "skipped", skipped,
                "failed", failed, "noOutcome", noOutcome, "neverEligible", neverEligible, "ratio", ratio,
                "threshold", run.settings.compliance());
        List<String> evidence = new ArrayList<>();
        eligible.stream().filter(failedTurns::contains).map(w.eligibleRefs()::get).limit(EventWindow.SAMPLES)
                .forEach(evidence::add);
        String others = neverEligible == 0 ? "" : "; " + neverEligible + " outcomes for turns that were never eligible "
                + "(not counted)";
        String failures = failed == 0 ? "" : ", " + failed + " failed";
        if (total > 0 && ratio < run.settings.compliance()) {
            pending.stream().map(w.eligibleRefs()::get).limit(EventWindow.SAMPLES).forEach(evidence::add);
            if (evidence.isEmpty()) { // only events without turn ids: show some eligible ones
                evidence.addAll(w.samples(EventKind.TURN_ELIGIBLE));
            }
            return new Finding(name(), ratio < 0.5 ? Severity.ERROR : Severity.WARNING, "Turn-write compliance "
                    + percent(ratio) + " (" + accounted + " of " + total + " eligible turns written or skipped" + failures
                    + ") is below " + percent(run.settings.compliance()) + others, figures, evidence);
        }
        if (failed > 0) {
            return new Finding(name(), Severity.WARNING, failed + " turn writes failed in " + run.windowText()
                    + " (compliance " + percent(ratio) + ")" + others, figures, evidence);
        }
        return new Finding(name(), Severity.OK, (total == 0 ? "No eligible turns in " + run.windowText()
                : "Compliance " + percent(ratio) + " (" + accounted + " of " + total + " eligible turns)") + others,
                figures, w.samples(EventKind.TURN_COMPLETED));
    }

    private static String percent(double ratio) {
        return Math.round(ratio * 1000) / 10.0 + "%";
    }
}
