package services.review;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import services.amendments.AmendmentHistory;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.errors.ConsoleException;
import services.vault.FileText;
import services.vault.Frontmatter;

/**
 * Reads the record of a decided proposal: the newest line of the decision log for that proposal when it records this
 * status (an agent may edit the proposal file afterwards: its {@code decided_by} or {@code reason} then count for
 * nothing), else the keys the decision wrote into the proposal file ({@code decided_by}, {@code decided_at},
 * {@code reason} / {@code feedback}, {@code commit}, {@code branch}, {@code edited_by}), filled in from the log where
 * the file lacks one; and the change — as committed (the commit's diff of the target) for an approval with a
 * readable commit, else as proposed: the proposal's text, or its patch's hunks at the lines their headers name (a
 * patch that cannot be read shows no change, and says why).
 */
final class DecisionRecordReader {

    private final DecisionLog log;
    private final Function<Path, AmendmentHistory> histories;

    DecisionRecordReader(DecisionLog log, Function<Path, AmendmentHistory> histories) {
        this.log = log;
        this.histories = histories;
    }

    DecisionRecord read(Proposal p, Path repoRoot) {
        JsonNode logged = lastLogged(p.id());
        DecisionRecord r = read(p, repoRoot, logged);
        boolean elsewhere = logged != null && DecisionSharing.RECOVERED.equals(logged.path("recovered").asText(null))
                && p.status().equals(logged.path("status").asText(null));
        return elsewhere ? r.learntElsewhere() : r;
    }

    private DecisionRecord read(Proposal p, Path repoRoot, JsonNode logged) {
        // the file is an agent's to edit: where the console's log records this decision, its values are the record
        boolean logFirst = logged != null && p.status().equals(logged.path("status").asText(null));
        Frontmatter front = logFirst ? null : frontmatter(p.file());
        String by = value(front, "decided_by", logged, "by");
        String at = value(front, "decided_at", logged, decidedAt(logged));
        String why = value(front, "rejected".equals(p.status()) ? "reason" : "feedback", logged,
                "rejected".equals(p.status()) ? "reason" : "feedback");
        if (why == null) {
            why = value(front, "reason", logged, "reason");
        }
        String commit = value(front, "commit", logged, "commit");
        String branch = value(front, "branch", logged, "branch");
        String revertNote = null;
        if ("reverted".equals(p.status())) {
            // who approved it stays in the file; the record names who undid it, when and why
            String approvedBy = by;
            String approvedAt = at;
            by = value(front, "reverted_by", logged, "by");
            at = value(front, "reverted_at", logged, decidedAt(logged));
            why = value(front, "revert_reason", logged, "reason");
            String revertSha = value(front, "reverted_commit", null, null);
            if (commit != null && logged != null && commit.equals(logged.path("commit").asText(null))
                    && logged.hasNonNull("reverts")) {
                revertSha = commit; // a file without the approval's keys: the log's line is the revert's
                commit = logged.get("reverts").asText();
            }
            revertNote = "Approved" + (approvedBy == null ? "" : " by " + approvedBy) + (approvedAt == null ? ""
                    : " at " + approvedAt) + (commit == null ? "" : " in " + shortSha(commit)) + "; reverted"
                    + (revertSha == null ? "" : " by commit " + shortSha(revertSha)) + ". The diff shows the change "
                    + "that was reverted.";
        }
        String editedBy = logFirst ? null : value(front, "edited_by", null, null);
        if (editedBy == null && logged != null && logged.path("edited").asBoolean(false)) {
            editedBy = by;
        }
        if (commit != null && repoRoot != null) {
            try (AmendmentHistory history = histories.apply(repoRoot)) {
                List<AmendmentHistory.FileChange> changes = history.changes(commit);
                AmendmentHistory.FileChange change = changes.stream().filter(c -> c.path().equals(p.target()))
                        .findFirst().orElse(changes.isEmpty() ? null : changes.get(0));
                if (change != null) {
                    return new DecisionRecord(p.status(), by, at, why, commit, branch, editedBy, change.path(),
                            change.before(), change.after(), true, revertNote);
                }
            } catch (ConsoleException e) {
                return proposed(p, by, at, why, commit, branch, editedBy, "The commit " + shortSha(commit)
                        + " cannot be read in " + repoRoot + " (" + e.getMessage() + "); the diff shows the change "
                        + "as proposed.");
            }
        }
        String note = revertNote != null ? revertNote : "approved".equals(p.status()) && commit == null
                ? "No commit is recorded for this approval; the diff shows the change as proposed."
                : "The diff shows the change as proposed; nothing was committed.";
        return proposed(p, by, at, why, commit, branch, editedBy, note);
    }

    private static DecisionRecord proposed(Proposal p, String by, String at, String why, String commit, String branch,
                                           String editedBy, String note) {
        if (p.proposedText() != null) {
            return new DecisionRecord(p.status(), by, at, why, commit, branch, editedBy, p.target(), "",
                    p.proposedText(), false, note);
        }
        if (p.patch() == null) {
            return new DecisionRecord(p.status(), by, at, why, commit, branch, editedBy, p.target(), List.of(), false,
                    "This proposal carries no change.");
        }
        try { // the patch's hunks, each at the lines its header names: the numbers shown while it was open
            return new DecisionRecord(p.status(), by, at, why, commit, branch, editedBy, p.target(),
                    PatchHunks.parse(p.patch()), false, note);
        } catch (ReviewException unreadable) { // no diff rather than one with wrong lines
            String cannot = "The change as proposed cannot be shown: " + unreadable.getMessage();
            return new DecisionRecord(p.status(), by, at, why, commit, branch, editedBy, p.target(), List.of(), false,
                    "reverted".equals(p.status()) && note != null
                            ? note.replace(" The diff shows the change that was reverted.", "") + " " + cannot : cannot);
        }
    }

    private static Frontmatter frontmatter(Path file) {
        try {
            return Frontmatter.parse(FileText.read(file, FileText.DEFAULT_LIMIT).text());
        } catch (RuntimeException e) {
            return null;
        }
    }

    private JsonNode lastLogged(String id) {
        try {
            List<JsonNode> entries = log.read().entries();
            for (int i = entries.size() - 1; i >= 0; i--) {
                if (id.equals(entries.get(i).path("proposal").asText(null))) {
                    return entries.get(i);
                }
            }
        } catch (ConsoleException unreadable) {
            // the file's own keys are the record then
        }
        return null;
    }

    /** A decision replayed onto the shared remote's newer branch keeps the time it was made ({@code decided_at}). */
    private static String decidedAt(JsonNode logged) {
        return logged != null && logged.hasNonNull("decided_at") ? "decided_at" : "ts";
    }

    private static String value(Frontmatter front, String key, JsonNode logged, String logKey) {
        String v = null;
        if (front != null) {
            try {
                v = front.string(key);
            } catch (RuntimeException notAString) {
                v = null;
            }
        }
        if ((v == null || v.isBlank()) && logged != null && logKey != null) {
            v = logged.path(logKey).asText(null);
        }
        return v == null || v.isBlank() ? null : v;
    }

    static String shortSha(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
