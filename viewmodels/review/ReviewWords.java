package viewmodels.review;

import services.review.Proposal;
import services.review.ProposalWords;

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
}
