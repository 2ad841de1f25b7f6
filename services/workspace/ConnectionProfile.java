package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.text.UrlCredentials;

/**
 * A workspace's connections as the Settings screen edits them: the index backend and the keys of {@code index}
 * (nodes, API key source, collection, timeout — which of them a backend reads is its own {@link IndexField}s); Redis standalone, Sentinel or Cluster with ACL user, TLS and password variable; and the
 * read-only switch, and whether semantic search embeds documents. {@link #problems()} checks every field and names it; {@link #save} writes the keys into
 * {@code workspace.json} (other keys kept) and a newly typed API key into a file only its owner can read — the key
 * itself is never put in workspace.json, never shown again, never logged.
 */
public record ConnectionProfile(String backend, String nodes, String keySource, String keyEnv, String keyFile,
                                String collection, String timeoutSeconds, String redisMode, String redisUrl,
                                String sentinels, String masterName, String cluster, String redisUser, boolean redisTls,
                                String redisPasswordEnv, boolean readOnly, boolean semantic) {

    public static final String DEFAULT_KEY_FILE = "state/typesense.key";

    /** The profile a workspace has now. */
    public static ConnectionProfile of(Workspace ws) {
        IndexSettings i = ws.index();
        RedisSettings r = ws.redis();
        String mode = r == null ? "none" : r.url() != null ? "standalone" : !r.sentinels().isEmpty() ? "sentinel" : "cluster";
        return new ConnectionProfile(i.backend(), String.join("\n", i.nodes()), i.apiKeyFile() != null ? "file" : "env",
                i.apiKeyEnv() == null ? "TYPESENSE_API_KEY" : i.apiKeyEnv(),
                i.apiKeyFile() == null ? DEFAULT_KEY_FILE : i.apiKeyFile(), i.collection(),
                String.valueOf(i.timeoutSeconds()), mode, r == null || r.url() == null ? "" : r.url(),
                r == null ? "" : String.join(", ", r.sentinels()), r == null || r.masterName() == null ? "" : r.masterName(),
                r == null ? "" : String.join(", ", r.cluster()), r == null || r.user() == null ? "" : r.user(),
                r != null && r.tls(), r == null || r.passwordEnv() == null ? "" : r.passwordEnv(), ws.readOnly(),
                SemanticSettings.of(ws).enabled());
    }

    /**
     * Field → what is wrong with it, for any backend: the shape of each value workspace.json holds (node URLs, the
     * key's source when nodes are given, the collection, the timeout) and the Redis fields. What a backend needs
     * beyond that (Typesense: at least one node, a key) is {@link #problems(IndexBackendKeys)}.
     */
    public Map<String, String> problems() {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> nodeList = lines(nodes);
        for (int n = 0; n < nodeList.size(); n++) {
            if (!isNodeUrl(nodeList.get(n))) {
                out.put("nodes", "Line " + (n + 1) + ": \"" + nodeList.get(n) + "\" is not a URL like https://ts-1:8108");
                break;
            }
        }
        if (!nodeList.isEmpty() && keyProblem() != null) {
            out.put("key", keyProblem());
        }
        if (collection == null || !collection.matches("[A-Za-z0-9_-]{1,100}")) {
            out.put("collection", "A collection name is letters, digits, _ and -.");
        }
        if (timeoutSeconds == null || !timeoutSeconds.strip().matches("\\d{1,3}") || Integer.parseInt(timeoutSeconds.strip()) < 1
                || Integer.parseInt(timeoutSeconds.strip()) > 600) {
            out.put("timeout", "The timeout is a whole number of seconds from 1 to 600.");
        }
        switch (redisMode) {
            case "standalone" -> {
                String urlProblem = redisUrlProblem(redisUrl);
                if (urlProblem != null) {
                    out.put("redisUrl", urlProblem);
                } else if (UrlCredentials.hasSecret(redisUrl)) {
                    out.put("redisUrl", "Put no password in the URL: name an environment variable below instead.");
                }
            }
            case "sentinel" -> {
                if (!hostPorts(sentinels)) {
                    out.put("sentinels", "Give the Sentinels as host:port, separated by commas.");
                }
                if (masterName == null || masterName.isBlank()) {
                    out.put("masterName", "Sentinel needs the master's name (e.g. mymaster).");
                }
            }
            case "cluster" -> {
                if (!hostPorts(cluster)) {
                    out.put("cluster", "Give the cluster nodes as host:port, separated by commas.");
                }
            }
            default -> {
            }
        }
        if (!"none".equals(redisMode) && redisPasswordEnv != null && !redisPasswordEnv.isBlank() && !isVariable(redisPasswordEnv)) {
            out.put("redisPasswordEnv", "\"" + redisPasswordEnv + "\" is not an environment variable name.");
        }
        return out;
    }

    /** {@link #problems()} and what the chosen backend needs of its fields; empty when the profile can be saved. */
    public Map<String, String> problems(IndexBackendKeys chosen) {
        Map<String, String> out = problems();
        chosen.problems(this).forEach(out::putIfAbsent);
        return out;
    }

    /** What is wrong with where the API key comes from (a variable's name, a file's name), or null. */
    public String keyProblem() {
        if ("env".equals(keySource) && !isVariable(keyEnv)) {
            return "\"" + keyEnv + "\" is not an environment variable name (letters, digits, _).";
        }
        if ("file".equals(keySource) && (keyFile == null || keyFile.isBlank())) {
            return "Name the file that holds the key (mode 0600), e.g. " + DEFAULT_KEY_FILE + ".";
        }
        return null;
    }

    public IndexSettings index(int embeddingDimensions) {
        boolean file = "file".equals(keySource);
        return new IndexSettings(backend, lines(nodes), file ? null : keyEnv.strip(), file ? keyFile.strip() : null,
                collection.strip(), Integer.parseInt(timeoutSeconds.strip()), embeddingDimensions);
    }

    public RedisSettings redis() {
        String password = redisPasswordEnv == null || redisPasswordEnv.isBlank() ? null : redisPasswordEnv.strip();
        String user = redisUser == null || redisUser.isBlank() ? null : redisUser.strip();
        return switch (redisMode) {
            case "standalone" -> new RedisSettings(redisUrl.strip(), List.of(), null, List.of(), password, null, false);
            case "sentinel" -> new RedisSettings(null, list(sentinels), masterName.strip(), List.of(), password, user, redisTls);
            case "cluster" -> new RedisSettings(null, List.of(), null, list(cluster), password, user, redisTls);
            default -> null;
        };
    }

    /**
     * Writes the profile into {@code workspace.json}; {@code newKey}, when given, goes into the key file (0600)
     * and the profile then reads the key from that file. Nothing is written unless every field, and what
     * {@code chosen} (the backend the profile names) needs of them, is right.
     */
    public void save(Path workspaceDir, String newKey, IndexBackendKeys chosen) {
        save(workspaceDir, newKey, null, chosen);
    }

    /**
     * Saves only the groups of keys — index, redis, readOnly, semantic — that differ from {@code before} (the
     * profile as the file had it; null writes every group), so a save adds no default the user never set.
     */
    public void save(Path workspaceDir, String newKey, ConnectionProfile before, IndexBackendKeys chosen) {
        Map<String, String> wrong = problems(chosen);
        if (!wrong.isEmpty()) {
            throw new WorkspaceException("Settings not saved: " + wrong.values().iterator().next());
        }
        boolean typedKey = newKey != null && !newKey.isBlank();
        if (typedKey) {
            Path file = workspaceDir.resolve(keyFile == null || keyFile.isBlank() ? DEFAULT_KEY_FILE : keyFile.strip());
            Secrets.writePrivate(file, newKey.strip());
        }
        boolean index = before == null || typedKey || !indexKeys().equals(before.indexKeys());
        boolean redisChanged = before == null || !redisKeys().equals(before.redisKeys());
        boolean readOnlyChanged = before == null || readOnly != before.readOnly();
        boolean semanticChanged = before == null || semantic != before.semantic();
        new WorkspaceFile(workspaceDir).update(root -> {
            if (index) {
                writeIndex(root, typedKey, before);
            }
            if (redisChanged) {
                writeRedis(root);
            }
            if (readOnlyChanged) {
                root.put("readOnly", readOnly);
            }
            if (semanticChanged) {
                JsonNode sem = root.get("semantic");
                (sem instanceof ObjectNode o ? o : root.putObject("semantic"))
                        .put("enabled", semantic);
            }
        });
    }

    private List<String> indexKeys() {
        return Arrays.asList(backend, nodes, keySource, keyEnv, keyFile, collection, timeoutSeconds);
    }

    private List<Object> redisKeys() {
        return Arrays.asList(redisMode, redisUrl, sentinels, masterName, cluster, redisUser, redisTls, redisPasswordEnv);
    }

    /** The index keys; with {@code before}, a key the file lacks is added only when its field was changed. */
    private void writeIndex(ObjectNode root, boolean typedKey, ConnectionProfile before) {
        JsonNode old = root.get("index");
        ObjectNode index = old != null && old.isObject() ? (ObjectNode) old : root.putObject("index");
        root.set("index", index);
        if (before == null || !backend.equals(before.backend()) || index.has("backend")) {
            index.put("backend", backend);
        }
        if (before == null || !nodes.equals(before.nodes()) || index.has("nodes")) {
            ArrayNode nodeArray = index.putArray("nodes");
            lines(nodes).forEach(nodeArray::add);
        }
        boolean keyChanged = before == null || typedKey || !keySource.equals(before.keySource())
                || !keyEnv.equals(before.keyEnv()) || !keyFile.equals(before.keyFile());
        if (keyChanged) {
            index.remove(List.of("apiKeyEnv", "apiKeyFile"));
            if (typedKey || "file".equals(keySource)) {
                index.put("apiKeyFile", keyFile == null || keyFile.isBlank() ? DEFAULT_KEY_FILE : keyFile.strip());
            } else {
                index.put("apiKeyEnv", keyEnv.strip());
            }
        }
        if (before == null || !collection.equals(before.collection()) || index.has("collection")) {
            index.put("collection", collection.strip());
        }
        if (before == null || !timeoutSeconds.equals(before.timeoutSeconds()) || index.has("timeoutSeconds")) {
            index.put("timeoutSeconds", Integer.parseInt(timeoutSeconds.strip()));
        }
    }

    private void writeRedis(ObjectNode root) {
        {
            RedisSettings r = redis();
            if (r == null) {
                root.putNull("redis");
            } else {
                ObjectNode redis = root.putObject("redis");
                if (r.url() != null) {
                    redis.put("url", r.url());
                }
                if (!r.sentinels().isEmpty()) {
                    r.sentinels().forEach(redis.putArray("sentinels")::add);
                    redis.put("masterName", r.masterName());
                }
                if (!r.cluster().isEmpty()) {
                    r.cluster().forEach(redis.putArray("cluster")::add);
                }
                if (r.user() != null) {
                    redis.put("user", r.user());
                }
                if (r.tls()) {
                    redis.put("tls", true);
                }
                if (r.passwordEnv() != null) {
                    redis.put("passwordEnv", r.passwordEnv());
                }
            }
        }
    }

    /** Whether a key is there to use, in words that never contain it. */
    public String keyStatus(Path workspaceDir, Map<String, String> env) {
        if ("file".equals(keySource)) {
            Path file = workspaceDir.resolve(keyFile == null || keyFile.isBlank() ? DEFAULT_KEY_FILE : keyFile.strip());
            return Files.isRegularFile(file) ? "A key is saved in " + file + " (not shown)." : "No key file yet: type the key "
                    + "below and save; it is written to " + file + " with mode 0600.";
        }
        return env.containsKey(keyEnv == null ? "" : keyEnv.strip()) ? "The variable " + keyEnv + " is set (its value is not shown)."
                : "The variable " + keyEnv + " is not set in this console's environment.";
    }

    /** The non-blank lines of a many-line field, stripped. */
    public static List<String> lines(String text) {
        return text == null ? List.of() : text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static List<String> list(String text) {
        return text == null ? List.of() : Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static boolean hostPorts(String text) {
        List<String> items = list(text);
        return !items.isEmpty() && items.stream().allMatch(i -> i.matches("[A-Za-z0-9.\\-]+:\\d{1,5}")
                && port(i.substring(i.lastIndexOf(':') + 1)));
    }

    private static boolean port(String digits) {
        int port = Integer.parseInt(digits);
        return port >= 1 && port <= 65535;
    }

    /**
     * What is wrong with a standalone Redis URL, said of its part (port, database, scheme), or null; each message
     * fits the line under the field (a longer one would move what is below it).
     */
    private static String redisUrlProblem(String url) {
        if (url == null || url.isBlank()) {
            return "Give a URL like redis://host:6379/0 (rediss:// for TLS).";
        }
        String u = url.strip();
        if (u.matches("^rediss?://[^\\s/]+(/\\d+)?$")) {
            Matcher port = Pattern.compile("^rediss?://(?:[^@/]*@)?[^:/@]+:(\\d+)(/.*)?$")
                    .matcher(u);
            if (port.matches() && (port.group(1).length() > 5 || !port(port.group(1)))) {
                return "Port " + port.group(1) + " is not a port: 1 to 65535.";
            }
            return null;
        }
        if (!u.matches("^rediss?://.*")) {
            return "A Redis URL starts with redis:// (rediss:// for TLS).";
        }
        Matcher db = Pattern.compile("^rediss?://[^\\s/]+/(.*)$").matcher(u);
        if (db.matches()) {
            String after = db.group(1).length() > 12 ? db.group(1).substring(0, 12) + "…" : db.group(1);
            return "\"" + after + "\" is not a database number: redis://host:6379/0.";
        }
        return "The host is missing: redis://host:6379/0.";
    }

    private static boolean isVariable(String name) {
        return name != null && name.strip().matches("[A-Za-z_][A-Za-z0-9_]*");
    }

    private static boolean isNodeUrl(String url) {
        try {
            URI uri = URI.create(url);
            return uri.getScheme() != null && uri.getScheme().matches("https?") && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
