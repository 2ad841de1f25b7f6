package services.knowledge;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
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
import services.errors.ConsoleException;
import services.workspace.IndexSettings;
import services.workspace.Secrets;

/**
 * The Typesense backend's connection test: reaches each node and says in one line what works or exactly what
 * failed — DNS, connection refused, TLS, timeout, authentication (401), a missing collection. Never says the key.
 */
final class TypesenseProbe {

    private final ObjectMapper json = new ObjectMapper();

    IndexBackend.Probe test(IndexSettings settings, Path workspaceDir, Secrets secrets) {
        String key;
        try {
            key = secrets.typesenseKey(settings, workspaceDir);
        } catch (ConsoleException e) {
            return new IndexBackend.Probe(false, "API key: " + e.getMessage());
        }
        return testWithKey(settings, key);
    }

    /** The same with a key typed in Settings and not saved yet. */
    IndexBackend.Probe testWithKey(IndexSettings settings, String key) {
        if (settings.nodes().isEmpty()) {
            return new IndexBackend.Probe(false, "No Typesense node is given (index.nodes).");
        }
        Duration timeout = Duration.ofSeconds(settings.timeoutSeconds());
        HttpClient http = HttpClient.newBuilder().connectTimeout(timeout).build();
        List<String> good = new ArrayList<>();
        for (String node : settings.nodes()) {
            String failure = probe(http, node, settings.collection(), key, timeout, good);
            if (failure != null) {
                return new IndexBackend.Probe(false, failure + (settings.nodes().size() > 1 ? " (node " + node + ")" : ""));
            }
        }
        return new IndexBackend.Probe(true, "Typesense OK: " + String.join("; ", good));
    }

    /** Null when the node is fine (its line added to {@code good}), else the failure. */
    private String probe(HttpClient http, String node, String collection, String key, Duration timeout, List<String> good) {
        URI base;
        try {
            base = URI.create(node.strip().replaceAll("/+$", ""));
        } catch (IllegalArgumentException e) {
            return "\"" + node + "\" is not a URL like https://host:8108";
        }
        if (base.getHost() == null || base.getScheme() == null || !base.getScheme().matches("https?")) {
            return "\"" + node + "\" is not a URL like https://host:8108";
        }
        String host = base.getHost();
        int port = base.getPort() > 0 ? base.getPort() : "https".equals(base.getScheme()) ? 443 : 80;
        try {
            InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            return "DNS: cannot resolve " + host;
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/collections/"
                + URLEncoder.encode(collection, StandardCharsets.UTF_8))).header("X-TYPESENSE-API-KEY", key)
                .timeout(timeout).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            int code = response.statusCode();
            if (code == 200) {
                long docs = json.readTree(response.body()).path("num_documents").asLong();
                good.add(host + ":" + port + " has " + collection + " (" + docs + " documents)");
                return null;
            }
            String message = message(response.body());
            return switch (code) {
                case 401, 403 -> "auth: " + host + ":" + port + " refused the API key (" + code + ")";
                case 404 -> "missing collection: " + host + ":" + port + " answers and accepts the key, but has no "
                        + collection + " (the first sync creates it)";
                default -> host + ":" + port + " answered " + code + (message.isEmpty() ? "" : ": " + message);
            };
        } catch (ConnectException e) {
            return "refused: nothing answers on " + host + ":" + port;
        } catch (HttpTimeoutException e) {
            return "timeout: no answer from " + host + ":" + port + " within " + timeout.toSeconds() + " s";
        } catch (SSLException e) {
            return "TLS: " + host + ":" + port + " — " + e.getMessage();
        } catch (IOException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SSLException ssl) {
                return "TLS: " + host + ":" + port + " — " + ssl.getMessage();
            }
            return host + ":" + port + ": " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "cancelled";
        }
    }

    private String message(String body) {
        try {
            return json.readTree(body).path("message").asText("");
        } catch (IOException notJson) {
            return "";
        }
    }

}
