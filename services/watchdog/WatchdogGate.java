package services.watchdog;

/**
 * {@code knowledge:watchdog:last_run} (formats.md part 9): when any watchdog — this console's or the system's own
 * — last ran, in epoch milliseconds, so that two never run within the gate interval.
 */
public interface WatchdogGate extends AutoCloseable {

    /** The last run, or null when none is recorded. */
    Long lastRun();

    void record(long epochMillis);

    String describe();

    /** Lets go of the connection behind it, if any. */
    @Override
    default void close() {
    }
}
