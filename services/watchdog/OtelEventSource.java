package services.watchdog;

import java.nio.file.Path;
import services.errors.ConsoleException;

/**
 * Where the agent system's OTEL events are read from (running-system.md part 6): the local spool of
 * {@code {event, queuedAt}} files, ClickHouse (the running system's default store), JSON-lines files, or the
 * Typesense {@code otel_events} collection. Windows are half-open, {@code [from, to)}, in epoch milliseconds.
 */
public interface OtelEventSource {

    EventWindow window(long fromMillis, long toMillis);

    /** Where the events come from, for messages. */
    String describe();

    /**
     * A source whose settings are wrong (an unset password variable, a bad table name): every read fails with that
     * message, so the watchdog reports it as a finding instead of failing to start.
     */
    static OtelEventSource unavailable(String what, ConsoleException why) {
        return new OtelEventSource() {
            @Override
            public EventWindow window(long fromMillis, long toMillis) {
                throw why;
            }

            @Override
            public String describe() {
                return what;
            }
        };
    }

    /**
     * Whether this source is only the running system's spool: an outbox of the events whose ClickHouse write failed,
     * empty on a healthy system, so never a source of every event.
     */
    default boolean outboxOnly() {
        return false;
    }

    /** The spool read beside this store (its undelivered events), or null when none is. */
    default EventWindow.Outbox outbox() {
        return null;
    }

    /** This store with the running system's spool read beside it: its undelivered events are a finding. */
    default OtelEventSource withOutbox(Path spool) {
        OtelEventSource store = this;
        return new OtelEventSource() {
            @Override
            public EventWindow window(long fromMillis, long toMillis) {
                return store.window(fromMillis, toMillis);
            }

            @Override
            public String describe() {
                return store.describe();
            }

            @Override
            public Path folder() {
                return store.folder();
            }

            @Override
            public EventWindow.Outbox outbox() {
                return SpoolOtelEvents.outbox(spool);
            }
        };
    }

    /** The folder the events are files in, or null for a database. */
    default Path folder() {
        return null;
    }
}
