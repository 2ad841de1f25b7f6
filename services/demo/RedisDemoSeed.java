package services.demo;

import java.nio.file.Path;
import java.util.List;
import services.errors.ConsoleException;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/** Writes the demo's loop state ({@link DemoLoopState}) into a Redis, as a running deployment keeps it. */
public final class RedisDemoSeed {

    private RedisDemoSeed() {
    }

    /** {@link #seed(Path, UnifiedJedis, String)} into the workspace's Redis. */
    public static int seed(Path demoDir, UnifiedJedis redis) {
        return seed(demoDir, redis, "the workspace's Redis");
    }

    /**
     * Writes the demo's loop state ({@code state/demo-redis.json} of the demo in {@code demoDir}) into Redis, with
     * the time each key has left; returns how many keys were written. A Redis that does not answer (or refuses the
     * writes) is a refusal naming it: the demo's files are written by then, and the same command writes them again.
     */
    public static int seed(Path demoDir, UnifiedJedis redis, String where) {
        List<DemoLoopState.Key> keys = DemoLoopState.read(demoDir);
        try {
            for (DemoLoopState.Key key : keys) {
                redis.set(key.key(), key.value(), key.ttlSeconds() > 0 ? SetParams.setParams().ex(key.ttlSeconds())
                        : SetParams.setParams());
            }
        } catch (JedisException e) {
            String why = e.getMessage() == null ? "no answer" : e.getMessage().lines().findFirst().orElse("no answer");
            throw new ConsoleException("The demo workspace is written to " + demoDir + ", but its loop state could not "
                    + "be written to the Redis at " + where + ": " + why + " Start that Redis (or give another --redis) "
                    + "and run the demo command again.", e);
        }
        return keys.size();
    }
}
