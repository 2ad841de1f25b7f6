package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.review.Proposal;
import services.review.ReviewService;

/**
 * "What the dial would have done": the last days' decisions from the decision log, each with what actually
 * happened and what a candidate policy would have done. A row {@code differs} when the candidate would have
 * auto-applied what a person rejected, sent back or reverted — or would have held for a person what the policy
 * applied and nobody undid.
 */
public final class PolicySimulation {

    /** One decided proposal: {@code actual} (approved by a person, applied by policy, rejected, sent back, reverted). */
    public record Row(String id, String kind, String risk, String target, String actual, String would, boolean differs,
                      String note) {
    }

    private final PolicyLog log;
    private final ReviewService review;

    PolicySimulation(PolicyLog log, ReviewService review) {
        this.log = log;
        this.review = review;
    }

    List<Row> rows(Policy candidate, Instant now, int days) {
        Instant since = now.minus(Duration.ofDays(days));
        Map<String, JsonNode> last = new LinkedHashMap<>();
        Map<String, String> revertedCommits = new HashMap<>();
        for (JsonNode e : log.entries()) {
            String action = e.path("action").asText("");
            Instant ts = PolicyLog.ts(e);
            if (action.equals("revert") || action.equals("policy.revert")) {
                revertedCommits.put(e.path("reverts").asText(""), e.path("by").asText(""));
            }
            if (ts == null || ts.isBefore(since) || ts.isAfter(now) || e.path("proposal").asText("").isEmpty()) {
                continue;
            }
            if (action.equals("approve") || action.equals("reject") || action.equals("request_changes")) {
                last.remove(e.path("proposal").asText());
                last.put(e.path("proposal").asText(), e);
            }
        }
        Map<String, String> drifts = new HashMap<>();
        if (review != null) {
            for (Proposal p : review.proposals()) {
                if (p.drift() != null) {
                    drifts.putIfAbsent(p.id(), p.drift());
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode e : last.values()) {
            String id = e.path("proposal").asText();
            String kind = e.path("kind").asText(null);
            String risk = e.path("risk").asText(null);
            String target = e.path("target").asText(null);
            String drift = e.hasNonNull("drift") ? e.get("drift").asText() : drifts.get(id);
            String by = e.path("by").asText("");
            String action = e.path("action").asText();
            boolean byPolicy = by.startsWith(ReviewService.POLICY);
            String reverted = action.equals("approve") ? revertedCommits.get(e.path("commit").asText("")) : null;
            String actual = switch (action) {
                case "approve" -> reverted != null ? "reverted by " + reverted
                        : byPolicy ? "applied by " + by : "approved by " + by;
                case "reject" -> "rejected by " + by;
                default -> "sent back by " + by;
            };
            Policy.Applying a = candidate.resolve(kind, drift, risk, target);
            String would = a.level().applies() ? (a.level() == Level.AUTO ? "auto-applied" : "applied, to confirm")
                    + " (" + a.reason() + ")" : "waits for a person (" + a.reason() + ")";
            boolean personSaidNo = !action.equals("approve") || reverted != null;
            String note = null;
            if (a.level().applies() && personSaidNo) {
                note = "would have auto-applied what a person " + (action.equals("reject") ? "rejected"
                        : action.equals("request_changes") ? "sent back" : "reverted");
            } else if (!a.level().applies() && action.equals("approve") && byPolicy && reverted == null) {
                note = "would have held for a person what the policy applied";
            } else if (!a.level().applies() && action.equals("approve") && !byPolicy) {
                note = null; // a person approved it and still would have to: the same outcome
            }
            rows.add(new Row(id, kind, risk, target, actual, would, note != null, note));
        }
        return rows;
    }
}
