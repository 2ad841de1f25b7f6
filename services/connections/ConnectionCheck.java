package services.connections;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import services.knowledge.IndexBackend;
import services.workspace.IndexSettings;
import services.workspace.RedisSettings;
import services.workspace.Secrets;

/**
 * "Test connection": reaches the index backend (through the backend's own probe) or the Redis server the settings
 * name and says in one line what works or exactly what failed — DNS, connection refused, TLS, timeout,
 * authentication (NOAUTH/WRONGPASS). Never says a secret.
 */
public final class ConnectionCheck {

    /** The outcome: ok or not, and the one line to show. */
    public record Result(boolean ok, String line) {
    }

    private final Secrets secrets;

    public ConnectionCheck(Secrets secrets) {
        this.secrets = secrets;
    }

    /**
     * Tests the index backend the form names with its settings; {@code typedKey}, when not blank, is a key typed in
     * Settings and not saved yet.
     */
    public Result index(IndexBackend backend, IndexSettings settings, Path workspaceDir, String typedKey) {
        IndexBackend.Probe probe = backend.probe(settings, workspaceDir, secrets, typedKey);
        return new Result(probe.ok(), probe.line());
    }

    public Result redis(RedisSettings settings) {
        if (settings == null) {
            return new Result(true, "No Redis configured: failed targets live in the index only.");
        }
        List<String> hosts = new ArrayList<>();
        if (settings.url() != null) {
            URI uri = URI.create(settings.url());
            hosts.add(uri.getHost() + ":" + (uri.getPort() < 0 ? 6379 : uri.getPort()));
        }
        hosts.addAll(settings.sentinels());
        hosts.addAll(settings.cluster());
        for (String hostPort : hosts) {
            String host = hostPort.contains(":") ? hostPort.substring(0, hostPort.lastIndexOf(':')) : hostPort;
            try {
                InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                return new Result(false, "DNS: cannot resolve " + host);
            }
        }
        try {
            RedisPing.Answer answer = RedisPing.ping(settings);
            return new Result(answer.pong(), "Redis OK: " + settings.describe() + " (Redis " + answer.version() + ")");
        } catch (RuntimeException e) {
            return new Result(false, redisFailure(e, String.join(", ", hosts)));
        }
    }

    private static String redisFailure(RuntimeException e, String where) {
        List<Throwable> chain = new ArrayList<>();
        collect(e, chain);
        for (Throwable t : chain) {
            String m = t.getMessage() == null ? "" : t.getMessage();
            if (RedisPing.refusedCredentials(t, m)) {
                return "auth: " + m.lines().findFirst().orElse(m);
            }
            if (t instanceof UnknownHostException) {
                return "DNS: cannot resolve " + m;
            }
            if (t instanceof ConnectException) {
                return "refused: nothing answers on " + where;
            }
            if (t instanceof SSLException) {
                return "TLS: " + where + " — " + m;
            }
            if (t instanceof SocketTimeoutException) {
                return "timeout: no answer from " + where;
            }
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** The exception, its causes and what was suppressed along the way (Jedis keeps the socket error there). */
    private static void collect(Throwable t, List<Throwable> out) {
        if (t == null || out.contains(t) || out.size() > 20) {
            return;
        }
        out.add(t);
        collect(t.getCause(), out);
        for (Throwable s : t.getSuppressed()) {
            collect(s, out);
        }
    }
}
