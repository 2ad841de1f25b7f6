package testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Not Typesense: a local HTTP server that records every request a Typesense client sends (method, path, query
 * parameters, body, headers) and answers with bodies in Typesense's documented shapes that a test scripts — once
 * ({@link #once}) or every time ({@link #always}). Unscripted requests get Typesense's 404 body.
 */
public final class FakeTypesense implements AutoCloseable {

    /**
     * One request as received: {@code path} decoded, {@code rawPath} as sent (a document id's {@code %2F} stays
     * {@code %2F} there, so a test can tell one path segment from two).
     */
    public record Request(String method, String path, Map<String, String> query, String body, String apiKey,
                          String rawPath) {
    }

    private record Answer(int status, String body, long delayMillis, Function<Request, String> make) {
        Answer(int status, String body, long delayMillis) {
            this(status, body, delayMillis, null);
        }
    }

    private final HttpServer server;
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Deque<Answer>> once = new ConcurrentHashMap<>();
    private final Map<String, Answer> always = new ConcurrentHashMap<>();

    public FakeTypesense() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public FakeTypesense always(String method, String path, int status, String body) {
        always.put(method + " " + path, new Answer(status, body, 0));
        return this;
    }

    /** Answers every such request with 200 and a body made from the request (an import's per-line results). */
    public FakeTypesense answer(String method, String path, Function<Request, String> make) {
        always.put(method + " " + path, new Answer(200, "", 0, make));
        return this;
    }

    /** An import that takes every document: one {@code {"success":true}} line per line sent. */
    public static String importOk(Request r) {
        return String.join("\n", r.body().lines().map(l -> "{\"success\":true}").toList());
    }

    public FakeTypesense once(String method, String path, int status, String body) {
        return once(method, path, status, body, 0);
    }

    public FakeTypesense once(String method, String path, int status, String body, long delayMillis) {
        once.computeIfAbsent(method + " " + path, k -> new ArrayDeque<>()).add(new Answer(status, body, delayMillis));
        return this;
    }

    public List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    public List<Request> requests(String method, String path) {
        return requests().stream().filter(r -> r.method().equals(method) && r.path().equals(path)).toList();
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath().replaceAll("/+", "/"); // the client sends documents//import
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        Map<String, String> query = new LinkedHashMap<>();
        String raw = ex.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                query.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Request request = new Request(ex.getRequestMethod(), path, query, body,
                ex.getRequestHeaders().getFirst("X-TYPESENSE-API-KEY"), ex.getRequestURI().getRawPath());
        requests.add(request);
        String key = ex.getRequestMethod() + " " + path;
        Deque<Answer> queued = once.get(key);
        Answer answer = queued != null && !queued.isEmpty() ? queued.poll()
                : always.getOrDefault(key, new Answer(404, "{\"message\": \"Not Found\"}", 0));
        if (answer.delayMillis() > 0) {
            try {
                Thread.sleep(answer.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String text = answer.make() != null ? answer.make().apply(request) : answer.body();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        try {
            ex.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                ex.getResponseBody().write(bytes);
            }
        } catch (IOException clientGone) {
            // the client timed out and hung up: nothing to answer
        }
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
