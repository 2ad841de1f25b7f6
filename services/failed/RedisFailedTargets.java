package services.failed;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;
import services.redis.RedisConnectionException;
import services.redis.RedisConnector;
import services.workspace.RedisSettings;

/** {@link FailedTargets} on Redis with Jedis. Keys are found with SCAN, never KEYS. */
public final class RedisFailedTargets implements FailedTargets {

    private final UnifiedJedis redis;
    private final String where;

    public RedisFailedTargets(UnifiedJedis redis, String where) {
        this.redis = redis;
        this.where = where;
    }

    /** The failed targets in the Redis these settings name; a Redis that cannot be opened is refused with why. */
    public static FailedTargets open(RedisSettings settings) {
        UnifiedJedis client;
        try {
            client = RedisConnector.client(settings);
        } catch (RedisConnectionException e) {
            throw new FailedTargetsException(e.getMessage(), e.getCause());
        }
        return new RedisFailedTargets(client, settings.describe());
    }

    @Override
    public Members members() {
        List<Member> members = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> keys = keys();
        for (String key : keys) {
            String project = key.substring(PREFIX.length());
            String type = call(() -> redis.type(key));
            if (!"zset".equals(type)) {
                problems.add("Redis key " + key + " is a " + type + ", not a sorted set; ignored");
                continue;
            }
            for (Tuple t : call(() -> redis.zrangeWithScores(key, 0, -1))) {
                double score = t.getScore();
                if (Double.isNaN(score) || Double.isInfinite(score) || score < 0) {
                    problems.add("Redis key " + key + " member " + t.getElement() + " has the score " + score
                            + ", not a failure time in milliseconds; ignored");
                    continue;
                }
                members.add(new Member(project, t.getElement(), (long) score));
            }
        }
        return new Members(members, problems, keys.size());
    }

    private List<String> keys() {
        List<String> keys = new ArrayList<>();
        ScanParams params = new ScanParams().match(PREFIX + "*").count(500);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            String at = cursor;
            ScanResult<String> page = call(() -> redis.scan(at, params));
            keys.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
        return keys.stream().distinct().sorted().toList();
    }

    @Override
    public boolean remove(String project, String target) {
        return call(() -> redis.zrem(PREFIX + project, target)) > 0;
    }

    @Override
    public long pruneBefore(long cutoffMillis) {
        long removed = 0;
        for (String key : keys()) {
            if ("zset".equals(call(() -> redis.type(key)))) {
                removed += call(() -> redis.zremrangeByScore(key, "-inf", "(" + cutoffMillis));
            }
        }
        return removed;
    }

    @Override
    public long pruneAfter(long maxMillis) {
        long removed = 0;
        for (String key : keys()) {
            if ("zset".equals(call(() -> redis.type(key)))) {
                removed += call(() -> redis.zremrangeByScore(key, "(" + maxMillis, "+inf"));
            }
        }
        return removed;
    }

    @Override
    public void add(String project, String target, long scoreMillis) {
        call(() -> redis.zadd(PREFIX + project, scoreMillis, target));
    }

    @Override
    public String describe() {
        return "Redis " + where;
    }

    private <T> T call(Supplier<T> command) {
        try {
            return command.get();
        } catch (JedisException e) {
            throw new FailedTargetsException("Redis " + where + " failed: " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String message) {
        return message == null ? "no answer" : message.lines().findFirst().orElse(message);
    }

    @Override
    public void close() {
        redis.close();
    }
}
