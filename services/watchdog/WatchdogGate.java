package services.watchdog;

/**
 * When a watchdog last ran, so that runs within the gate interval are skipped. The console keeps its own gate; the
 * running system's watchdog keeps {@code knowledge:watchdog:last_run} in Redis (running-system.md part 10), which
 * the console reads to show when that one last ran, and writes only when its own run did that watchdog's work —
 * pruning expired {@code failed_target} documents and recovering the collection — on that same Typesense
 * collection ({@link #recordShared}). A run over the console's own index never silences the running watchdog.
 */
public interface WatchdogGate extends AutoCloseable {

    /** The last run that gates this console's runs, or null when none is recorded. */
    Long lastRun();

    /** Records this console's run in its own gate. */
    void record(long epochMillis);

    String describe();

    /**
     * Records a run that did the running system's watchdog's work in the key that watchdog reads; returns whether it
     * was written (false when this gate does not share that watchdog's collection).
     */
    default boolean recordShared(long epochMillis) {
        return false;
    }

    /** When the running system's watchdog (or a run that did its work) last ran, or null when unknown or never. */
    default Long systemLastRun() {
        return null;
    }

    /** Where the running system's watchdog notes its runs ({@code Redis knowledge:watchdog:last_run}), or null. */
    default String systemKey() {
        return null;
    }

    /** Why a run does not write the running watchdog's key (null when it may). */
    default String notShared() {
        return "no Redis is configured: the running system's watchdog gate is not reachable";
    }

    /** Lets go of the connection behind it, if any. */
    @Override
    default void close() {
    }
}
