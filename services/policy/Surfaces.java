package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.FileSystems;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.PatternSyntaxException;
import services.text.FoldedPath;
import services.text.PlainText;

/**
 * The surfaces of a workspace's policy ({@code policy.surfaces}) and how many clean applies make a gated surface
 * eligible for auto ({@code policy.promoteAfter}, default 10). Keys of a surface other than {@code name},
 * {@code repo}, {@code path} and {@code level} are kept for other features (a check, a cap) and not read here.
 */
public record Surfaces(List<Surface> list, int promoteAfter) {

    public static final int DEFAULT_PROMOTE_AFTER = 10;
    public static final List<String> REPOS = List.of("behaviour", "skills");

    public Surfaces {
        list = List.copyOf(list);
    }

    public static Surfaces none() {
        return new Surfaces(List.of(), DEFAULT_PROMOTE_AFTER);
    }

    /** The surfaces that cover a change of {@code target} in {@code repo}, in the order the policy lists them. */
    public List<Surface> covering(String repo, String target) {
        return list.stream().filter(s -> s.covers(repo, target)).toList();
    }

    /** The surface called {@code name} (compared without case), or null. */
    public Surface named(String name) {
        return name == null ? null : list.stream().filter(s -> s.name().equalsIgnoreCase(name.strip())).findFirst()
                .orElse(null);
    }

    /** Reads {@code surfaces} and {@code promoteAfter} of a {@code policy} object; an error names the key and why. */
    public static Surfaces parse(JsonNode policy) {
        if (policy == null || !policy.isObject()) {
            return none();
        }
        int after = DEFAULT_PROMOTE_AFTER;
        JsonNode afterNode = policy.get("promoteAfter");
        if (afterNode != null && !afterNode.isNull()) {
            if (!afterNode.isIntegralNumber() || !afterNode.canConvertToInt() || afterNode.asInt() < 1
                    || afterNode.asInt() > 1000) {
                throw bad("policy.promoteAfter", "must be a whole number of clean applies from 1 to 1000, found "
                        + shown(afterNode));
            }
            after = afterNode.asInt();
        }
        JsonNode node = policy.get("surfaces");
        if (node == null || node.isNull()) {
            return new Surfaces(List.of(), after);
        }
        if (!node.isArray()) {
            throw bad("policy.surfaces", "must be a list such as [{\"name\": \"soul\", \"repo\": \"behaviour\", "
                    + "\"path\": \"SOUL.md\", \"level\": \"forbidden\"}]");
        }
        if (node.size() > 500) {
            throw bad("policy.surfaces", "has " + node.size() + " entries; at most 500");
        }
        List<Surface> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            Surface s = surface(node.get(i), "policy.surfaces[" + i + "]");
            if (!names.add(s.name().toLowerCase(Locale.ROOT))) {
                throw bad("policy.surfaces[" + i + "].name", "repeats the name " + PlainText.shown(s.name())
                        + "; each surface has a name of its own");
            }
            out.add(s);
        }
        return new Surfaces(out, after);
    }

    private static Surface surface(JsonNode e, String key) {
        if (e == null || !e.isObject()) {
            throw bad(key, "must be an object with name, repo, path and level, found " + shown(e));
        }
        String name = text(e, key, "name");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            throw bad(key + ".name", "must be 1 to 64 letters, digits, '.', '_' or '-' (a word to type in "
                    + "'policy signoff NAME'), found " + PlainText.shown(name));
        }
        String repo = text(e, key, "repo");
        if (!REPOS.contains(repo)) {
            throw bad(key + ".repo", "must be \"behaviour\" or \"skills\", found " + PlainText.shown(repo));
        }
        String path = text(e, key, "path");
        if (path.length() > 500 || FoldedPath.path(path).isEmpty()) {
            throw bad(key + ".path", "must be a file or a glob inside the repository (at most 500 characters), found "
                    + PlainText.shown(path.length() > 80 ? path.substring(0, 80) + "…" : path));
        }
        if (Surface.isGlob(path)) {
            try {
                FileSystems.getDefault().getPathMatcher("glob:" + FoldedPath.path(path));
            } catch (PatternSyntaxException badGlob) {
                throw bad(key + ".path", "is not a glob that can be read (" + PlainText.oneLine(badGlob.getDescription())
                        + " in " + PlainText.shown(path) + ")");
            }
        }
        String level = text(e, key, "level");
        Rung rung = Rung.of(level).orElseThrow(() -> bad(key + ".level", "must be \"forbidden\", \"gated\" or "
                + "\"auto\", found " + PlainText.shown(level)));
        return new Surface(name, repo, path, rung);
    }

    private static String text(JsonNode e, String key, String field) {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            throw bad(key + "." + field, "is missing");
        }
        if (!v.isTextual() || v.asText().isBlank() || PlainText.problem(v.asText()).isPresent()) {
            throw bad(key + "." + field, "must be one line of text, found " + shown(v));
        }
        return v.asText().strip();
    }

    private static String shown(JsonNode v) {
        String s = String.valueOf(v);
        return PlainText.shown(s.length() > 80 ? s.substring(0, 80) + "…" : s);
    }

    private static PolicyException bad(String key, String why) {
        return new PolicyException("workspace.json key \"" + key + "\" " + why + ".");
    }
}
