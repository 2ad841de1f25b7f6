package services.watchdog;

import java.nio.file.Files;
import java.util.Map;

/**
 * Check 2: the event source yields events. No event in the window (not counting watchdog runs) while the source holds files or rows is a
 * warning — never <i>healthy</i>: the checks that read events would pass on nothing (a spool read as JSON lines, a
 * path or table that is not the one the system writes, a store that stopped receiving). A folder that does not exist
 * is a warning too; an existing, empty one (nothing spooled: the spool drains into ClickHouse) is reported as INFO.
 */
public final class OtelEventsCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "otel-events";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        EventWindow w = run.events();
        if (w == null) {
            return CheckResult.of(run.eventsUnreadable(name()));
        }
        long events = w.inWindow() - w.count(EventKind.WATCHDOG); // watchdog runs say nothing of the system's activity
        return CheckResult.of(finding(run, w, events)).withStats("otel_events_in_window", events);
    }

    private Finding finding(WatchdogRun run, EventWindow w, long events) {
        Map<String, Object> figures = Finding.ordered("eventsInWindow", events, "scanned", w.scanned(),
                "present", w.present(), "windowHours", run.settings.windowHours());
        String where = run.eventsDescription();
        if (events > 0) {
            return Finding.of(name(), Severity.OK, events + " OTEL events in " + run.windowText() + " from "
                    + where, figures);
        }
        if (w.hint() != null) {
            return Finding.of(name(), Severity.WARNING, "0 OTEL events read in " + run.windowText() + ": " + w.hint(),
                    figures);
        }
        if (w.present() > 0) {
            return Finding.of(name(), Severity.WARNING, "0 OTEL events in " + run.windowText() + " from " + where
                    + ", which holds " + w.present() + (run.eventsFolder() != null ? " files" : " events")
                    + ": the retrieval and turn-write checks have nothing to check", figures);
        }
        if (run.eventsFolder() != null && !Files.isDirectory(run.eventsFolder())) {
            return Finding.of(name(), Severity.WARNING, "No OTEL events: " + where + " does not exist (otelEvents.path)",
                    figures);
        }
        return Finding.of(name(), Severity.INFO, "No OTEL events at all in " + where + ": nothing to check", figures);
    }
}
