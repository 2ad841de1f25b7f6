package services.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * A dream amendment reverted by the console, as one line of the dream log ({@code dream/log.jsonl}): the cycle,
 * {@code trigger: console} and one output with {@code action: reverted}, the revert commit ({@code sha}), the commit
 * it reverts ({@code reverts}), its branch, who and why — the same line whether the revert came from Amendments or
 * from a supervised approval left unconfirmed. A null branch or reason is left out.
 */
public record DreamRevert(String cycle, String id, String kind, String risk, String target, String sha,
                          String reverts, String branch, String by, String reason) {

    public ObjectNode line(Instant at) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", at.toString());
        line.put("cycle", cycle);
        line.put("trigger", "console");
        ObjectNode output = line.putArray("outputs").addObject();
        output.put("id", id);
        output.put("kind", kind);
        output.put("risk", risk);
        output.put("target", target);
        output.put("action", "reverted");
        output.put("sha", sha);
        output.put("reverts", reverts);
        if (branch != null) {
            output.put("branch", branch);
        }
        output.put("by", by);
        if (reason != null) {
            output.put("reason", reason);
        }
        return line;
    }
}
