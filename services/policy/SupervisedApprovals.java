package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.amendments.AmendmentHistory;
import services.audit.DecisionLock;
import services.audit.Replays;
import services.text.PlainText;
import services.errors.ConsoleException;
import services.review.ReviewService;
import services.workspace.Workspace;

/**
 * Approvals the dial made at level supervised: they stay in a <em>to confirm</em> list until a person confirms or
 * reverts them; one left unconfirmed past {@code confirmWithinDays} is reverted on the review branch. The list is
 * the decision log itself (an approval by {@code policy:supervised} without a later confirm or revert of its commit),
 * so it survives restarts and agrees with git.
 */
public final class SupervisedApprovals {

    /** A supervised approval waiting for a person; {@code due} is when it is reverted unless confirmed. */
    public record Pending(String id, String kind, String risk, String target, String repo, String commit, String branch,
                          Instant approvedAt, Instant due) {
    }

    private final Workspace ws;
    private final PolicyLog log;
    private final DecisionLock lock;
    private final ReviewService review;

    SupervisedApprovals(Workspace ws, PolicyLog log, ReviewService review) {
        this.ws = ws;
        this.log = log;
        this.review = review;
        this.lock = new DecisionLock(ws.stateDir());
    }

    List<Pending> pending(int days) {
        List<JsonNode> entries = log.entries();
        Set<String> settled = new HashSet<>();
        for (JsonNode e : entries) {
            String action = e.path("action").asText("");
            if (action.equals("policy.confirm") || action.equals("revert") || action.equals("policy.revert")) {
                settled.add(e.path(action.equals("policy.confirm") ? "commit" : "reverts").asText(""));
            }
        }
        Map<String, Pending> out = new LinkedHashMap<>();
        Replays replays = Replays.of(entries); // an approval moved onto the shared remote's branch is its new commit
        for (JsonNode e : entries) {
            if (!"approve".equals(e.path("action").asText()) || !"policy:supervised".equals(e.path("by").asText())) {
                continue;
            }
            String commit = replays.current(e.path("commit").asText(""));
            Instant at = PolicyLog.ts(e);
            if (commit.isEmpty() || at == null || settled.contains(commit)) {
                continue;
            }
            out.put(commit, new Pending(e.path("proposal").asText(), e.path("kind").asText(null), e.path("risk").asText(null),
                    e.path("target").asText(null), e.path("repo").asText(null), commit, e.path("branch").asText(ws.reviewBranch()),
                    at, at.plus(Duration.ofDays(days))));
        }
        return new ArrayList<>(out.values());
    }

    /**
     * Every change the dial applied ({@code approve} by {@code policy:auto} or {@code policy:supervised}) whose
     * commit no decision-log line reverts yet, oldest first; {@code due} is null.
     */
    List<Pending> applied() {
        List<JsonNode> entries = log.entries();
        Set<String> reverted = new HashSet<>();
        for (JsonNode e : entries) {
            reverted.addAll(LadderFacts.revertedBy(e));
        }
        Map<String, Pending> out = new LinkedHashMap<>();
        for (JsonNode e : entries) {
            String by = e.path("by").asText("");
            String commit = e.path("commit").asText("");
            Instant at = PolicyLog.ts(e);
            if (!"approve".equals(e.path("action").asText()) || !by.startsWith(ReviewService.POLICY) || commit.isEmpty()
                    || at == null || reverted.contains(commit)) {
                continue;
            }
            out.put(commit, new Pending(e.path("proposal").asText(), e.path("kind").asText(null), e.path("risk").asText(null),
                    e.path("target").asText(null), e.path("repo").asText(null), commit, e.path("branch").asText(ws.reviewBranch()),
                    at, null));
        }
        return new ArrayList<>(out.values());
    }

    /** The applied change {@code idOrSha} names (a proposal id, or 7+ characters of its commit). */
    Pending findApplied(String idOrSha) {
        List<Pending> matches = applied().stream().filter(p -> p.id().equals(idOrSha)
                || (idOrSha.length() >= 7 && p.commit().startsWith(idOrSha))).toList();
        if (matches.isEmpty()) {
            throw new PolicyException("No change applied by the dial is known as " + PlainText.shown(idOrSha)
                    + " that is not reverted already (a proposal id, or 7 or more characters of its commit).");
        }
        if (matches.size() > 1) {
            throw new PolicyException(PlainText.shown(idOrSha) + " names " + matches.size() + " applied changes; "
                    + "give the full commit id.");
        }
        return matches.get(0);
    }

    Pending find(String idOrSha, int days) {
        List<Pending> matches = pending(days).stream().filter(p -> p.id().equals(idOrSha)
                || (idOrSha.length() >= 7 && p.commit().startsWith(idOrSha))).toList();
        if (matches.isEmpty()) {
            throw new PolicyException("No supervised approval of " + PlainText.shown(idOrSha) + " is waiting for "
                    + "confirmation (see 'policy show').");
        }
        if (matches.size() > 1) {
            throw new PolicyException(PlainText.shown(idOrSha) + " names " + matches.size() + " supervised approvals; "
                    + "give the full commit id.");
        }
        return matches.get(0);
    }

    void confirm(String idOrSha, String by, int days) {
        lock.run(() -> {
            Pending p = find(idOrSha, days);
            ObjectNode e = log.entry("policy.confirm", by);
            e.put("proposal", p.id());
            e.put("commit", p.commit());
            e.put("branch", p.branch());
            log.append(e);
            return null;
        });
    }

    /**
     * Reverts one supervised approval on its branch (a person's revert, or the expiry's as {@code policy:expiry}),
     * then records it where the approval was recorded: the proposal file ({@code status: reverted}, by whom, when,
     * why), the dream log for a dream proposal, and the decision log ({@code policy.revert}) last — a revert cut
     * short before its log line is found pending again and finished without a second revert commit.
     */
    String revert(Pending p, String by, String why) {
        return revert(p, by, why, true);
    }

    /**
     * The same for any change the dial applied ({@code onlyUnconfirmed} false: auto, or supervised and confirmed);
     * refused when its commit was reverted meanwhile.
     */
    String revert(Pending p, String by, String why, boolean onlyUnconfirmed) {
        return lock.run(() -> {
            boolean open = onlyUnconfirmed ? pending(Integer.MAX_VALUE / 2).stream().anyMatch(q -> q.commit().equals(p.commit()))
                    : applied().stream().anyMatch(q -> q.commit().equals(p.commit()));
            if (!open) {
                throw new PolicyException("The approval " + p.commit() + " of " + p.id() + " was settled meanwhile.");
            }
            Path root = "skills".equals(p.repo()) ? ws.skillsRepo() : ws.behaviourRepo();
            try (AmendmentHistory history = review.histories().apply(root)) {
                String already = history.revertOf(p.branch(), p.commit()).map(c -> c.sha()).orElse(null);
                String sha = already != null ? already : history.revert(p.branch(), p.commit(), message(p, by, why), by);
                String recorded = review == null ? null
                        : review.recordRevert(p.id(), by, why, sha, p.commit(), p.branch());
                ObjectNode e = log.entry("policy.revert", by);
                e.put("proposal", p.id());
                e.put("reverts", p.commit());
                e.put("commit", sha);
                e.put("branch", p.branch());
                e.put("target", p.target());
                e.put("reason", why);
                if (recorded != null && !recorded.isEmpty()) {
                    e.put("recorded", recorded); // the proposal file as the revert left it: a later edit is tampering
                }
                log.append(e);
                return sha;
            }
        });
    }

    /** Reverts every supervised approval past its due time; one that cannot be reverted is reported and kept. */
    List<String> expire(Instant now, int days) {
        List<String> out = new ArrayList<>();
        for (Pending p : pending(days)) {
            if (!now.isAfter(p.due())) {
                continue;
            }
            try {
                String sha = revert(p, "policy:expiry", "not confirmed within " + days + " days");
                out.add("reverted " + p.id() + " (" + abbreviate(p.commit()) + " → " + abbreviate(sha) + "): not confirmed within "
                        + days + " days");
            } catch (ConsoleException e) {
                out.add("could not revert " + p.id() + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static String message(Pending p, String by, String why) {
        return "Revert " + PlainText.oneLine(p.kind()) + ": " + PlainText.oneLine(p.target()) + "\n\n"
                + PlainText.oneLine(why) + ".\n\nReverts: " + p.commit() + "\nReverted-By: " + PlainText.oneLine(by)
                + "\nProposal-Id: " + PlainText.oneLine(p.id()) + "\n";
    }

    static String abbreviate(String sha) {
        return sha == null ? "?" : sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
