package services.amendments;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The git side of dream amendments: find their commits, show what they changed, and revert them. */
public interface AmendmentHistory extends AutoCloseable {

    /** A commit with its message, time, first parent and the paths it changed. */
    record CommitInfo(String sha, String message, long epochSeconds, String parent, List<String> paths) {
    }

    /** One file as a commit's parent had it and as the commit left it ("" when absent). */
    record FileChange(String path, String before, String after) {
    }

    Optional<CommitInfo> commit(String sha);

    /** The newest commit on {@code branch} whose message has the trailer {@code key: value}. */
    Optional<CommitInfo> findByTrailer(String branch, String key, String value);

    List<FileChange> changes(String sha);

    /** Whether {@code sha} is a commit with more than one parent. */
    boolean isMerge(String sha);

    /** Whether {@code sha} is reachable from the tip of {@code branch} (false when either does not exist). */
    boolean onBranch(String branch, String sha);

    /** The commit that reverts {@code sha} on {@code branch}, if one exists ("Reverts: sha" trailer). */
    Optional<CommitInfo> revertOf(String branch, String sha);

    /** Whether commit {@code revert} is exactly the revert of {@code sha} on its parent (not only a trailer saying so). */
    boolean undoes(String revert, String sha);

    /**
     * Reverts {@code sha} on {@code branch} as a new commit, in-core; refused on the checked-out and the default
     * branch (their working tree and index would fall behind), for a commit the branch does not hold and for a merge.
     * Returns the new commit's sha.
     */
    String revert(String branch, String sha, String message, String author);

    /** One revert of a chain: the commit to revert and the revert commit's message. */
    record RevertStep(String sha, String message) {
    }

    /**
     * Reverts each step in order, each revert on top of the one before, in-core; the branch moves once, to the last,
     * by compare-and-swap. When any step cannot be made (a conflict, a merge, a commit the branch does not hold) the
     * branch does not move at all: nothing is reverted. Returns the revert commits in the order of the steps.
     */
    List<String> revertAll(String branch, List<RevertStep> steps, String author);

    /** Reverts written, not yet on their branch: the branch's tip they were made on, the last, and every one made. */
    record Prepared(String branch, String oldTip, String newTip, List<String> commits) {
    }

    /** The reverts of {@link #revertAll}, written in-core on the branch's tip; the branch does not move. */
    Prepared prepareReverts(String branch, List<RevertStep> steps, String author);

    /** Moves {@code branch} from {@code from} to {@code to} by compare-and-swap; refused when it is not at {@code from}. */
    void move(String branch, String from, String to);

    /** Those of {@code shas} that {@code branch} holds, newest first by its history. */
    List<String> newestFirst(String branch, Collection<String> shas);

    @Override
    void close();
}
