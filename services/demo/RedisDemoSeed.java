package services.demo;

import java.nio.file.Path;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

/** Writes the demo's loop state ({@link DemoLoopState}) into a Redis, as a running deployment keeps it. */
public final class RedisDemoSeed {

    private RedisDemoSeed() {
    }

    /**
     * Writes the demo's loop state ({@code state/demo-redis.json} of the demo in {@code demoDir}) into Redis, with
     * the time each key has left; returns how many keys were written.
     */
    public static int seed(Path demoDir, UnifiedJedis redis) {
        List<DemoLoopState.Key> keys = DemoLoopState.read(demoDir);
        for (DemoLoopState.Key key : keys) {
            redis.set(key.key(), key.value(), key.ttlSeconds() > 0 ? SetParams.setParams().ex(key.ttlSeconds())
                    : SetParams.setParams());
        }
        return keys.size();
    }
}
