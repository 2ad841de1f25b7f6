package services.policy;

/**
 * A post-apply check run on a change the dial applied, and what came of it: {@code ending} says how it ended
 * ("exit 0", "exit 1", "timed out after 60 s", "could not run: …"), {@code output} is the end of what it printed;
 * for a failed check, the revert commit and the id of the copy now waiting for a person ({@code problem}: what could
 * not be done of that).
 */
public record CheckOutcome(String id, String check, boolean passed, boolean timedOut, Integer exitCode, String ending,
                           long millis, String output, String revertCommit, String heldAs, String problem) {
}
