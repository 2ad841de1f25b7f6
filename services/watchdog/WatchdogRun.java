package services.watchdog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.tasks.ProgressSink;
import services.workspace.Workspace;

/**
 * What the checks of one run read: the workspace, the index, the settings, the time of the run (epoch ms) and the
 * event window (read once, on first use; the figures of that read are {@link #eventStats()}). Checks never write
 * into it: each returns a {@link CheckResult}, which the {@link Watchdog} merges.
 */
public final class WatchdogRun {

    final Workspace workspace;
    final KnowledgeIndex index;
    final WatchdogSettings settings;
    final long now;
    final ProgressSink progress;
    private final Map<String, Object> eventStats = new LinkedHashMap<>();
    private final OtelEventSource events;
    private EventWindow window;
    private String eventsProblem;

    WatchdogRun(Workspace workspace, KnowledgeIndex index, OtelEventSource events, WatchdogSettings settings, long now,
                ProgressSink progress) {
        this.workspace = workspace;
        this.index = index;
        this.events = events;
        this.settings = settings;
        this.now = now;
        this.progress = progress;
    }

    public Workspace workspace() {
        return workspace;
    }

    public KnowledgeIndex index() {
        return index;
    }

    public WatchdogSettings settings() {
        return settings;
    }

    /** The time of the run, epoch milliseconds. */
    public long now() {
        return now;
    }

    public ProgressSink progress() {
        return progress;
    }

    /** The figures of reading the event window ({@code otel_events_scanned}, …), empty until a check reads it. */
    Map<String, Object> eventStats() {
        return Collections.unmodifiableMap(eventStats);
    }

    long windowStart() {
        return now - settings.windowMillis();
    }

    String windowText() {
        return WatchdogSettings.fmt(settings.windowHours()) + " h";
    }

    /** The events of the window {@code [now - window, now]}, or null when the source cannot be read. */
    public EventWindow events() {
        if (window == null && eventsProblem == null) {
            try {
                window = events.window(windowStart(), now + 1);
                EventWindow.Outbox outbox = events.outbox();
                if (outbox != null) {
                    window = window.withOutbox(outbox);
                    eventStats.put("otel_spool_undelivered", outbox.files());
                }
                eventStats.put("otel_events_scanned", window.scanned());
                eventStats.put("otel_files_skipped", window.filesSkipped());
                eventStats.put("otel_problems", window.problems().size());
            } catch (ConsoleException e) {
                eventsProblem = e.getMessage();
                eventStats.put("otel_search_error", true);
            }
        }
        return window;
    }

    /**
     * Why this run cannot see the system's events, or null when it can: the source cannot be read, holds no event
     * at all, or is only the spool — an outbox that holds just the events whose ClickHouse write failed and is empty
     * on a healthy system — and that spool is empty or missing. A blind watchdog can never call the system healthy.
     */
    public String blindness() {
        EventWindow w = events();
        if (w == null) {
            return stop(eventsProblem);
        }
        Path folder = events.folder();
        boolean missing = folder != null && !Files.isDirectory(folder);
        if (events.outboxOnly()) {
            // the console's own watchdog runs join the spool it reads: they say nothing of the system
            return w.present() - w.count(EventKind.WATCHDOG) > 0 ? null : "the only source read is "
                    + events.describe() + ", an outbox (events whose ClickHouse write failed; empty on a healthy "
                    + "system), and it " + (missing ? "does not exist" : w.present() > 0
                    ? "holds only this console's own watchdog runs" : "is empty")
                    + " — point otelEvents at ClickHouse (\"source\": \"clickhouse\")";
        }
        if (w.present() > 0 || w.hint() != null) {
            return null;
        }
        return missing ? events.describe() + " does not exist (otelEvents.path)"
                : events.describe() + " holds no events at all: it is not where the running system writes them";
    }

    /** The finding of a check that needs the events while the run is blind: not checked, never OK. */
    Finding notCheckedWhileBlind(String check) {
        return Finding.of(check, Severity.INFO, "Not checked: the watchdog is blind (see otel-events)",
                Finding.ordered("blind", true));
    }

    /** Whether only the spool is read (not a store): its events are the undelivered ones, never all of them. */
    boolean outboxOnly() {
        return events.outboxOnly();
    }

    private static String stop(String message) {
        String m = message == null ? "no reason given" : message.strip();
        return m.endsWith(".") ? m.substring(0, m.length() - 1) : m;
    }

    String eventsDescription() {
        return events.describe();
    }

    Path eventsFolder() {
        return events.folder();
    }

    /** Documents of these types written in the write window ({@code writeWindowHours}). */
    long writtenInWindow(List<String> types) {
        return written(types, 1).total();
    }

    List<String> idsWrittenInWindow(List<String> types, int limit) {
        return written(types, limit).hits().stream().map(h -> "doc:" + h.doc().id()).toList();
    }

    private SearchResult written(List<String> types, int limit) {
        long from = now - (long) (settings.writeWindowHours() * 3_600_000);
        return index.search(KnowledgeQuery.text("", limit).withFilters(Map.of("type", types))
                .createdBetween(from / 1000, now / 1000));
    }
}
