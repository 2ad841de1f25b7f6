package services.review.caps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import services.text.FoldedPath;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * Reads the capped files of {@code workspace.json} ({@code policy.caps}), from disk on every call so that a change
 * holds in a window already open. Every error names the key ({@code policy.caps[0].maxItems}) and the reason; a cap
 * list that cannot be read is never guessed at.
 */
public final class CapSettings {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> KEYS = Set.of("repo", "path", "heading", "maxItems", "staleAfterDays");
    private final Path dir;

    public CapSettings(Path workspaceDir) {
        this.dir = workspaceDir;
    }

    /** The caps as {@code workspace.json} has them now (none when the key is absent). */
    public List<CapRule> read() {
        Path file = dir.resolve(Workspace.FILE_NAME);
        JsonNode root;
        try {
            root = Files.exists(file) ? JSON.readTree(Files.readAllBytes(file)) : null;
        } catch (IOException e) {
            throw new CapException("Cannot read the capped files from " + file + ": " + PlainText.oneLine(e.getMessage()));
        }
        JsonNode policy = root == null ? null : root.get("policy");
        return parse(policy == null || !policy.isObject() ? null : policy.get("caps"));
    }

    /** Parses a {@code policy.caps} list; null or JSON null is no caps. */
    public static List<CapRule> parse(JsonNode caps) {
        if (caps == null || caps.isNull()) {
            return List.of();
        }
        if (!caps.isArray()) {
            throw bad("policy.caps", "must be a list such as [{\"repo\": \"behaviour\", \"path\": \"SOUL.md\", "
                    + "\"heading\": \"Principles\", \"maxItems\": 20}]");
        }
        List<CapRule> out = new ArrayList<>();
        for (int i = 0; i < caps.size(); i++) {
            String key = "policy.caps[" + i + "]";
            JsonNode c = caps.get(i);
            if (!c.isObject()) {
                throw bad(key, "must be an object with repo, path, heading and maxItems");
            }
            c.fieldNames().forEachRemaining(name -> {
                if (!KEYS.contains(name)) {
                    throw bad(key + "." + PlainText.oneLine(name), "is not a cap setting (repo, path, heading, "
                            + "maxItems, staleAfterDays)");
                }
            });
            String repo = text(c, key + ".repo", 20);
            if (!repo.equals("skills") && !repo.equals("behaviour")) {
                throw bad(key + ".repo", "must be \"skills\" or \"behaviour\", found " + PlainText.shown(repo));
            }
            String path = text(c, key + ".path", 500);
            if (path.matches(".*[*?\\[{].*")) {
                throw bad(key + ".path", "must name one file, not a glob, found " + PlainText.shown(path));
            }
            if (FoldedPath.path(path).isEmpty() || path.startsWith("/") || path.endsWith("/")) {
                throw bad(key + ".path", "must be a file path inside the repository, found " + PlainText.shown(path));
            }
            String heading = text(c, key + ".heading", 200);
            int max = number(c.get("maxItems"), key + ".maxItems", 1, 1000);
            JsonNode staleNode = c.get("staleAfterDays");
            Integer stale = staleNode == null || staleNode.isNull() ? null
                    : number(staleNode, key + ".staleAfterDays", 1, 3650);
            for (CapRule earlier : out) {
                if (earlier.covers(repo, path)) {
                    throw bad(key + ".path", "names " + PlainText.shown(path) + ", which " + key.replace(
                            "[" + i + "]", "[" + out.indexOf(earlier) + "]") + " caps already; one cap per file");
                }
            }
            out.add(new CapRule(repo, path.strip(), heading.strip(), max, stale));
        }
        return List.copyOf(out);
    }

    private static String text(JsonNode c, String key, int max) {
        String name = key.substring(key.lastIndexOf('.') + 1);
        JsonNode v = c.get(name);
        if (v == null || v.isNull()) {
            throw bad(key, "is missing");
        }
        if (!v.isTextual() || v.asText().isBlank() || v.asText().length() > max || PlainText.problem(v.asText())
                .isPresent()) {
            throw bad(key, "must be one line of text (at most " + max + " characters), found " + shown(v));
        }
        return v.asText();
    }

    private static int number(JsonNode v, String key, int min, int max) {
        if (v == null || v.isNull()) {
            throw bad(key, "is missing");
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < min || v.asInt() > max) {
            throw bad(key, "must be a whole number from " + min + " to " + max + ", found " + shown(v));
        }
        return v.asInt();
    }

    private static String shown(JsonNode v) {
        String s = v.toString();
        return PlainText.shown(s.length() > 80 ? s.substring(0, 80) + "…" : s);
    }

    private static CapException bad(String key, String why) {
        return new CapException("workspace.json key \"" + key + "\" " + why + ".");
    }
}
