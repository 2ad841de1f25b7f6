package services.review;

/**
 * What was decided about a proposal, for the audit view: the status, who decided, when, why (the rejection reason or
 * the feedback), the commit and branch of an approval, who edited the text, and the change — {@code asCommitted}
 * true when {@code before}/{@code after} are the target as the commit changed it, false when they are the change as
 * proposed (no commit, or the commit cannot be read: {@code note} says why). Fields the records lack are null.
 */
public record DecisionRecord(String status, String by, String at, String why, String commit, String branch,
                             String editedBy, String path, String before, String after, boolean asCommitted,
                             String note) {

    public boolean hasChange() {
        return before != null && after != null;
    }

    /** One line: "rejected by joel at 2026-11-21T09:00:00Z". */
    public String summary() {
        return status + (by == null ? "" : " by " + by) + (at == null ? "" : " at " + at);
    }
}
