package services.policy;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import services.text.FoldedPath;
import services.review.Proposal;

/**
 * The trust dial ({@code workspace.json} key {@code policy}): a level per risk class and per kind (a kind's entry
 * overrides its risk's), paths that always wait for a person, how many days a supervised approval may stay
 * unconfirmed, and the kill switch. Defaults follow ADR-0152 (low auto, medium supervised, high manual) with
 * {@code AMEND_SOUL} and {@code SOUL.md} manual.
 */
public record Policy(Map<String, Level> risk, Map<String, Level> kinds, List<String> protectedPaths,
                     int confirmWithinDays, boolean frozen, String rest) {

    /** The kinds a policy may name: the proposal kinds, with a skill update split into additive and structural. */
    public static final List<String> KIND_KEYS = List.of("skill_update", "skill_update.additive",
            "skill_update.structural", "AMEND_SOUL", "AMEND_SKILL", "PROPOSE_SKILL", "PROPOSE_RULE", "PRUNE", "OBSERVATION");
    public static final List<String> RISKS = List.of("low", "medium", "high");

    /** The level that applies to one proposal, and why (shown beside the proposal). */
    public record Applying(Level level, String reason) {
        @Override
        public String toString() {
            return level.key() + " (" + reason + ")";
        }
    }

    /**
     * {@code rest}: the dial's other keys as read (surfaces, the ladder's N, the per-run cap, checks, caps), in one
     * canonical text so that they count in {@link #version()}; empty when there are none.
     */
    public Policy {
        rest = rest == null ? "" : rest;
        risk = Map.copyOf(risk);
        kinds = Map.copyOf(kinds);
        protectedPaths = List.copyOf(protectedPaths);
    }

    public Policy(Map<String, Level> risk, Map<String, Level> kinds, List<String> protectedPaths,
                  int confirmWithinDays, boolean frozen) {
        this(risk, kinds, protectedPaths, confirmWithinDays, frozen, "");
    }

    public static Policy defaults() {
        return new Policy(Map.of("low", Level.AUTO, "medium", Level.SUPERVISED, "high", Level.MANUAL),
                Map.of("AMEND_SOUL", Level.MANUAL), List.of("SOUL.md"), 7, false);
    }

    /** Everything manual: what an unreadable policy falls back to. */
    public static Policy allManual() {
        Map<String, Level> risk = new LinkedHashMap<>();
        RISKS.forEach(r -> risk.put(r, Level.MANUAL));
        return new Policy(risk, Map.of(), List.of("SOUL.md"), 7, false);
    }

    public Policy withFrozen(boolean frozen) {
        return new Policy(risk, kinds, protectedPaths, confirmWithinDays, frozen, rest);
    }

    public Policy with(Map<String, Level> risk, Map<String, Level> kinds) {
        return new Policy(risk, kinds, protectedPaths, confirmWithinDays, frozen, rest);
    }

    /** The kind key of a proposal: its kind, a skill update as {@code skill_update.additive/structural}. */
    public static String kindKey(String kind, String drift) {
        if ("skill_update".equals(kind)) {
            return "skill_update." + ("structural_drift".equals(drift) ? "structural" : "additive");
        }
        return kind;
    }

    public Applying resolve(Proposal p) {
        return resolve(p.kind(), p.drift(), p.risk(), p.target());
    }

    /** kill switch &gt; protected path &gt; kind &gt; risk &gt; manual. */
    public Applying resolve(String kind, String drift, String riskClass, String target) {
        if (frozen) {
            return new Applying(Level.MANUAL, "the policy is frozen: everything waits for a person");
        }
        String guarded = guarded(target);
        if (guarded != null) {
            return new Applying(Level.MANUAL, "protected path " + guarded);
        }
        String key = kindKey(kind, drift);
        if (key != null && kinds.containsKey(key)) {
            return new Applying(kinds.get(key), "kind " + key);
        }
        if (key != null && key.startsWith("skill_update.") && kinds.containsKey("skill_update")) {
            return new Applying(kinds.get("skill_update"), "kind skill_update");
        }
        if (riskClass != null && risk.containsKey(riskClass)) {
            return new Applying(risk.get(riskClass), "risk " + riskClass);
        }
        return new Applying(Level.MANUAL, "risk " + riskClass + " has no level: manual");
    }

    /**
     * The protected entry {@code target} falls under (the path, a file of that name, a folder, a glob), or null.
     * Both are compared as a case-insensitive file system reads them ({@link FoldedPath}): {@code soul.md},
     * {@code Soul.MD}, {@code ./SOUL.md}, {@code a/../SOUL.md} and {@code SOUL.md} in another Unicode form are all
     * {@code SOUL.md}.
     */
    public String guarded(String target) {
        if (target == null) {
            return null;
        }
        String t = FoldedPath.path(target);
        for (String entry : protectedPaths) {
            String e = entry.strip().replace('\\', '/');
            String plain = FoldedPath.path(e);
            if (plain.isEmpty()) {
                continue;
            }
            if (e.contains("*") || e.contains("?") || e.contains("[") || e.contains("{")) {
                if (globMatches(plain, t)) {
                    return entry;
                }
            } else if (t.equals(plain) || t.endsWith("/" + plain) || t.startsWith(plain + "/") || t.contains("/" + plain + "/")) {
                return entry;
            }
        }
        return null;
    }

    private static boolean globMatches(String glob, String path) {
        try {
            return FileSystems.getDefault().getPathMatcher("glob:" + glob).matches(Path.of(path));
        } catch (IllegalArgumentException badGlob) { // also an InvalidPathException
            return true; // a protected entry that cannot be read protects rather than lets through
        }
    }

    /** A short fingerprint of all the dial's settings, written into the trailers of every policy approval. */
    public String version() {
        StringBuilder canon = new StringBuilder();
        new TreeMap<>(risk).forEach((k, v) -> canon.append("risk.").append(k).append('=').append(v.key()).append(';'));
        new TreeMap<>(kinds).forEach((k, v) -> canon.append("kind.").append(k).append('=').append(v.key()).append(';'));
        List<String> prot = new ArrayList<>(protectedPaths);
        Collections.sort(prot);
        canon.append("protected=").append(String.join(",", prot)).append(";days=").append(confirmWithinDays)
                .append(";frozen=").append(frozen);
        if (!rest.isEmpty()) { // absent on a dial of the first five keys only: its version stays what it was
            canon.append(";rest=").append(rest);
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canon.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
