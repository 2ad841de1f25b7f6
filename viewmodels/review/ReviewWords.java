package viewmodels.review;

import services.review.Proposal;
import services.review.ProposalWords;
import services.text.KindWords;

/** The words the review screen shows for the proposal files' identifiers: those of {@link ProposalWords}. */
public final class ReviewWords {

    private ReviewWords() {
    }

    public static String status(String status) {
        return ProposalWords.status(status);
    }

    public static String kind(String kind) {
        return ProposalWords.kind(kind);
    }

    public static String drift(String drift) {
        return ProposalWords.drift(drift);
    }

    /** The queue's group: "skill update · additive", "dream · new rule". */
    public static String group(Proposal p) {
        return ProposalWords.group(p);
    }

    /**
     * What a queue row says beside its state badge: the group; for an invalid proposal (its badge already says
     * invalid — the row read "invalid invalid") what it would be, or that its kind is none the console knows.
     */
    static String rowGroup(Proposal p) {
        if (p.valid()) {
            return ProposalWords.group(p);
        }
        if (p.kind() == null || p.kind().isBlank()) {
            return ProposalWords.kind(null); // as its detail says it
        }
        if (KindWords.of(p.kind()) == null) {
            return "unknown kind";
        }
        return "skill_update".equals(p.kind()) ? "skill update" : "dream · " + ProposalWords.kind(p.kind());
    }
}
