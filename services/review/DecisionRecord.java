package services.review;

import java.util.List;

/**
 * What was decided about a proposal, for the audit view: the status, who decided, when, why (the rejection reason or
 * the feedback), the commit and branch of an approval, who edited the text, and the change — {@code asCommitted}
 * true when it is the target as the commit changed it (one whole text), false when it is the change as proposed
 * (no commit, or the commit cannot be read: {@code note} says why): the proposal's full text, or its patch's hunks,
 * each at the lines its header names. Empty when there is no change to show ({@code note} says why). Fields the
 * records lack are null. {@code elsewhere}: the decision was made on another machine and learnt from the shared
 * review branch, never here.
 */
public record DecisionRecord(String status, String by, String at, String why, String commit, String branch,
                             String editedBy, String path, List<TextDiff.Hunk> change, boolean asCommitted,
                             String note, boolean elsewhere) {

    /** The words a decision learnt from the shared branch is shown with, after who decided it. */
    public static final String ELSEWHERE = "on another machine";

    /** And after the rest of the line. */
    public static final String RECOVERED = "recovered from the shared branch";

    public DecisionRecord {
        change = change == null ? List.of() : List.copyOf(change);
    }

    /** A decision made here. */
    public DecisionRecord(String status, String by, String at, String why, String commit, String branch,
                          String editedBy, String path, List<TextDiff.Hunk> change, boolean asCommitted, String note) {
        this(status, by, at, why, commit, branch, editedBy, path, change, asCommitted, note, false);
    }

    /** A record whose change is a whole text before and after (none when either is null). */
    public DecisionRecord(String status, String by, String at, String why, String commit, String branch,
                          String editedBy, String path, String before, String after, boolean asCommitted, String note) {
        this(status, by, at, why, commit, branch, editedBy, path, before == null || after == null ? List.of()
                : List.of(TextDiff.Hunk.whole(before, after)), asCommitted, note, false);
    }

    /** The same record, of a decision made on another machine and learnt from the shared review branch. */
    public DecisionRecord learntElsewhere() {
        return new DecisionRecord(status, by, at, why, commit, branch, editedBy, path, change, asCommitted, note, true);
    }

    public boolean hasChange() {
        return !change.isEmpty();
    }

    /**
     * One line: "rejected by joel at 2026-11-21T09:00:00Z"; "approved by ada on another machine at … (recovered from
     * the shared branch)" for a decision learnt from the shared branch.
     */
    public String summary() {
        return status + (by == null ? "" : " by " + by) + (elsewhere ? " " + ELSEWHERE : "")
                + (at == null ? "" : " at " + at) + (elsewhere ? " (" + RECOVERED + ")" : "");
    }
}
