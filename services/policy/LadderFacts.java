package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import services.amendments.AmendmentHistory;
import services.audit.Trailers;
import services.workspace.Workspace;

/**
 * The facts the ladder is derived from. From the decision log: approvals with their commit ({@code approve}),
 * sign-offs ({@code surface.signoff}), and every line that reverts a commit — any action with a {@code reverts}
 * field (one sha or a list): a person's or the expiry's {@code policy.revert}, an amendment's {@code revert}, an
 * automatic {@code revert} after a failed check — except a revert only begun or abandoned, and the ladder's own
 * {@code surface.demote}. From git: whether an approval's commit is on its review branch with its
 * {@code Proposal-Id} trailer, and a revert commit ({@code Reverts:} trailer) the log does not know.
 */
final class LadderFacts {

    /** Lines with a {@code reverts} field that revert nothing (yet). */
    private static final Set<String> NOT_REVERTS = Set.of("revert.begun", "revert.abandoned", Ladder.DEMOTE);

    final List<SurfaceLadder.Apply> applies = new ArrayList<>();
    final List<SurfaceLadder.Revert> reverts = new ArrayList<>();
    final List<SurfaceLadder.Signoff> signoffs = new ArrayList<>();
    final List<JsonNode> demotions = new ArrayList<>();

    private LadderFacts() {
    }

    /** The commits one decision-log line reverts (none for a line that reverts nothing). */
    static List<String> revertedBy(JsonNode e) {
        JsonNode r = e.get("reverts");
        if (r == null || NOT_REVERTS.contains(e.path("action").asText(""))) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (r.isTextual() && !r.asText().isBlank()) {
            out.add(r.asText().strip());
        } else if (r.isArray()) {
            r.forEach(x -> {
                if (x.isTextual() && !x.asText().isBlank()) {
                    out.add(x.asText().strip());
                } else if (x.isObject() && x.path("commit").isTextual()) {
                    out.add(x.path("commit").asText().strip());
                }
            });
        }
        return out;
    }

    /**
     * Reads the facts about changes on {@code surfaces}: git is opened only for approvals on a surface, once per
     * repository.
     */
    static LadderFacts read(List<JsonNode> entries, Surfaces surfaces, Workspace ws,
                            Function<Path, AmendmentHistory> histories) {
        LadderFacts f = new LadderFacts();
        Map<String, String> intentRepos = new HashMap<>();
        Map<String, SurfaceLadder.Revert> logged = new LinkedHashMap<>();
        Map<String, JsonNode> approvals = new LinkedHashMap<>();
        for (JsonNode e : entries) {
            String action = e.path("action").asText("");
            Instant at = PolicyLog.ts(e);
            if (action.equals("revert.begun") && e.hasNonNull("intent")) {
                intentRepos.put(e.path("intent").asText(), e.path("repo").asText(null));
            }
            if (action.equals(Ladder.DEMOTE)) {
                f.demotions.add(e);
            }
            if (at == null) {
                continue;
            }
            if (action.equals("approve") && !e.path("commit").asText("").isEmpty()
                    && !surfaces.covering(e.path("repo").asText(null), e.path("target").asText(null)).isEmpty()) {
                approvals.putIfAbsent(e.path("commit").asText(), e);
            } else if (action.equals(Ladder.SIGNOFF)) {
                f.signoffs.add(new SurfaceLadder.Signoff(at, e.path("surface").asText(""), e.path("by").asText(""),
                        e.path("reason").asText(null)));
            }
            for (String sha : revertedBy(e)) {
                String by = e.path("by").asText("");
                String repo = e.hasNonNull("repo") ? e.get("repo").asText()
                        : intentRepos.get(e.path("intent").asText(""));
                logged.putIfAbsent(sha, new SurfaceLadder.Revert(at, sha, e.path("commit").asText(null), by, repo,
                        e.path("target").asText(null), e.path("proposal").asText(e.path("amendment").asText(null)),
                        e.path("automatic").asBoolean(false) || by.startsWith("policy:")));
            }
        }
        Map<String, AmendmentHistory> open = new HashMap<>();
        try {
            for (JsonNode e : approvals.values()) {
                String repo = e.path("repo").asText("");
                String sha = e.path("commit").asText();
                String branch = e.path("branch").asText(ws.reviewBranch());
                String proposal = e.path("proposal").asText("");
                boolean verified = false;
                Optional<AmendmentHistory.CommitInfo> gitRevert = Optional.empty();
                try {
                    AmendmentHistory h = open.computeIfAbsent(repo, r -> histories.apply(
                            "skills".equals(r) ? ws.skillsRepo() : ws.behaviourRepo()));
                    verified = h.onBranch(branch, sha) && h.commit(sha).map(c -> Trailers.values(c.message(),
                            "Proposal-Id").contains(proposal)).orElse(false);
                    if (!logged.containsKey(sha)) {
                        gitRevert = h.revertOf(branch, sha);
                    }
                } catch (RuntimeException unreadable) { // a repository that cannot be read proves no clean apply
                    verified = false;
                }
                f.applies.add(new SurfaceLadder.Apply(PolicyLog.ts(e), repo, e.path("target").asText(null), proposal, sha,
                        e.path("by").asText(""), verified));
                gitRevert.ifPresent(c -> {
                    List<String> by = Trailers.values(c.message(), "Reverted-By");
                    logged.put(sha, new SurfaceLadder.Revert(Instant.ofEpochSecond(c.epochSeconds()), sha, c.sha(),
                            by.isEmpty() ? "git" : by.get(0), repo, e.path("target").asText(null), proposal, false));
                });
            }
        } finally {
            open.values().forEach(AmendmentHistory::close);
        }
        f.reverts.addAll(logged.values());
        return f;
    }
}
