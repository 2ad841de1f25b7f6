package services.audit;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What happens around a decision when the review branch is shared (services.review.remote): before it, the branch is
 * brought up to date with the remote, so the decision is checked against what other consoles decided; after one
 * that committed (an approval, a revert of an amendment or of a supervised approval), the branch is pushed, without
 * the decision waiting for it.
 */
public interface DecisionSharing {

    /** The start of the line {@link #beforeDeciding} gives for each decision learnt: then the proposal's id. */
    String LEARNT = "Learnt from the remote: ";

    /** How a decision learnt from the shared branch is recorded and shown: never as if it was made here. */
    String RECOVERED = "recovered from the shared branch: decided on another machine";

    /** Nothing shared: nothing fetched, nothing pushed. */
    DecisionSharing NONE = new DecisionSharing() {
        @Override
        public List<String> beforeDeciding() {
            return List.of();
        }

        @Override
        public void afterDeciding() {
        }
    };

    /** Whether the review branch is shared at all (a remote is named): decisions learnt from it are then looked for. */
    default boolean active() {
        return false;
    }

    /** Fetches and brings the review branch up to date; one line per decision learnt ({@link #LEARNT}) or problem. */
    List<String> beforeDeciding();

    /** A decision committed: push it (in the background where there is one). */
    void afterDeciding();

    /**
     * When {@code sha} in the repository at {@code root} was made (its author time), if it came from the shared remote
     * (it is on the branch as last fetched from there): a commit of a decision this console has no record of was then
     * made on another machine. Empty when it is not on the remote.
     */
    default Optional<Instant> learntAt(Path root, String sha) {
        return Optional.empty();
    }
}
