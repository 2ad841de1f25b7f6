package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import services.text.FoldedPath;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * The trust dial's mechanical guardrails, read from {@code workspace.json} (keys {@code policy.autoPerRun} and
 * {@code policy.checks}) on every run: how many changes one run may apply by itself, and the commands that check a
 * change after it is applied. Commands come only from this file — never from anything an agent writes. A bad value
 * is refused naming its key and the reason; until it is fixed the dial applies nothing.
 */
public record Guardrails(int autoPerRun, List<Check> checks) {

    public static final int DEFAULT_AUTO_PER_RUN = 2;
    public static final int MAX_AUTO_PER_RUN = 100;
    public static final int DEFAULT_TIMEOUT_SECONDS = 60;
    public static final int MAX_TIMEOUT_SECONDS = 3600;
    private static final Set<String> CHECK_KEYS = Set.of("name", "repo", "path", "surface", "command", "timeoutSeconds");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One post-apply check: it runs after an applied change whose target matches {@code path} (a path or glob in
     * {@code repo}, either repository when null) or lies in the surface named {@code surface}.
     */
    public record Check(String name, String repo, String path, String surface, List<String> command, int timeoutSeconds) {
        public Check {
            command = List.copyOf(command);
        }

        /** Whether this check covers a change of {@code target} in {@code repo}, lying in surface {@code surfaceName}. */
        public boolean covers(String repoName, String target, String surfaceName) {
            if (repo != null && !repo.equals(repoName)) {
                return false;
            }
            if (surface != null && surface.equals(surfaceName)) {
                return true;
            }
            return path != null && target != null && matches(path, target);
        }
    }

    public Guardrails {
        checks = List.copyOf(checks);
    }

    public static Guardrails defaults() {
        return new Guardrails(DEFAULT_AUTO_PER_RUN, List.of());
    }

    /** The checks that cover a change of {@code target} in {@code repo}, in the order the workspace lists them. */
    public List<Check> covering(String repo, String target, String surfaceName) {
        return checks.stream().filter(c -> c.covers(repo, target, surfaceName)).toList();
    }

    /** Reads the guardrails from {@code workspace.json} in {@code dir} (the defaults when the keys are absent). */
    public static Guardrails read(Path dir) {
        Path file = dir.resolve(Workspace.FILE_NAME);
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new PolicyException("Cannot read the policy from " + file + ": " + PlainText.oneLine(e.getMessage()));
        }
        JsonNode policy = root == null ? null : root.get("policy");
        return policy == null || !policy.isObject() ? defaults() : parse(policy);
    }

    /** Parses the guardrail keys of a {@code policy} object; every error names the key. */
    public static Guardrails parse(JsonNode policy) {
        int perRun = DEFAULT_AUTO_PER_RUN;
        JsonNode n = policy.get("autoPerRun");
        if (n != null && !n.isNull()) {
            if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < 0 || n.asInt() > MAX_AUTO_PER_RUN) {
                throw bad("policy.autoPerRun", "must be a whole number from 0 to " + MAX_AUTO_PER_RUN
                        + " (the changes one run may apply by itself), found " + found(n));
            }
            perRun = n.asInt();
        }
        List<Check> checks = new ArrayList<>();
        JsonNode list = policy.get("checks");
        if (list != null && !list.isNull()) {
            if (!list.isArray()) {
                throw bad("policy.checks", "must be a list such as [{\"path\": \"rules/*.md\", \"command\": "
                        + "[\"sh\", \"-c\", \"…\"], \"timeoutSeconds\": 60}], found " + found(list));
            }
            if (list.size() > 100) {
                throw bad("policy.checks", "lists " + list.size() + " checks; at most 100");
            }
            for (int i = 0; i < list.size(); i++) {
                checks.add(check(list.get(i), "policy.checks[" + i + "]"));
            }
        }
        return new Guardrails(perRun, checks);
    }

    private static Check check(JsonNode c, String key) {
        if (!c.isObject()) {
            throw bad(key, "must be an object with \"path\" (or \"surface\") and \"command\", found " + found(c));
        }
        for (Iterator<String> names = c.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!CHECK_KEYS.contains(name)) {
                throw bad(key + "." + PlainText.oneLine(name), "is not a key of a check (name, repo, path, surface, "
                        + "command, timeoutSeconds)");
            }
        }
        String path = line(c, key + ".path", 500);
        if (path != null) {
            try {
                FileSystems.getDefault().getPathMatcher("glob:" + FoldedPath.path(path));
            } catch (IllegalArgumentException badGlob) { // also a PatternSyntaxException
                throw bad(key + ".path", "is not a glob that can be read (" + PlainText.shown(path) + ")");
            }
        }
        String surface = line(c, key + ".surface", 200);
        if (path == null && surface == null) {
            throw bad(key, "needs \"path\" (a path or glob such as \"rules/*.md\") or \"surface\" (a surface's name)");
        }
        String repo = line(c, key + ".repo", 20);
        if (repo != null && !repo.equals("behaviour") && !repo.equals("skills")) {
            throw bad(key + ".repo", "must be \"behaviour\" or \"skills\", found " + PlainText.shown(repo));
        }
        String name = line(c, key + ".name", 80);
        JsonNode cmd = c.get("command");
        if (cmd == null || !cmd.isArray() || cmd.isEmpty() || cmd.size() > 64) {
            throw bad(key + ".command", "must be a list of 1 to 64 strings, the program and its arguments, such as "
                    + "[\"sh\", \"-c\", \"make check\"], found " + (cmd == null ? "nothing" : found(cmd)));
        }
        List<String> command = new ArrayList<>();
        for (int i = 0; i < cmd.size(); i++) {
            JsonNode a = cmd.get(i);
            if (!a.isTextual() || a.asText().indexOf('\0') >= 0 || a.asText().length() > 8000
                    || i == 0 && a.asText().isBlank()) {
                throw bad(key + ".command[" + i + "]", "must be " + (i == 0 ? "a program's name" : "a string")
                        + " without NUL characters, at most 8000 characters long, found " + found(a));
            }
            command.add(a.asText());
        }
        int timeout = DEFAULT_TIMEOUT_SECONDS;
        JsonNode t = c.get("timeoutSeconds");
        if (t != null && !t.isNull()) {
            if (!t.isIntegralNumber() || !t.canConvertToInt() || t.asInt() < 1 || t.asInt() > MAX_TIMEOUT_SECONDS) {
                throw bad(key + ".timeoutSeconds", "must be a whole number of seconds from 1 to " + MAX_TIMEOUT_SECONDS
                        + ", found " + found(t));
            }
            timeout = t.asInt();
        }
        return new Check(name != null ? name : path != null ? path : surface, repo, path, surface, command, timeout);
    }

    /** An optional one-line text value; refused when it is not text, has a line break or control, or is too long. */
    private static String line(JsonNode c, String key, int max) {
        JsonNode v = c.get(key.substring(key.lastIndexOf('.') + 1));
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual() || v.asText().isBlank() || v.asText().length() > max) {
            throw bad(key, "must be text of one line, at most " + max + " characters, found " + found(v));
        }
        PlainText.problem(v.asText()).ifPresent(p -> {
            throw bad(key, "has " + p + "; it must be one line of text");
        });
        return v.asText().strip();
    }

    static boolean matches(String glob, String target) {
        String g = FoldedPath.path(glob.strip().replace('\\', '/'));
        String t = FoldedPath.path(target);
        if (g.equals(t)) {
            return true;
        }
        try {
            return FileSystems.getDefault().getPathMatcher("glob:" + g).matches(Path.of(t));
        } catch (IllegalArgumentException unreadable) {
            return true; // a check that cannot be matched runs rather than is skipped
        }
    }

    private static String found(JsonNode n) {
        String s = n.toString();
        return PlainText.shown(s.length() > 80 ? s.substring(0, 80) + "…" : s);
    }

    private static PolicyException bad(String key, String why) {
        return new PolicyException("workspace.json key \"" + key + "\" " + why + ".");
    }
}
