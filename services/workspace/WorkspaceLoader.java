package services.workspace;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import services.text.UrlCredentials;
import java.util.Set;
import java.util.stream.Collectors;
import services.text.PlainText;

/**
 * Opens a workspace directory: reads and type-checks {@code workspace.json}, expands {@code ~}, resolves relative
 * paths against the workspace, and checks that every configured folder exists. A broken file or a wrong type is a
 * {@link WorkspaceException} naming the key; a missing folder is a {@link WorkspaceProblem} (the workspace still
 * opens, and the user sees which key to fix).
 */
public final class WorkspaceLoader {


    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private final String userHome;
    private final List<IndexBackendKeys> backends;

    /**
     * A loader that accepts the index backends the composition registered ({@code index.backend}; the first is the
     * default), each checking its own keys.
     */
    public WorkspaceLoader(List<? extends IndexBackendKeys> backends) {
        this(UserHome.path(), backends);
    }

    /** The same, expanding {@code ~} to {@code userHome}. */
    public WorkspaceLoader(String userHome, List<? extends IndexBackendKeys> backends) {
        if (backends.isEmpty()) {
            throw new IllegalArgumentException("a workspace loader needs at least one index backend");
        }
        this.userHome = userHome;
        this.backends = List.copyOf(backends);
    }

    public Workspace load(Path dir) {
        Path folder = dir.toAbsolutePath().normalize();
        checkFolder(folder);
        Path file = folder.resolve(Workspace.FILE_NAME);
        ObjectNode root = readJson(file);
        Keys keys = new Keys(root, file);

        List<WorkspaceProblem> problems = new ArrayList<>();
        String name = keys.string("name", folder.getFileName() == null ? "workspace" : folder.getFileName().toString());
        Path vault = keys.path("vault", "~/Vault", folder, problems);
        Path skills = keys.path("skillsRepo", "~/Code/joelhooks/joelclaw", folder, problems);
        Path behaviour = keys.path("behaviourRepo", "~/.joelclaw", folder, problems);
        Path dream = keys.path("dreamDir", "~/.joelclaw/workspace/dream", folder, problems);
        Path profiles = keys.path("profilesDir", "~/agents", folder, problems);
        String branch = keys.string("reviewBranch", "brain/review");
        BranchName.problem(branch).ifPresent(why -> {
            throw new WorkspaceException(file + " key 'reviewBranch': " + why + ".");
        });
        String dreamBranch = keys.string("dreamBranch", WorkspaceSettings.DEFAULT_DREAM_BRANCH);
        BranchName.problem(dreamBranch).ifPresent(why -> {
            throw new WorkspaceException(file + " key 'dreamBranch': " + why + ".");
        });
        int ttl = keys.integer("failedTargetTtlDays", 7, 1, 3650);
        boolean readOnly = keys.bool("readOnly", false);
        IndexSettings index = readIndex(root.get("index"), file);
        noCredentials(root.path("otelEvents").path("url"), file, "otelEvents.url", "put the user in \"user\" and the "
                + "password in the environment variable \"passwordEnv\" names");
        noCredentials(root.path("telemetry").path("otlpEndpoint"), file, "telemetry.otlpEndpoint", "give the "
                + "collector's address only; its credentials go in OTEL_EXPORTER_OTLP_HEADERS in the environment");
        RedisSettings redis = readRedis(root.get("redis"), file);
        BrainSettings.read(root, folder, userHome, file, problems);
        return new Workspace(folder, name, vault, skills, behaviour, dream, profiles, branch, ttl, index, redis, readOnly,
                problems, root, WorkspaceSettings.of(root, folder));
    }

    private static void checkFolder(Path folder) {
        if (!Files.exists(folder)) {
            throw new WorkspaceException("Workspace folder " + folder + " does not exist.");
        }
        if (!Files.isDirectory(folder)) {
            throw new WorkspaceException("Workspace " + folder + " is a file, not a folder.");
        }
        if (!Files.isReadable(folder) || !Files.isExecutable(folder)) {
            throw new WorkspaceException("Workspace folder " + folder + " cannot be read (permission denied).");
        }
    }

    private ObjectNode readJson(Path file) {
        if (!Files.exists(file)) {
            throw new WorkspaceException(file.getFileName() + " is missing: " + file
                    + " (create one with 'brain-console demo <dir>' or see the README).");
        }
        JsonNode node;
        try {
            node = json.readTree(Files.readAllBytes(file));
        } catch (AccessDeniedException e) {
            throw new WorkspaceException(file + " cannot be read (permission denied).", e);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new WorkspaceException(file + where + ": not valid JSON (" + plain(e.getOriginalMessage()) + ").", e);
        } catch (IOException e) {
            throw new WorkspaceException(file + " cannot be read: " + e.getMessage(), e);
        }
        if (node == null || node.isMissingNode()) {
            throw new WorkspaceException(file + " is empty: it must hold a JSON object.");
        }
        if (!(node instanceof ObjectNode object)) {
            throw new WorkspaceException(file + ": the top level must be a JSON object, found " + kind(node) + ".");
        }
        return object;
    }

    /** The parser's reason without its internals (source descriptions, feature names, character codes). */
    static String plain(String reason) {
        if (reason == null) {
            return "unreadable";
        }
        String out = reason.replaceAll("\\(start marker at \\[Source: [^;]*; line: (\\d+), column: (\\d+)\\]\\)",
                "(opened at line $1, column $2)");
        out = out.replaceAll("\\s*\\[Source: [^\\]]*\\]", "");
        out = out.replaceAll(" \\(code \\d+\\)", "");
        out = out.replaceAll("\\s*\\(`?StreamReadFeature[^)]*\\)", "");
        return out.strip();
    }

    private IndexSettings readIndex(JsonNode node, Path file) {
        if (node == null || node.isNull()) {
            return IndexSettings.defaults(backends.get(0).name());
        }
        if (!node.isObject()) {
            throw typeError(file, "index", "an object like {\"backend\": \"lucene\"}", node);
        }
        Keys keys = new Keys((ObjectNode) node, file, "index.");
        String backend = keys.string("backend", backends.get(0).name());
        IndexBackendKeys chosen = backends.stream().filter(b -> b.name().equals(backend)).findFirst()
                .orElseThrow(() -> new WorkspaceException(file + " key 'index.backend': unknown backend \"" + backend
                        + "\" (use " + backends.stream().map(b -> "\"" + b.name() + "\"").collect(
                                Collectors.joining(" or ")) + ")."));
        List<String> nodes = keys.strings("nodes");
        for (String n : nodes) {
            if (UrlCredentials.userInfo(n).isPresent()) {
                throw new WorkspaceException(file + " key 'index.nodes': put no user or password in a node's URL ("
                        + UrlCredentials.redact(n) + "); the API key goes in \"apiKeyEnv\" or \"apiKeyFile\".");
            }
        }
        IndexSettings settings = new IndexSettings(backend, nodes, keys.string("apiKeyEnv", null),
                keys.string("apiKeyFile", null), keys.string("collection", "system_knowledge"),
                keys.integer("timeoutSeconds", 5, 1, 600), keys.integer("embeddingDimensions", 384, 1, 4096));
        chosen.check(settings, file);
        return settings;
    }

    private RedisSettings readRedis(JsonNode node, Path file) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw typeError(file, "redis", "null or an object like {\"url\": \"redis://localhost:6379/0\"}", node);
        }
        Keys keys = new Keys((ObjectNode) node, file, "redis.");
        String url = keys.string("url", null);
        List<String> sentinels = keys.strings("sentinels");
        List<String> cluster = keys.strings("cluster");
        int modes = (url == null ? 0 : 1) + (sentinels.isEmpty() ? 0 : 1) + (cluster.isEmpty() ? 0 : 1);
        if (modes != 1) {
            throw new WorkspaceException(file + " key 'redis': give exactly one of \"url\", \"sentinels\" (with "
                    + "\"masterName\") or \"cluster\".");
        }
        if (url != null && !url.matches("^rediss?://.+")) {
            throw new WorkspaceException(file + " key 'redis.url': \"" + UrlCredentials.redact(url)
                    + "\" is not a redis:// or rediss:// URL.");
        }
        if (url != null && UrlCredentials.hasSecret(url)) {
            throw new WorkspaceException(file + " key 'redis.url': put no password in the URL; name an environment "
                    + "variable in \"passwordEnv\" instead.");
        }
        String master = keys.string("masterName", null);
        if (!sentinels.isEmpty() && master == null) {
            throw new WorkspaceException(file + " key 'redis.masterName': Sentinel needs the master's name.");
        }
        return new RedisSettings(url, sentinels, master, cluster, keys.string("passwordEnv", null),
                keys.string("user", null), keys.bool("tls", false));
    }

    /** A URL in workspace.json that holds a user or password is refused, naming the key, never the secret. */
    private static void noCredentials(JsonNode value, Path file, String key, String instead) {
        if (value.isTextual() && UrlCredentials.userInfo(value.asText()).isPresent()) {
            throw new WorkspaceException(file + " key '" + key + "': put no user or password in the URL ("
                    + UrlCredentials.redact(value.asText()) + "); " + instead + ".");
        }
    }

    private static WorkspaceException typeError(Path file, String key, String expected, JsonNode found) {
        return new WorkspaceException(file + " key '" + key + "': expected " + expected + ", found " + kind(found)
                + " " + abbreviate(PlainText.oneLine(found.toString())) + ".");
    }

    private static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "a list";
            case OBJECT -> "an object";
            case STRING -> "text";
            case NUMBER -> "a number";
            case BOOLEAN -> "true/false";
            case NULL -> "null";
            default -> node.getNodeType().name().toLowerCase();
        };
    }

    private static String abbreviate(String text) {
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }

    /** Typed access to the keys of one JSON object, with errors naming the key. */
    private final class Keys {
        private final ObjectNode node;
        private final Path file;
        private final String prefix;

        Keys(ObjectNode node, Path file) {
            this(node, file, "");
        }

        Keys(ObjectNode node, Path file, String prefix) {
            this.node = node;
            this.file = file;
            this.prefix = prefix;
        }

        String string(String key, String fallback) {
            JsonNode value = node.get(key);
            if (value == null || value.isNull()) {
                return fallback;
            }
            if (!value.isTextual()) {
                throw typeError(file, prefix + key, "text", value);
            }
            return value.asText();
        }

        int integer(String key, int fallback, int min, int max) {
            JsonNode value = node.get(key);
            if (value == null || value.isNull()) {
                return fallback;
            }
            if (!value.isIntegralNumber()) {
                throw typeError(file, prefix + key, "a whole number", value);
            }
            long number = value.asLong();
            if (number < min || number > max) {
                throw new WorkspaceException(file + " key '" + prefix + key + "': " + number + " is out of range ("
                        + min + " to " + max + ").");
            }
            return (int) number;
        }

        boolean bool(String key, boolean fallback) {
            JsonNode value = node.get(key);
            if (value == null || value.isNull()) {
                return fallback;
            }
            if (!value.isBoolean()) {
                throw typeError(file, prefix + key, "true or false", value);
            }
            return value.asBoolean();
        }

        List<String> strings(String key) {
            JsonNode value = node.get(key);
            if (value == null || value.isNull()) {
                return List.of();
            }
            if (!value.isArray()) {
                throw typeError(file, prefix + key, "a list of text", value);
            }
            List<String> out = new ArrayList<>();
            for (JsonNode item : value) {
                if (!item.isTextual()) {
                    throw typeError(file, prefix + key + "[" + out.size() + "]", "text", item);
                }
                out.add(item.asText());
            }
            return out;
        }

        Path path(String key, String fallback, Path base, List<WorkspaceProblem> problems) {
            String raw = string(key, fallback);
            if (raw.isBlank()) {
                throw new WorkspaceException(file + " key '" + prefix + key + "': the path is empty.");
            }
            Path resolved = base.resolve(expandHome(raw)).normalize();
            if (!Files.exists(resolved)) {
                problems.add(new WorkspaceProblem(prefix + key, resolved.toString(), "does not exist"));
            } else if (!Files.isDirectory(resolved)) {
                problems.add(new WorkspaceProblem(prefix + key, resolved.toString(), "is a file, not a folder"));
            } else if (!Files.isReadable(resolved) || !Files.isExecutable(resolved)) {
                problems.add(new WorkspaceProblem(prefix + key, resolved.toString(),
                        "cannot be read (permission denied)"));
            }
            return resolved;
        }
    }

    private String expandHome(String raw) {
        if (raw.equals("~")) {
            return userHome;
        }
        if (raw.startsWith("~/")) {
            return userHome + raw.substring(1);
        }
        return raw;
    }
}
