package services.policy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.PatternSyntaxException;
import services.text.PlainText;
import services.text.FoldedPath;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;

/**
 * Reads and writes the {@code policy} key of {@code workspace.json}. The file is read from disk on every call, so
 * that a freeze made by the CLI holds in a window already open. An unreadable policy is never guessed at: reading
 * it fails naming the key, and the console acts as if everything were manual until it is fixed.
 */
public final class PolicySettings {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper SORTED = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
    private static final List<String> FIRST_FIVE = List.of("risk", "kinds", "protected", "confirmWithinDays", "frozen");
    private final Path dir;

    public PolicySettings(Path workspaceDir) {
        this.dir = workspaceDir;
    }

    /** The policy as {@code workspace.json} has it now (the defaults when the key is absent). */
    public Policy read() {
        JsonNode node = policyNode();
        Policy policy = parse(node);
        Surfaces.parse(node); // a bad surface makes the whole policy unreadable: everything waits for a person
        return policy;
    }

    /** The surfaces and {@code promoteAfter} as {@code workspace.json} has them now (none when absent). */
    public Surfaces surfaces() {
        return Surfaces.parse(policyNode());
    }

    private JsonNode policyNode() {
        Path file = dir.resolve(Workspace.FILE_NAME);
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new PolicyException("Cannot read the policy from " + file + ": " + e.getMessage());
        }
        return root == null ? null : root.get("policy");
    }

    /** The policy, or the reason it cannot be read (then everything is manual). */
    public record Loaded(Policy policy, String problem) {
    }

    public Loaded load() {
        try {
            return new Loaded(read(), null);
        } catch (PolicyException e) {
            return new Loaded(Policy.allManual(), e.getMessage() + " Until it is fixed every proposal waits for a person.");
        }
    }

    /** Parses a {@code policy} object; every error names the key (e.g. {@code policy.risk.medium}). */
    public static Policy parse(JsonNode node) {
        Policy d = Policy.defaults();
        if (node == null || node.isNull()) {
            return d;
        }
        if (!node.isObject()) {
            throw bad("policy", "must be an object such as {\"risk\": {\"low\": \"auto\"}}");
        }
        Map<String, Level> risk = new LinkedHashMap<>(d.risk());
        JsonNode riskNode = node.get("risk");
        if (riskNode != null && !riskNode.isNull()) {
            levels(riskNode, "policy.risk", Policy.RISKS, risk);
        }
        Map<String, Level> kinds = new LinkedHashMap<>(d.kinds());
        JsonNode kindsNode = node.get("kinds");
        if (kindsNode != null && !kindsNode.isNull()) {
            kinds.clear();
            levels(kindsNode, "policy.kinds", Policy.KIND_KEYS, kinds);
        }
        List<String> prot = d.protectedPaths();
        JsonNode protNode = node.get("protected");
        if (protNode != null && !protNode.isNull()) {
            if (!protNode.isArray()) {
                throw bad("policy.protected", "must be a list of paths such as [\"SOUL.md\"]");
            }
            prot = new ArrayList<>();
            for (int i = 0; i < protNode.size(); i++) {
                JsonNode e = protNode.get(i);
                if (!e.isTextual() || e.asText().isBlank() || PlainText.problem(e.asText()).isPresent()
                        || e.asText().length() > 500) {
                    throw bad("policy.protected[" + i + "]", "must be a path of one line of text, found "
                            + PlainText.shown(e.toString().length() > 80 ? e.toString().substring(0, 80) + "…" : e.toString()));
                }
                String entry = e.asText().strip();
                if (entry.contains("*") || entry.contains("?") || entry.contains("[") || entry.contains("{")) {
                    try {
                        FileSystems.getDefault().getPathMatcher("glob:" + FoldedPath.path(entry));
                    } catch (PatternSyntaxException badGlob) {
                        throw bad("policy.protected[" + i + "]", "is not a glob that can be read ("
                                + PlainText.oneLine(badGlob.getDescription()) + " in " + PlainText.shown(entry) + ")");
                    }
                }
                prot.add(entry);
            }
        }
        int days = d.confirmWithinDays();
        JsonNode daysNode = node.get("confirmWithinDays");
        if (daysNode != null && !daysNode.isNull()) {
            if (!daysNode.canConvertToInt() || !daysNode.isIntegralNumber() || daysNode.asInt() < 1 || daysNode.asInt() > 365) {
                throw bad("policy.confirmWithinDays", "must be a whole number of days from 1 to 365, found "
                        + PlainText.shown(daysNode.toString()));
            }
            days = daysNode.asInt();
        }
        boolean frozen = false;
        JsonNode frozenNode = node.get("frozen");
        if (frozenNode != null && !frozenNode.isNull()) {
            if (!frozenNode.isBoolean()) {
                throw bad("policy.frozen", "must be true or false, found " + PlainText.shown(frozenNode.toString()));
            }
            frozen = frozenNode.asBoolean();
        }
        return new Policy(risk, kinds, prot, days, frozen, rest((ObjectNode) node));
    }

    /** The policy's keys beyond the first five, keys sorted at every level: one text for the same settings. */
    private static String rest(ObjectNode node) {
        Map<String, Object> others = new TreeMap<>();
        node.fieldNames().forEachRemaining(k -> {
            if (!FIRST_FIVE.contains(k)) {
                others.put(k, JSON.convertValue(node.get(k), Object.class));
            }
        });
        try {
            return others.isEmpty() ? "" : SORTED.writeValueAsString(others);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code base} with levels changed by {@code name=level} pairs ({@code --risk medium=auto}, {@code --kind
     * AMEND_SKILL=manual}); a bad pair names the flag and the pair.
     */
    public static Policy overrides(Policy base, List<String> risk, List<String> kinds) {
        Map<String, Level> r = new LinkedHashMap<>(base.risk());
        Map<String, Level> k = new LinkedHashMap<>(base.kinds());
        pairs(risk, "--risk", Policy.RISKS, r);
        pairs(kinds, "--kind", Policy.KIND_KEYS, k);
        return base.with(r, k);
    }

    private static void pairs(List<String> pairs, String flag, List<String> allowed, Map<String, Level> into) {
        for (String pair : pairs == null ? List.<String>of() : pairs) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq).strip();
            Level level = eq < 0 ? null : Level.of(pair.substring(eq + 1)).orElse(null);
            if (!allowed.contains(name)) {
                throw new BadOverride(flag, PlainText.shown(pair) + ": " + PlainText.shown(name)
                        + " is not one of " + String.join(", ", allowed) + ".");
            }
            if (level == null) {
                throw new BadOverride(flag, PlainText.shown(pair) + ": give NAME=auto, NAME=supervised or "
                        + "NAME=manual.");
            }
            into.put(name, level);
        }
    }

    private static void levels(JsonNode node, String key, List<String> allowed, Map<String, Level> into) {
        if (!node.isObject()) {
            throw bad(key, "must be an object of name → \"auto\", \"supervised\" or \"manual\"");
        }
        var fields = node.fields();
        while (fields.hasNext()) {
            var e = fields.next();
            String name = e.getKey();
            if (!allowed.contains(name)) {
                throw bad(key + "." + PlainText.oneLine(name), "is not one of " + String.join(", ", allowed));
            }
            JsonNode v = e.getValue();
            Level level = v.isTextual() ? Level.of(v.asText()).orElse(null) : null;
            if (level == null) {
                throw bad(key + "." + name, "must be \"auto\", \"supervised\" or \"manual\", found "
                        + PlainText.shown(v.toString().length() > 80 ? v.toString().substring(0, 80) + "…" : v.toString()));
            }
            into.put(name, level);
        }
    }

    private static PolicyException bad(String key, String why) {
        return new PolicyException("workspace.json key \"" + key + "\" " + why + ".");
    }

    /** Writes {@code policy} back, keeping every other key of the file (and unknown keys inside the policy). */
    public void write(Policy p) {
        new WorkspaceFile(dir).update(root -> {
            JsonNode existing = root.get("policy");
            ObjectNode node = existing != null && existing.isObject() ? (ObjectNode) existing : root.putObject("policy");
            ObjectNode risk = node.putObject("risk");
            Policy.RISKS.stream().filter(p.risk()::containsKey).forEach(r -> risk.put(r, p.risk().get(r).key()));
            ObjectNode kinds = node.putObject("kinds");
            Policy.KIND_KEYS.stream().filter(p.kinds()::containsKey).forEach(k -> kinds.put(k, p.kinds().get(k).key()));
            var prot = node.putArray("protected");
            p.protectedPaths().forEach(prot::add);
            node.put("confirmWithinDays", p.confirmWithinDays());
            node.put("frozen", p.frozen());
        });
    }

    /** A {@code name=level} pair of {@link #overrides} that is refused: the flag, and what is wrong with the pair. */
    public static final class BadOverride extends PolicyException {
        private final String flag;
        private final String detail;

        BadOverride(String flag, String detail) {
            super(flag + " " + detail);
            this.flag = flag;
            this.detail = detail;
        }

        /** {@code --risk} or {@code --kind}. */
        public String flag() {
            return flag;
        }

        /** The pair as given and why it is refused ({@code "huge=auto": "huge" is not one of low, medium, high.}). */
        public String detail() {
            return detail;
        }
    }
}
