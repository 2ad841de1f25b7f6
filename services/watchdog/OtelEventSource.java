package services.watchdog;

/**
 * Where the agent system's OTEL events are read from (formats.md part 8): JSON-lines files (the embedded default)
 * or the Typesense {@code otel_events} collection. Windows are half-open, {@code [from, to)}, in epoch milliseconds.
 */
public interface OtelEventSource {

    EventWindow window(long fromMillis, long toMillis);

    /** Where the events come from, for messages. */
    String describe();
}
