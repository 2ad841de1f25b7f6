package services.review;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import services.audit.DecisionLog;
import services.audit.DreamRevert;

/**
 * Writes a decision to the workspace's decision log and, for a dream proposal, to the dream log (formats.md part
 * 11). Values go in as JSON strings: a line break or control character in them is escaped, never a new line.
 */
final class DecisionRecords {

    private final DecisionLog decisions;
    private final DecisionLog dreamLog;
    private final Clock clock;

    DecisionRecords(DecisionLog decisions, DecisionLog dreamLog, Clock clock) {
        this.decisions = decisions;
        this.dreamLog = dreamLog;
        this.clock = clock;
    }

    /**
     * @param digest   the digest of the proposal as decided (what the reviewer saw), or null
     * @param recorded the digest of the file as the console left it after writing the decision into it, or null
     */
    void log(String action, Proposal p, String by, String status, Map<String, String> extra,
             ReviewBranch.Commit commit, boolean edited, String digest, String recorded) {
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", action);
        entry.put("proposal", p.id());
        entry.put("kind", p.kind());
        entry.put("risk", p.risk());
        if (p.drift() != null) {
            entry.put("drift", p.drift());
        }
        entry.put("target", p.target());
        entry.put("repo", p.repo());
        entry.put("status", status);
        if (extra != null) {
            extra.forEach(entry::put);
        }
        if (commit != null) {
            entry.put("commit", commit.sha());
            entry.put("branch", commit.branch());
        }
        if (edited) {
            entry.put("edited", true);
        }
        if (digest != null) {
            entry.put("digest", digest);
        }
        if (recorded != null) {
            entry.put("recorded", recorded);
        }
        decisions.append(entry);
        if (p.isDream()) {
            ObjectNode line = DecisionLog.entry();
            line.put("ts", clock.instant().toString());
            line.put("cycle", p.source() != null && p.source().startsWith("dream:") ? p.source().substring(6) : p.id());
            line.put("trigger", "console");
            ArrayNode outputs = line.putArray("outputs");
            ObjectNode output = outputs.addObject();
            output.put("id", p.id());
            output.put("kind", p.kind());
            output.put("risk", p.risk());
            output.put("target", p.target());
            output.put("action", status.equals("changes_requested") ? "staged" : status);
            if (commit != null) {
                output.put("sha", commit.sha());
                output.put("branch", commit.branch());
            }
            output.put("by", by);
            if (extra != null) {
                extra.entrySet().stream().filter(e -> !e.getKey().equals("policy_version")
                                && !e.getKey().equals("recall_effect")).findFirst()
                        .ifPresent(r -> output.put("reason", r.getValue()));
            }
            dreamLog.append(line);
        }
    }

    /**
     * A dream proposal's approval undone: a {@code reverted} line in the dream log (formats.md part 11), naming the
     * revert commit ({@code sha}) and the approval it reverts ({@code reverts}). Other proposals have no dream log.
     */
    void dreamReverted(Proposal p, String by, String why, String revertSha, String reverts, String branch) {
        if (!p.isDream()) {
            return;
        }
        String cycle = p.source() != null && p.source().startsWith("dream:") ? p.source().substring(6) : p.id();
        dreamLog.append(new DreamRevert(cycle, p.id(), p.kind(), p.risk(), p.target(), revertSha, reverts,
                branch, by, why).line(clock.instant()));
    }

    /** The frontmatter keys of a reverted proposal: the approval's keys stay, these say what undid it. */
    Map<String, String> revertedKeys(String by, String why, String revertSha) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("status", "reverted");
        keys.put("reverted_by", by);
        keys.put("reverted_at", clock.instant().toString());
        keys.put("reverted_commit", revertSha);
        keys.put("revert_reason", why);
        return keys;
    }

    /** The frontmatter keys of an approved proposal (approval and crash recovery write the same ones). */
    Map<String, String> approvedKeys(String by, ReviewBranch.Commit commit) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("status", "approved");
        keys.put("decided_by", by);
        keys.put("decided_at", clock.instant().toString());
        keys.put("commit", commit.sha());
        keys.put("branch", commit.branch());
        return keys;
    }
}
