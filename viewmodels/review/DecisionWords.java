package viewmodels.review;

import services.review.DecisionRecord;
import viewmodels.text.Moments;

/** A decision record in the words the review screen's record box shows. */
final class DecisionWords {

    private DecisionWords() {
    }

    /**
     * "Rejected by joel at 2026-11-21 10:00 — reason: …", "Approved by … · commit 1a2b3c4d5e on brain/review": its
     * times, the note's too, as the window writes them ({@link Moments}).
     */
    static String describe(DecisionRecord r, Moments moments) {
        String what = switch (r.status()) {
            case "approved" -> "Approved";
            case "rejected" -> "Rejected";
            case "changes_requested" -> "Changes requested";
            default -> ReviewWords.status(r.status()).substring(0, 1).toUpperCase()
                    + ReviewWords.status(r.status()).substring(1);
        };
        StringBuilder out = new StringBuilder(what);
        out.append(r.by() == null ? " (no reviewer recorded)" : " by " + r.by());
        out.append(r.elsewhere() ? " " + DecisionRecord.ELSEWHERE : "");
        out.append(r.at() == null ? "" : " at " + moments.moment(r.at()));
        if (r.commit() != null) {
            out.append(" · commit ").append(r.commit(), 0, Math.min(10, r.commit().length()))
                    .append(r.branch() == null ? "" : " on " + r.branch());
        }
        if (r.editedBy() != null) {
            out.append(" · text edited by ").append(r.editedBy());
        }
        if (r.why() != null) {
            out.append(" — ").append("changes_requested".equals(r.status()) ? "feedback: " : "reason: ").append(r.why());
        }
        if (r.elsewhere()) {
            out.append(" (").append(DecisionRecord.RECOVERED).append(')');
        }
        if ("reverted".equals(r.status()) && r.note() != null) {
            out.append(" (").append(moments.within(r.note().replace(" The diff shows the change that was reverted.", "")))
                    .append(')');
        }
        return out.toString();
    }

}
