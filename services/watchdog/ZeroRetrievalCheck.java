package services.watchdog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Check 2: agent dispatches should retrieve knowledge. A dispatch is the implementor's
 * {@code system_knowledge.retrieval} event for a story (running-system.md part 6) — the gateway's
 * {@code events.dispatched.*} channel traffic is not one; retrievals are every {@code system_knowledge.retrieval}
 * event plus the interactive sessions' {@code system_knowledge.retrieval.started|completed} (a pair counted once).
 * Dispatches whose retrievals all found nothing ({@code has_results: false}) are a warning; retrievals that fail
 * (interactive {@code .failed}) are reported in the figures.
 */
public final class ZeroRetrievalCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "zero-retrieval";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        EventWindow w = run.events();
        if (w == null) {
            return CheckResult.of(run.eventsUnreadable(name()));
        }
        long retrievals = w.retrievals();
        long dispatches = w.dispatches();
        long empty = w.count(EventKind.DISPATCH_EMPTY);
        long interactive = w.interactiveRetrievals();
        return CheckResult.of(finding(run, w, retrievals, dispatches, empty, interactive)).withStats(
                "retrievals_in_window", retrievals, "dispatches_in_window", dispatches,
                "interactive_retrievals_in_window", interactive, "dispatches_without_results", empty);
    }

    private Finding finding(WatchdogRun run, EventWindow w, long retrievals, long dispatches, long empty,
                            long interactive) {
        long failed = w.count(EventKind.RETRIEVAL_FAILED);
        Map<String, Object> figures = Finding.ordered("dispatches", dispatches, "dispatchesWithoutResults", empty,
                "retrievals", retrievals, "interactiveRetrievals", interactive, "failedRetrievals", failed,
                "windowHours", run.settings.windowHours());
        if (dispatches > 0 && empty == dispatches) {
            return new Finding(name(), Severity.WARNING, dispatches + " agent dispatches in " + run.windowText()
                    + " and none of their knowledge retrievals found anything (has_results false)", figures,
                    w.samples(EventKind.DISPATCH_EMPTY));
        }
        List<String> evidence = new ArrayList<>(w.samples(EventKind.DISPATCH));
        evidence.addAll(w.samples(EventKind.RETRIEVAL_COMPLETED));
        evidence.addAll(w.samples(EventKind.RETRIEVAL));
        String text = retrievals + " knowledge retrievals (" + interactive + " interactive) for " + dispatches
                + " agent dispatches in " + run.windowText() + (empty == 0 ? "" : "; " + empty + " found nothing")
                + (failed == 0 ? "" : "; " + failed + " failed");
        return new Finding(name(), Severity.OK, text, figures, evidence.subList(0, Math.min(evidence.size(), EventWindow.SAMPLES)));
    }
}
