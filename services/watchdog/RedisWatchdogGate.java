package services.watchdog;

import redis.clients.jedis.UnifiedJedis;
import services.redis.WatchdogLastRun;

/**
 * The running system's gate {@code knowledge:watchdog:last_run} in Redis, beside the console's own gate. It is read
 * to show when the running watchdog last ran. Only a console over that watchdog's own Typesense collection
 * ({@code sharedCollection}) honours it and writes it, and only for a run that did the same work
 * ({@link WatchdogGate#recordShared}); over any other index ({@code notShared} says which) the key is never written,
 * so the running watchdog keeps pruning and recovering on its own schedule.
 */
public final class RedisWatchdogGate implements WatchdogGate {

    public static final String KEY = WatchdogLastRun.KEY;

    private final UnifiedJedis redis;
    private final WatchdogGate own;
    private final String notShared;

    /**
     * @param own       the console's own gate
     * @param notShared why this console's runs do not do the running watchdog's work (its index is not that
     *                  watchdog's Typesense collection), or null when they do
     */
    public RedisWatchdogGate(UnifiedJedis redis, WatchdogGate own, String notShared) {
        this.redis = redis;
        this.own = own;
        this.notShared = notShared;
    }

    @Override
    public Long lastRun() {
        Long mine = own.lastRun();
        if (notShared != null) {
            return mine;
        }
        Long system = systemLastRun();
        return mine == null ? system : system == null ? mine : Math.max(mine, system);
    }

    @Override
    public Long systemLastRun() {
        return parse(redis.get(KEY));
    }

    /** The key's value as epoch ms, or null when absent or not a number. */
    public static Long parse(String raw) {
        return WatchdogLastRun.parse(raw);
    }

    @Override
    public void record(long epochMillis) {
        own.record(epochMillis);
    }

    @Override
    public boolean recordShared(long epochMillis) {
        if (notShared != null) {
            return false;
        }
        redis.set(KEY, Long.toString(epochMillis));
        return true;
    }

    @Override
    public String systemKey() {
        return "Redis " + KEY;
    }

    @Override
    public String notShared() {
        return notShared;
    }

    @Override
    public String describe() {
        return notShared == null ? own.describe() + " and Redis " + KEY : own.describe();
    }

    @Override
    public void close() {
        own.close();
        redis.close();
    }
}
