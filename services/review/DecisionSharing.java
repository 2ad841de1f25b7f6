package services.review;

import java.util.List;

/**
 * What happens around a decision when the review branch is shared (services.review.remote): before it, the branch is
 * brought up to date with the remote, so the decision is checked against what other consoles decided; after one
 * that committed, the branch is pushed, without the decision waiting for it.
 */
public interface DecisionSharing {

    /** The start of the line {@link #beforeDeciding} gives for each decision learnt: then the proposal's id. */
    String LEARNT = "Learnt from the remote: ";

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

    /** Fetches and brings the review branch up to date; one line per decision learnt ({@link #LEARNT}) or problem. */
    List<String> beforeDeciding();

    /** A decision committed: push it (in the background where there is one). */
    void afterDeciding();
}
