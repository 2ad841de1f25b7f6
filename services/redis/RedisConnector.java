package services.redis;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.RedisSentinelClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import services.text.UrlCredentials;
import services.workspace.RedisSettings;

/**
 * Opens Redis as the workspace says: standalone URL (TLS with rediss://), Sentinel or Cluster. Shared ground:
 * every feature that reads Redis (failed targets, loops, the watchdog's gate, the connection check) opens it here.
 */
public final class RedisConnector {

    private RedisConnector() {
    }

    /** A Jedis client for these settings (the caller closes it); a missing password variable is named. */
    public static UnifiedJedis client(RedisSettings settings) {
        String password = null;
        if (settings.passwordEnv() != null) {
            password = System.getenv(settings.passwordEnv());
            if (password == null) {
                throw new RedisConnectionException("The environment variable " + settings.passwordEnv()
                        + " (redis.passwordEnv) is not set.");
            }
        }
        try {
            return client(settings, password);
        } catch (RuntimeException e) {
            throw new RedisConnectionException("Cannot connect to " + settings.describe() + ": "
                    + UrlCredentials.scrub(e.getMessage()), e);
        }
    }

    private static UnifiedJedis client(RedisSettings s, String password) {
        if (s.url() != null) {
            URI uri = URI.create(s.url());
            String user = uri.getUserInfo() == null ? null : uri.getUserInfo().split(":")[0];
            String path = uri.getPath() == null ? "" : uri.getPath().replace("/", "");
            JedisClientConfig config = config(user, password, "rediss".equals(uri.getScheme()),
                    path.isEmpty() ? 0 : Integer.parseInt(path));
            return RedisClient.builder().hostAndPort(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort())
                    .clientConfig(config).build();
        }
        JedisClientConfig config = config(s.user(), password, s.tls(), 0);
        if (!s.sentinels().isEmpty()) {
            return RedisSentinelClient.builder().masterName(s.masterName()).sentinels(nodes(s.sentinels()))
                    .clientConfig(config).build();
        }
        return RedisClusterClient.builder().nodes(nodes(s.cluster())).clientConfig(config).build();
    }

    private static JedisClientConfig config(String user, String password, boolean ssl, int database) {
        return DefaultJedisClientConfig.builder().user(user).password(password).ssl(ssl).database(database)
                .connectionTimeoutMillis(3000).socketTimeoutMillis(3000).clientName("brain-console").build();
    }

    private static Set<HostAndPort> nodes(List<String> list) {
        return list.stream().map(HostAndPort::from).collect(Collectors.toSet());
    }

    /** Every key that starts with {@code prefix}, by SCAN (never KEYS), each once, sorted. */
    public static List<String> keys(UnifiedJedis redis, String prefix) {
        List<String> keys = new ArrayList<>();
        ScanParams params = new ScanParams().match(prefix + "*")
                .count(500);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, params);
            keys.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
        return keys.stream().distinct().sorted().toList();
    }
}
