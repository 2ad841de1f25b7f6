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
        String problem) {

    public enum Origin { SKILL_PROPOSALS, DREAM }

    public static final Set<String> KINDS = Set.of("skill_update", "AMEND_SOUL", "AMEND_SKILL", "PROPOSE_SKILL",
            "PROPOSE_RULE", "PRUNE", "OBSERVATION");
    /** {@code reverted}: approved, then undone on the review branch (a supervised approval expired, or a person reverted it). */
    public static final Set<String> STATUSES = Set.of("pending", "approved", "rejected", "changes_requested",
            "superseded", "reverted");

    public Proposal {
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
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
                created, status, rationale, patch, proposedText, why);
    }

    /** The group of the review queue, e.g. "skill update · additive" or "dream · AMEND_SOUL". */
    public String group() {
        if ("skill_update".equals(kind)) {
            return "skill update · " + ("structural_drift".equals(drift) ? "structural" : "additive");
        }
        return "dream · " + kind;
    }
}
