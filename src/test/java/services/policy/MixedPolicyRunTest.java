package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.audit.Trailers;
import services.errors.ConsoleException;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** 50 proposals of mixed kinds and risks, policy runs, a person's decisions and expiries: the log agrees with git. */
class MixedPolicyRunTest {

    @TempDir
    Path tmp;

    @Test
    void theDecisionLogAgreesWithGitHistoryAfterAMixedRun() throws Exception {
        long seed = 24L;
        Workspace ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        MutableClock clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
        ReviewService review = new ReviewService(ws, clock);
        PolicyService policy = new PolicyService(ws, review, clock);
        Random random = new Random(seed);
        String[] kinds = {"PROPOSE_RULE", "AMEND_SOUL", "OBSERVATION", "PROPOSE_RULE", "PRUNE"};
        String[] risks = {"low", "medium", "high"};
        for (int i = 0; i < 50; i++) {
            String kind = kinds[random.nextInt(kinds.length)];
            String target = random.nextInt(8) == 0 ? "agents/SOUL.md" : "rules/r-" + i + ".md";
            PolicyFixture.proposal(ws, "dream-mix-" + i, kind, risks[random.nextInt(3)], target);
            if (i % 10 == 9) {
                policy.run();
                for (ReviewService.Item item : review.list()) {
                    if (!"pending".equals(item.proposal().status()) || random.nextInt(3) != 0) {
                        continue;
                    }
                    try {
                        if (random.nextBoolean()) {
                            review.approve(item.proposal().id(), "joel", null);
                        } else {
                            review.reject(item.proposal().id(), "joel", "not now");
                        }
                    } catch (ConsoleException refused) {
                        // an OBSERVATION has nothing to apply: the person's approval is refused, nothing written
                    }
                }
                if (!policy.toConfirm().isEmpty() && random.nextBoolean()) {
                    policy.confirm(policy.toConfirm().get(0).id(), "joel");
                }
                clock.advance(Duration.ofDays(3));
            }
        }
        policy.run();
        clock.advance(Duration.ofDays(10));
        PolicyService.RunReport last = policy.run();
        assertThat(last.expired()).allMatch(s -> s.startsWith("reverted"), "seed " + seed);

        List<JsonNode> log = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
        Map<String, String> approvedCommit = new HashMap<>();
        Set<String> revertedCommits = new HashSet<>();
        for (JsonNode e : log) {
            switch (e.path("action").asText()) {
                case "approve" -> assertEquals(null, approvedCommit.put(e.get("proposal").asText(), e.get("commit").asText()),
                        "one approval per proposal, seed " + seed);
                case "policy.revert" -> revertedCommits.add(e.get("reverts").asText());
                default -> { }
            }
        }
        Map<String, String> onGit = new HashMap<>();
        Set<String> revertsOnGit = new HashSet<>();
        try (ReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            for (ReviewBranch.LogEntry c : b.log(1000)) {
                List<String> ids = Trailers.values(c.message(), "Proposal-Id");
                List<String> reverts = Trailers.values(c.message(), "Reverts");
                if (!reverts.isEmpty()) {
                    revertsOnGit.add(reverts.get(0).strip());
                } else if (!ids.isEmpty() && !Trailers.values(c.message(), "Approved-By").isEmpty()) {
                    assertEquals(null, onGit.put(ids.get(0).strip(), c.sha()), "one commit per proposal, seed " + seed);
                }
            }
        }
        assertEquals(approvedCommit, onGit, "every approval in the log has its commit and no other, seed " + seed);
        assertEquals(revertedCommits, revertsOnGit, "seed " + seed);
        assertThat(approvedCommit).isNotEmpty();
        assertThat(log).filteredOn(e -> e.path("action").asText().equals("approve")
                && e.path("by").asText().startsWith("policy:")).allSatisfy(e -> {
                    assertThat(e.path("risk").asText()).isNotEqualTo("high");
                    assertThat(e.path("kind").asText()).isNotEqualTo("AMEND_SOUL");
                    assertThat(e.path("target").asText()).doesNotContain("SOUL.md");
                });
    }
}
