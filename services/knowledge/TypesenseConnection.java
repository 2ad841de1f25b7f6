package services.knowledge;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import javax.net.ssl.SSLException;
import org.typesense.api.Client;
import org.typesense.api.Configuration;
import org.typesense.api.exceptions.ServerError;
import org.typesense.api.exceptions.ServiceUnavailable;
import org.typesense.api.exceptions.TypesenseError;
import org.typesense.resources.Node;

/**
 * A typesense-java client for a node list, and the one way its requests are made: retried with backoff (doubling
 * from {@code backoff}, at most 5 s) on 503, 500, timeouts and connection failures, moving to the next node; other
 * answers become messages that say what was asked and what Typesense said. The API key goes in a header only and
 * is scrubbed from every message.
 */
public final class TypesenseConnection {

    private final List<String> nodes;
    private final String apiKey;
    private final int attempts;
    private final Duration backoff;
    private final Client client;

    /** The first pause between attempts; it doubles up to 5 s. */
    public static final Duration BACKOFF = Duration.ofMillis(200);

    /** Attempts per request for a node list: twice the nodes, at least 3. */
    public static int attempts(List<String> nodes) {
        return Math.max(3, 2 * nodes.size());
    }

    /** A connection with the default retry policy. */
    public static TypesenseConnection of(List<String> nodes, String apiKey, int timeoutSeconds) {
        return new TypesenseConnection(nodes, apiKey, Duration.ofSeconds(timeoutSeconds), attempts(nodes), BACKOFF);
    }

    public TypesenseConnection(List<String> nodes, String apiKey, Duration timeout, int attempts, Duration backoff) {
        this.nodes = List.copyOf(nodes);
        this.apiKey = apiKey;
        this.attempts = Math.max(1, attempts);
        this.backoff = backoff;
        List<Node> parsed = new ArrayList<>();
        for (String url : nodes) {
            parsed.add(node(url));
        }
        Configuration config = new Configuration(parsed, timeout, timeout, apiKey);
        config.numRetries = 1; // retries, backoff and their messages are ours (call)
        config.retryInterval = Duration.ZERO;
        this.client = new Client(config);
    }

    public Client client() {
        return client;
    }

    static Node node(String url) {
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw new KnowledgeIndexException("Typesense node \"" + url + "\" is not a URL like https://host:8108.");
        }
        if (uri.getScheme() == null || uri.getHost() == null || !uri.getScheme().matches("https?")) {
            throw new KnowledgeIndexException("Typesense node \"" + url + "\" is not a URL like https://host:8108.");
        }
        int port = uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        Node node = new Node(uri.getScheme(), uri.getHost(), String.valueOf(port));
        String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/+$", "");
        node.path = path;
        node.baseUrl = node.baseUrl + path;
        return node;
    }

    /** Runs one request, retrying what a retry can mend; messages name what was asked and never the key. */
    public <T> T call(String what, Callable<T> request) {
        Exception last = null;
        long pause = backoff.toMillis();
        for (int attempt = 1; attempt <= attempts; attempt++) {
            try {
                return request.call();
            } catch (ServiceUnavailable | ServerError | IOException e) {
                last = e;
            } catch (TypesenseError e) {
                throw refused(what, e);
            } catch (KnowledgeIndexException e) {
                throw e;
            } catch (Exception e) {
                if (e.getClass().getPackageName().startsWith("java.net") || e instanceof SSLException) {
                    last = e;
                } else {
                    throw new KnowledgeIndexException("Typesense: cannot " + what + ": " + describe(e), e);
                }
            }
            if (attempt < attempts) {
                sleep(pause);
                pause = Math.min(pause * 2, 5_000);
            }
        }
        throw new KnowledgeIndexException("Typesense is unreachable: could not " + what + " after " + attempts
                + " attempts on " + String.join(", ", nodes) + " — last error: " + describe(last), last);
    }

    private KnowledgeIndexException refused(String what, TypesenseError e) {
        String why = switch (e.status) {
            case 401, 403 -> "the API key was refused (" + e.status + ") — check the key's environment variable or file";
            case 404 -> "not found (404): " + scrub(e.message);
            default -> "Typesense answered " + e.status + ": " + scrub(e.message);
        };
        return new KnowledgeIndexException("Typesense: cannot " + what + ": " + why, e);
    }

    private String describe(Exception e) {
        if (e == null) {
            return "unknown";
        }
        return scrub(e instanceof TypesenseError t ? t.status + " " + t.message : e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }

    private String scrub(String text) {
        return apiKey == null || apiKey.isEmpty() || text == null ? text : text.replace(apiKey, "***");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KnowledgeIndexException("Interrupted while waiting to retry Typesense");
        }
    }
}
