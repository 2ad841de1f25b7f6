package services.watchdog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import services.text.HumanDuration;

/**
 * Check 2: the watchdog can see the system's events. A watchdog that reads no source of events is <b>blind</b>
 * (running-system.md part 6) — a source that cannot be read, that holds no event at all, or only an empty or missing
 * spool (an outbox: it holds just the events whose ClickHouse write failed and is empty on a healthy system) — and
 * a blind run is never healthy: a warning whose message says so, {@code blind} in its figures, and the checks that
 * read events not checked. Reading the spool alone while it holds events sees only undelivered events: a warning. No
 * event in the window (not counting watchdog runs) while the source holds some is a warning too. Beside the store,
 * undelivered events waiting in the spool are a finding of their own ({@code otel-outbox}).
 */
public final class OtelEventsCheck implements WatchdogCheck {

    public static final String OUTBOX = "otel-outbox";

    @Override
    public String name() {
        return "otel-events";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        String blind = run.blindness();
        EventWindow w = run.events();
        if (blind != null) {
            return CheckResult.of(Finding.of(name(), Severity.WARNING, "Blind: " + blind + ". No source of events is "
                    + "read, so this run cannot say the system is healthy", Finding.ordered("blind", true,
                    "eventsInWindow", w == null ? 0 : w.inWindow(), "present", w == null ? 0 : w.present(),
                    "windowHours", run.settings.windowHours()))).withStats("otel_blind", true);
        }
        long events = w.inWindow() - w.count(EventKind.WATCHDOG); // watchdog runs say nothing of the system's activity
        List<Finding> findings = new ArrayList<>(List.of(finding(run, w, events)));
        EventWindow.Outbox outbox = w.outbox();
        if (outbox != null && outbox.files() > 0) {
            findings.add(Finding.of(OUTBOX, Severity.WARNING, outbox.files() + " undelivered OTEL event"
                    + (outbox.files() == 1 ? " waits" : "s wait") + " in the spool " + outbox.where() + " (their "
                    + "ClickHouse write failed" + (outbox.oldestQueuedMillis() < 0 ? "" : "; the oldest is from "
                    + HumanDuration.of(Math.max(0, run.now - outbox.oldestQueuedMillis())) + " ago")
                    + "): ClickHouse is not receiving every event, and the checks do not see these",
                    Finding.ordered("undelivered", outbox.files())));
        }
        return new CheckResult(findings, Map.of(), null, null).withStats("otel_events_in_window", events,
                "otel_blind", false);
    }

    private Finding finding(WatchdogRun run, EventWindow w, long events) {
        Map<String, Object> figures = Finding.ordered("eventsInWindow", events, "scanned", w.scanned(),
                "present", w.present(), "windowHours", run.settings.windowHours());
        String where = run.eventsDescription();
        if (run.outboxOnly()) {
            return Finding.of(name(), Severity.WARNING, "Only " + where + " is read: an outbox holding " + w.present()
                    + " undelivered events (their ClickHouse write failed) — blind to every delivered event; "
                    + events + " in " + run.windowText() + ". Point otelEvents at ClickHouse (\"source\": "
                    + "\"clickhouse\"): the spool is read beside it", figures);
        }
        if (events > 0) {
            return Finding.of(name(), Severity.OK, events + " OTEL events in " + run.windowText() + " from "
                    + where, figures);
        }
        if (w.hint() != null) {
            return Finding.of(name(), Severity.WARNING, "0 OTEL events read in " + run.windowText() + ": " + w.hint(),
                    figures);
        }
        return Finding.of(name(), Severity.WARNING, "0 OTEL events in " + run.windowText() + " from " + where
                + ", which holds " + w.present() + (run.eventsFolder() != null ? " files" : " events")
                + ": the retrieval and turn-write checks have nothing to check", figures);
    }
}
