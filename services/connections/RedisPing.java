package services.connections;

import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import services.redis.RedisConnector;
import services.workspace.RedisSettings;

/** The Redis half of "Test connection": a PING and the server's version, over the connection the settings name. */
final class RedisPing {

    /** @param pong whether the server answered PONG; @param version its {@code redis_version}, or "?" */
    record Answer(boolean pong, String version) {
    }

    private RedisPing() {
    }

    /** Connects, pings and reads the server's version; a failure to connect or authenticate is thrown as is. */
    static Answer ping(RedisSettings settings) {
        try (UnifiedJedis redis = RedisConnector.client(settings)) {
            String pong = redis.ping();
            String info = redis.info("server");
            String version = info.lines().filter(l -> l.startsWith("redis_version:")).map(l -> l.substring(14).strip())
                    .findFirst().orElse("?");
            return new Answer("PONG".equalsIgnoreCase(pong), version);
        }
    }

    /** Whether this link of a failure's chain is the server refusing the credentials. */
    static boolean refusedCredentials(Throwable t, String message) {
        return t instanceof JedisDataException
                && (message.contains("NOAUTH") || message.contains("WRONGPASS") || message.contains("NOPERM"));
    }
}
