package services.watchdog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Check 3 (ADR-0202): accounted turn writes (completed + skipped + failed) over eligible turns in the window, as a
 * ratio against the {@code compliance} threshold (default 0.95); any failed write is a warning too. Below half
 * is an error.
 */
public final class TurnWriteComplianceCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "turn-write-compliance";
    }

    @Override
    public Finding run(WatchdogRun run) {
        EventWindow w = run.events();
        if (w == null) {
            return run.eventsUnreadable(name());
        }
        long eligible = w.count(EventKind.TURN_ELIGIBLE);
        long completed = w.count(EventKind.TURN_COMPLETED);
        long skipped = w.count(EventKind.TURN_SKIPPED);
        long failed = w.count(EventKind.TURN_FAILED);
        long accounted = completed + skipped + failed;
        double ratio = eligible == 0 ? 1.0 : Math.round(1000.0 * accounted / eligible) / 1000.0;
        run.stats.put("turn_writes_eligible", eligible);
        run.stats.put("turn_writes_accounted", accounted);
        run.stats.put("turn_writes_failed", failed);
        run.stats.put("turn_write_compliance", ratio);
        Map<String, Object> figures = Finding.ordered("eligible", eligible, "completed", completed, "skipped", skipped,
                "failed", failed, "ratio", ratio, "threshold", run.settings.compliance());
        List<String> evidence = new ArrayList<>(w.samples(EventKind.TURN_FAILED));
        String failures = failed == 0 ? "" : ", " + failed + " failed";
        if (eligible > 0 && ratio < run.settings.compliance()) {
            evidence.addAll(w.samples(EventKind.TURN_ELIGIBLE));
            return new Finding(name(), ratio < 0.5 ? Severity.ERROR : Severity.WARNING, "Turn-write compliance "
                    + percent(ratio) + " (" + accounted + " of " + eligible + " eligible turns accounted" + failures
                    + ") is below " + percent(run.settings.compliance()), figures, evidence);
        }
        if (failed > 0) {
            return new Finding(name(), Severity.WARNING, failed + " turn writes failed in " + run.windowText()
                    + " (compliance " + percent(ratio) + ")", figures, evidence);
        }
        return new Finding(name(), Severity.OK, eligible == 0 ? "No eligible turns in " + run.windowText()
                : "Compliance " + percent(ratio) + " (" + accounted + " of " + eligible + ")", figures,
                w.samples(EventKind.TURN_COMPLETED));
    }

    private static String percent(double ratio) {
        return Math.round(ratio * 1000) / 10.0 + "%";
    }
}
