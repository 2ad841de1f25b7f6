package services.watchdog;

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

    String eventsDescription() {
        return events.describe();
    }

    Path eventsFolder() {
        return events.folder();
    }

    /** The finding of a check that needs the events when they cannot be read. */
    Finding eventsUnreadable(String check) {
        return Finding.of(check, Severity.WARNING, "Cannot read " + events.describe() + ": " + eventsProblem,
                Finding.ordered());
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
