package services.review;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * One proposal file (formats.md part 10). {@code problem} is null for a well-formed proposal; otherwise it says
 * what is wrong, and the proposal is listed as invalid rather than hidden.
 */
public record Proposal(
        Path file,
        Origin origin,
        String id,
        String kind,
        String drift,
        String risk,
        String repo,
        String target,
        String base,
        Double confidence,
        List<String> evidence,
        String source,
        String created,
        String status,
        String rationale,
        String patch,
        String proposedText,
        String problem,
        Snapshot snapshot,
        Tampering tampered) {

    public enum Origin { SKILL_PROPOSALS, DREAM }

    public static final Set<String> KINDS = Set.of("skill_update", "AMEND_SOUL", "AMEND_SKILL", "PROPOSE_SKILL",
            "PROPOSE_RULE", "PRUNE", "OBSERVATION");
    /** {@code reverted}: approved, then undone on the review branch (a supervised approval expired, or a person reverted it). */
    public static final Set<String> STATUSES = Set.of("pending", "approved", "rejected", "changes_requested",
            "superseded", "reverted");

    public Proposal {
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    /** A proposal not read from a file's bytes (no snapshot) and not tampered with. */
    public Proposal(Path file, Origin origin, String id, String kind, String drift, String risk, String repo,
                    String target, String base, Double confidence, List<String> evidence, String source,
                    String created, String status, String rationale, String patch, String proposedText,
                    String problem) {
        this(file, origin, id, kind, drift, risk, repo, target, base, confidence, evidence, source, created, status,
                rationale, patch, proposedText, problem, null, null);
    }

    /** The SHA-256 of the file's bytes as read ({@code sha256:<hex>}), or null when it was not read from a file. */
    public String digest() {
        return snapshot == null ? null : snapshot.digest();
    }

    /** The first 12 hex digits of the digest, as the window and {@code proposals show} print it; "" when none. */
    public String shortDigest() {
        return snapshot == null ? "" : snapshot.shortDigest();
    }

    /** Decided by the console, and its file changed since: what changed is {@link #tampered()}. */
    public boolean isTampered() {
        return tampered != null;
    }

    public boolean valid() {
        return problem == null;
    }

    public boolean isDream() {
        return origin == Origin.DREAM;
    }

    /** Open for a decision: pending, or sent back for changes. */
    public boolean open() {
        return "pending".equals(status) || "changes_requested".equals(status);
    }

    public boolean hasChange() {
        return patch != null || proposedText != null;
    }

    public Proposal withProblem(String why) {
        return new Proposal(file, origin, id, kind, drift, risk, repo, target, base, confidence, evidence, source,
                created, status, rationale, patch, proposedText, why, snapshot, tampered);
    }

    /** This proposal with the snapshot of the bytes it was parsed from. */
    public Proposal withSnapshot(Snapshot read) {
        return new Proposal(file, origin, id, kind, drift, risk, repo, target, base, confidence, evidence, source,
                created, status, rationale, patch, proposedText, problem, read, tampered);
    }

    /**
     * This proposal as the console's decision log has it: decided ({@code decided}, the logged status) — whatever
     * its file says — and, when its file changed since the decision, what changed.
     */
    public Proposal asDecided(String decided, Tampering changed) {
        return new Proposal(file, origin, id, kind, drift, risk, repo, target, base, confidence, evidence, source,
                created, decided, rationale, patch, proposedText, problem, snapshot, changed);
    }

    /** The group of the review queue, e.g. "skill update · additive" or "dream · AMEND_SOUL". */
    public String group() {
        if ("skill_update".equals(kind)) {
            return "skill update · " + ("structural_drift".equals(drift) ? "structural" : "additive");
        }
        return "dream · " + kind;
    }
}
