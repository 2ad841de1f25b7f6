package services.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.text.PlainText;

/**
 * The trust dial's receipts, read from the decision log: every change the console applied by itself ({@code approve}
 * by {@code policy:…} with a commit) in a window of time — what changed (repository, target, surface), why (the
 * proposal's one-line reason) and from which evidence (the proposal id and the commit) — and whether it was reverted
 * since, by whom. Newest first. Every value is shown on one line.
 */
public final class Receipts {

    /** One change the dial applied; {@code revertedBy} and {@code revertCommit} are null while it stands. */
    public record Receipt(String proposal, String commit, String branch, String repo, String target, String surface,
                          String reason, String by, String at, String revertedBy, String revertCommit) {

        /** When it was applied ({@code at} is its ISO form, as the log has it). */
        public Instant time() {
            return Instant.parse(at);
        }

        /** {@code surface — reason}: what changed and why. */
        public String headline() {
            return surface + " — " + reason;
        }

        /** {@code proposal, commit abcdef1234 by policy:auto[, reverted by …]}: the evidence, on one line. */
        public String evidence() {
            return proposal + ", commit " + abbreviate(commit) + " by " + by + (revertedBy == null ? ""
                    : ", reverted by " + revertedBy + " (" + abbreviate(revertCommit) + ")");
        }
    }

    private Receipts() {
    }

    /** The receipts of the last {@code within} before {@code now}, newest first. */
    public static List<Receipt> of(DecisionLog log, Instant now, Duration within) {
        List<JsonNode> entries = log.read().entries();
        Map<String, JsonNode> reverts = new HashMap<>();
        for (JsonNode e : entries) {
            String action = e.path("action").asText("");
            if ((action.equals("revert") || action.equals("policy.revert")) && e.hasNonNull("reverts")) {
                reverts.put(e.path("reverts").asText(), e);
            }
        }
        Instant since = now.minus(within);
        List<Receipt> out = new ArrayList<>();
        for (JsonNode e : entries) {
            Instant at = ts(e);
            String by = e.path("by").asText("");
            String commit = e.path("commit").asText("");
            if (!"approve".equals(e.path("action").asText()) || !by.startsWith("policy:") || commit.isEmpty()
                    || at == null || at.isBefore(since) || at.isAfter(now)) {
                continue;
            }
            String target = line(e.path("target").asText(""));
            String surface = e.hasNonNull("surface") ? line(e.path("surface").asText()) : target;
            String reason = e.hasNonNull("receipt_reason") ? line(e.path("receipt_reason").asText())
                    : line(e.path("kind").asText("change")) + " of " + target;
            JsonNode revert = reverts.get(commit);
            out.add(new Receipt(line(e.path("proposal").asText("")), commit, line(e.path("branch").asText("")),
                    line(e.path("repo").asText("")), target, surface, reason, line(by), at.toString(),
                    revert == null ? null : line(revert.path("by").asText("")),
                    revert == null ? null : revert.path("commit").asText(null)));
        }
        out.sort((a, b) -> b.time().compareTo(a.time()));
        return out;
    }

    private static String line(String value) {
        String v = PlainText.oneLine(value);
        return v.length() > 200 ? v.substring(0, 199) + "…" : v;
    }

    private static Instant ts(JsonNode e) {
        try {
            return Instant.parse(e.path("ts").asText(""));
        } catch (DateTimeParseException notATime) {
            return null;
        }
    }

    static String abbreviate(String sha) {
        return sha == null ? "?" : sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
