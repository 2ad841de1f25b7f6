package services.watchdog;

import java.util.Map;

/**
 * Check 2: every agent dispatch in the window should have a {@code system_knowledge.retrieval} event. Dispatches
 * with no retrieval at all is an error; fewer retrievals than dispatches a warning.
 */
public final class ZeroRetrievalCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "zero-retrieval";
    }

    @Override
    public Finding run(WatchdogRun run) {
        EventWindow w = run.events();
        if (w == null) {
            return run.eventsUnreadable(name());
        }
        long retrievals = w.count(EventKind.RETRIEVAL);
        long dispatches = w.count(EventKind.DISPATCH);
        run.stats.put("retrievals_in_window", retrievals);
        run.stats.put("dispatches_in_window", dispatches);
        Map<String, Object> figures = Finding.ordered("dispatches", dispatches, "retrievals", retrievals,
                "windowHours", run.settings.windowHours());
        if (dispatches > 0 && retrievals == 0) {
            return new Finding(name(), Severity.ERROR, dispatches + " agent dispatches with ZERO knowledge retrievals in "
                    + run.windowText(), figures, w.samples(EventKind.DISPATCH));
        }
        if (retrievals < dispatches) {
            return new Finding(name(), Severity.WARNING, "Only " + retrievals + " knowledge retrievals for " + dispatches
                    + " agent dispatches in " + run.windowText(), figures, w.samples(EventKind.DISPATCH));
        }
        return new Finding(name(), Severity.OK, retrievals + " retrievals for " + dispatches + " dispatches in "
                + run.windowText(), figures, w.samples(EventKind.RETRIEVAL));
    }
}
