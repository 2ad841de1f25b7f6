package services.redis;

/**
 * The Redis key where the running system's watchdog (and ours) notes its last run, in epoch milliseconds. Shared
 * ground, so the brief reads it without going through the watchdog.
 */
public final class WatchdogLastRun {

    public static final String KEY = "knowledge:watchdog:last_run";

    private WatchdogLastRun() {
    }

    /** The key's value as epoch ms, or null when absent or not a number. */
    public static Long parse(String raw) {
        try {
            return raw == null ? null : Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
