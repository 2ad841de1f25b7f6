package services.watchdog;

import redis.clients.jedis.UnifiedJedis;
import services.redis.WatchdogLastRun;

/** The gate in Redis, shared with the running system's own watchdog. */
public final class RedisWatchdogGate implements WatchdogGate {

    public static final String KEY = WatchdogLastRun.KEY;

    private final UnifiedJedis redis;

    public RedisWatchdogGate(UnifiedJedis redis) {
        this.redis = redis;
    }

    @Override
    public Long lastRun() {
        return parse(redis.get(KEY));
    }

    /** The key's value as epoch ms, or null when absent or not a number. */
    public static Long parse(String raw) {
        return WatchdogLastRun.parse(raw);
    }

    @Override
    public void record(long epochMillis) {
        redis.set(KEY, Long.toString(epochMillis));
    }

    @Override
    public String describe() {
        return "Redis " + KEY;
    }

    @Override
    public void close() {
        redis.close();
    }
}
