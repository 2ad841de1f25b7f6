package app.compose;

import java.time.Duration;
import services.errors.ConsoleException;
import services.knowledge.TypesenseConnection;
import services.watchdog.ClickHouseOtelEvents;
import services.watchdog.ClickHouseSettings;
import services.watchdog.JsonlOtelEvents;
import services.watchdog.OtelEventSource;
import services.watchdog.SpoolOtelEvents;
import services.watchdog.TypesenseOtelEvents;
import services.tasks.Lanes;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;

/**
 * The registry of the watchdog's OTEL event sources ({@code otelEvents.source}): {@code clickhouse} (the running
 * system's store, over HTTP; see {@link ClickHouseSettings}), {@code typesense} (the collection
 * {@code otelEvents.collection}, default {@code otel_events}, on the nodes and key of {@code index} — deleted upstream
 * in July 2026), {@code spool} (only the running system's outbox of {@code {event, queuedAt}} files in
 * {@code otelEvents.path}: events whose ClickHouse write failed — empty on a healthy system, so a watchdog reading
 * only it is blind), or {@code jsonl} (the embedded default: {@code *.jsonl} in {@code otelEvents.path}). Beside
 * ClickHouse and Typesense the spool {@code otelEvents.spool} (default {@code ~/.joelclaw/spool/otel}) is read for
 * undelivered events.
 */
final class OtelSources {

    private OtelSources() {
    }

    static OtelEventSource open(Workspace workspace, Secrets secrets, Lanes lanes) {
        var events = workspace.settings().otelEvents();
        String source = events.source();
        switch (source) {
            case "spool":
                return new SpoolOtelEvents(workspace.otelDir());
            case "clickhouse":
                try {
                    return new ClickHouseOtelEvents(ClickHouseSettings.of(events.clickHouse(), System.getenv()),
                            Duration.ofSeconds(10)).withOutbox(workspace.otelSpoolDir());
                } catch (ConsoleException e) {
                    return OtelEventSource.unavailable("the ClickHouse OTEL events", e).withOutbox(workspace.otelSpoolDir());
                }
            case "jsonl":
                return new JsonlOtelEvents(workspace.otelDir()).readingIn(lanes);
            case "typesense":
                IndexSettings s = workspace.index();
                if (s.nodes().isEmpty()) {
                    throw new ConsoleException("otelEvents.source is \"typesense\" but index.nodes names no "
                            + "Typesense node in " + workspace.dir().resolve(Workspace.FILE_NAME));
                }
                return new TypesenseOtelEvents(TypesenseConnection.of(s.nodes(),
                        secrets.typesenseKey(s, workspace.dir()), s.timeoutSeconds()),
                        events.collection()).withOutbox(workspace.otelSpoolDir());
            default:
                throw new ConsoleException("otelEvents.source \"" + source + "\" is unknown: use \"spool\", "
                        + "\"clickhouse\", \"jsonl\" or \"typesense\" in " + workspace.dir().resolve(Workspace.FILE_NAME));
        }
    }
}
