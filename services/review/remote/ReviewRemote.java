package services.review.remote;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * One repository's review branch and the same branch on its shared remote. The remote's ref is only ever moved as
 * a compare-and-swap against what this repository last saw of it (its remote-tracking ref): what was not seen is
 * never overwritten. The local branch is only moved through the object database, never touching HEAD, the index
 * or the working tree.
 */
public interface ReviewRemote extends AutoCloseable {

    /**
     * The local review branch against the remote's as last fetched: {@code ahead} commits not on the remote yet,
     * {@code behind} commits of the remote not here yet. A null tip is a branch that does not exist.
     */
    record Position(String localTip, String remoteTip, int ahead, int behind) {
        public boolean diverged() {
            return ahead > 0 && behind > 0;
        }
    }

    /** How a push ended. */
    enum Pushed { PUSHED, UP_TO_DATE, LOST_RACE, REJECTED }

    record PushOutcome(Pushed result, String message) {
    }

    /**
     * A local commit that could not be moved onto the remote's tip: {@code path} changed there too. {@code theirs}
     * is the remote's commit that last changed it.
     */
    record Clash(String ours, String theirs, String path) {
    }

    /**
     * What {@link #rebaseOntoRemote} did: the commits replayed (each old sha to the new one now on the branch, oldest
     * first), the ones set aside (their proposal decided there), the clash that stopped it.
     */
    record Rebased(Map<String, String> replaced, List<Clash> setAside, Clash stuck) {
        public Rebased {
            replaced = Collections.unmodifiableMap(new LinkedHashMap<>(replaced));
            setAside = List.copyOf(setAside);
        }

        public int replayed() {
            return replaced.size();
        }
    }

    /** A commit's facts as the decision logs need them: its message (trailers), author and author time. */
    record CommitInfo(String sha, String message, String author, Instant when) {
    }

    /** The repository, for messages: its folder and the remote's name and address, user info removed. */
    String describe();

    /** Where the branches stand, from refs only (no network). */
    Position position();

    /** Fetches the remote's review branch (its tracking ref follows); {@link RemoteUnreachable} when offline. */
    Position fetch();

    /** Moves the local branch to the remote's tip when it is strictly behind; false when it was not. */
    boolean fastForward();

    /**
     * When both moved: replays each local commit (oldest first) onto the remote's tip if the paths it changes did
     * not change there. A local commit whose path the remote changed for the same proposal ({@code sameDecision})
     * is set aside under {@code refs/brain-console/set-aside/} (never deleted); any other clash stops the rebase and
     * leaves the branch as it was.
     */
    Rebased rebaseOntoRemote(BiPredicate<CommitInfo, CommitInfo> sameDecision);

    /** The commit {@code sha} when it is on the remote's branch as last fetched; empty otherwise. */
    Optional<CommitInfo> onRemote(String sha);

    /** Pushes the local branch as a compare-and-swap on the remote ref against the tracking ref. */
    PushOutcome push();

    /**
     * The remote's commits (as last fetched) that neither the local branch nor {@code sinceRemoteTip} (null: none)
     * has, oldest first.
     */
    List<CommitInfo> remoteCommitsSince(String sinceRemoteTip);

    @Override
    void close();
}
