package services.review;

import java.util.List;

/**
 * A decided proposal whose file changed after the console decided it: the file's status is the agent's claim, the
 * decision log's is the proposal's. {@code fileStatus} is what the file says now; {@code decidedDigest} the digest of
 * the file as the console left it (null when the log line predates digests); {@code changes} one line per field that
 * changed ("target: rules/a.md → AGENTS.md"); {@code diff} the bytes' difference as a unified diff (empty when the
 * file as decided is not kept).
 */
public record Tampering(String fileStatus, String decidedDigest, List<String> changes, String diff) {

    public Tampering {
        changes = List.copyOf(changes);
        diff = diff == null ? "" : diff;
    }

    /** One line: "tampered: the file was changed after it was approved (status: approved → pending; …)". */
    public String summary(String decided) {
        return "its file was changed after it was " + ProposalWords.status(decided) + " by the console"
                + (changes.isEmpty() ? "" : " (" + String.join("; ", changes) + ")")
                + "; the decision stands and the proposal cannot be decided again";
    }
}
