package services.watchdog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Check 3: agent dispatches should retrieve knowledge. A dispatch is an implementor story run (running-system.md
 * part 6): its {@code system_knowledge.retrieval} event for a story, or its eligible turn
 * ({@code knowledge.turn_write.eligible} from {@code agent-loop-implement}, naming {@code story_id}/{@code loop_id}).
 * An eligible turn with no retrieval event for its story is a zero-retrieval dispatch, as is a retrieval that found
 * nothing ({@code has_results: false}); either is a warning. The gateway's {@code events.dispatched.*} channel
 * traffic is not a dispatch. Retrievals are every {@code system_knowledge.retrieval} event plus the interactive
 * sessions' {@code system_knowledge.retrieval.started|completed} (a pair counted once); failed interactive
 * retrievals are reported in the figures. A blind run checks nothing and says so.
 */
public final class ZeroRetrievalCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "zero-retrieval";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        if (run.blindness() != null) {
            return CheckResult.of(run.notCheckedWhileBlind(name()));
        }
        EventWindow w = run.events();
        long retrievals = w.retrievals();
        long dispatches = w.dispatches();
        long zero = w.zeroRetrievalDispatches();
        long interactive = w.interactiveRetrievals();
        return CheckResult.of(finding(run, w, retrievals, dispatches, zero, interactive)).withStats(
                "retrievals_in_window", retrievals, "dispatches_in_window", dispatches,
                "interactive_retrievals_in_window", interactive, "dispatches_without_results", zero,
                "dispatches_without_retrieval", w.unretrieved());
    }

    private Finding finding(WatchdogRun run, EventWindow w, long retrievals, long dispatches, long zero,
                            long interactive) {
        long failed = w.count(EventKind.RETRIEVAL_FAILED);
        long empty = w.count(EventKind.DISPATCH_EMPTY);
        long missing = w.unretrieved();
        Map<String, Object> figures = Finding.ordered("dispatches", dispatches, "zeroRetrievalDispatches", zero,
                "dispatchesWithoutRetrieval", missing, "dispatchesWithoutResults", empty,
                "retrievals", retrievals, "interactiveRetrievals", interactive, "failedRetrievals", failed,
                "windowHours", run.settings.windowHours());
        if (missing > 0) {
            List<String> evidence = new ArrayList<>(w.unretrievedRefs());
            evidence.addAll(w.samples(EventKind.DISPATCH_EMPTY));
            return new Finding(name(), Severity.WARNING, zero + " of " + dispatches + " agent dispatches in "
                    + run.windowText() + " had zero knowledge retrievals: " + missing + " eligible implementor "
                    + (missing == 1 ? "turn has" : "turns have") + " no retrieval event for " + (missing == 1 ? "its"
                    : "their") + " story" + (empty == 0 ? "" : "; " + empty + " found nothing (has_results false)"),
                    figures, evidence.subList(0, Math.min(evidence.size(), EventWindow.SAMPLES)));
        }
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
