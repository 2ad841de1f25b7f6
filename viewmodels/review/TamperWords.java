package viewmodels.review;

import services.review.Proposal;
import services.review.ProposalWords;
import services.review.Snapshot;

/** What the window says of a tampered proposal: the decision stands, what changed, and the bytes' difference. */
final class TamperWords {

    private TamperWords() {
    }

    static String describe(Proposal p) {
        var t = p.tampered();
        StringBuilder out = new StringBuilder("Tampered: the file was changed after the console "
                + (p.status().equals("approved") ? "approved" : p.status().equals("rejected") ? "rejected"
                : ProposalWords.status(p.status())) + " it. The decision stands; it cannot be decided again.");
        if (!t.changes().isEmpty()) {
            out.append("\nChanged: ").append(String.join(" · ", t.changes()));
        }
        if (t.decidedDigest() != null) {
            out.append("\nAs decided ").append(Snapshot.shortOf(t.decidedDigest())).append(", now ")
                    .append(p.shortDigest());
        }
        if (!t.diff().isEmpty()) {
            out.append("\n").append(t.diff().stripTrailing());
        }
        return out.toString();
    }
}
