package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import services.review.ReviewException;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;
import testsupport.RepoSnapshot;

/** Each level of the trust dial end to end on the demo's real git repositories. */
class PolicyServiceTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private MutableClock clock;
    private ReviewService review;
    private PolicyService policy;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
        review = new ReviewService(ws, clock);
        policy = new PolicyService(ws, review, clock);
    }

    private List<JsonNode> decisions() {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
    }

    private ReviewBranch branch() {
        return new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch());
    }

    @Test
    void autoApprovesALowRiskProposalOnTheReviewBranchWithPolicyTrailersExactlyOnce() throws Exception {
        PolicyFixture.proposal(ws, "dream-low-1", "PROPOSE_RULE", "low", "rules/low-1.md");
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        PolicyService.RunReport r = policy.run();
        assertThat(r.outcomes()).singleElement().satisfies(o -> {
            assertEquals("applied", o.action());
            assertEquals("auto", o.level());
        });
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()), "HEAD, index and working tree untouched");
        try (ReviewBranch b = branch()) {
            String message = b.log(1).get(0).message();
            assertThat(message).contains("\nProposal-Id: dream-low-1\n", "\nApproved-By: policy:auto\n",
                    "\nPolicy-Version: " + Policy.defaults().version() + "\n");
            assertThat(b.read("rules/low-1.md")).isPresent();
        }
        assertThat(Files.readString(ws.dreamDir().resolve("proposals/dream-low-1.md"))).contains("\nstatus: approved\n",
                "\ndecided_by: policy:auto\n");
        assertEquals("policy:auto", decisions().get(0).get("by").asText());
        assertEquals(Policy.defaults().version(), decisions().get(0).get("policy_version").asText());

        PolicyService.RunReport again = policy.run();
        assertThat(again.outcomes()).isEmpty();
        assertThat(decisions()).hasSize(1);
    }

    @Test
    void highRiskKindManualAndProtectedPathsWaitForAPerson() throws Exception {
        PolicyFixture.proposal(ws, "dream-high", "PROPOSE_RULE", "high", "rules/high.md");
        PolicyFixture.proposal(ws, "dream-soul", "AMEND_SOUL", "low", "notes/soul-extra.md");
        PolicyFixture.proposal(ws, "dream-protected", "PROPOSE_RULE", "low", "drafts/SOUL.md");
        PolicyService.RunReport r = policy.run();
        assertThat(r.applied()).isZero();
        assertThat(r.outcomes()).extracting(PolicyService.Outcome::id, PolicyService.Outcome::action,
                PolicyService.Outcome::reason).containsExactlyInAnyOrder(
                Tuple.tuple("dream-high", "waits", "risk high"),
                Tuple.tuple("dream-soul", "waits", "kind AMEND_SOUL"),
                Tuple.tuple("dream-protected", "waits", "protected path SOUL.md"));
        assertThat(decisions()).isEmpty();
        try (ReviewBranch b = branch()) {
            assertThat(b.log(50)).noneMatch(e -> e.message().contains("policy:"));
        }
    }

    @Test
    void aSupervisedApprovalIsRevertedWhenNotConfirmedInTimeAndKeptWhenConfirmed() throws Exception {
        PolicyFixture.proposal(ws, "dream-med-1", "PROPOSE_RULE", "medium", "rules/med-1.md");
        PolicyFixture.proposal(ws, "dream-med-2", "PROPOSE_RULE", "medium", "rules/med-2.md");
        PolicyService.RunReport r = policy.run();
        assertThat(r.outcomes()).allMatch(o -> o.action().equals("applied") && o.level().equals("supervised"));
        assertThat(policy.toConfirm()).extracting(SupervisedApprovals.Pending::id)
                .containsExactlyInAnyOrder("dream-med-1", "dream-med-2");
        assertThrows(PolicyException.class, () -> policy.confirm("dream-med-1", "policy:auto"));
        policy.confirm("dream-med-2", "joel");
        assertThat(policy.toConfirm()).extracting(SupervisedApprovals.Pending::id).containsExactly("dream-med-1");

        clock.advance(Duration.ofDays(6));
        assertThat(policy.run().expired()).isEmpty();
        clock.advance(Duration.ofDays(2));
        PolicyService.RunReport later = policy.run();
        assertThat(later.expired()).singleElement().asString().startsWith("reverted dream-med-1");
        assertThat(policy.toConfirm()).isEmpty();
        try (ReviewBranch b = branch()) {
            assertThat(b.read("rules/med-1.md")).isEmpty();
            assertThat(b.read("rules/med-2.md")).isPresent();
            assertThat(b.log(1).get(0).message()).contains("Reverted-By: policy:expiry");
        }
        assertThat(decisions()).filteredOn(e -> e.path("action").asText().equals("policy.revert"))
                .singleElement().satisfies(e -> assertEquals("dream-med-1", e.get("proposal").asText()));
        assertThat(policy.run().expired()).isEmpty(); // reverted once
    }

    @Test
    void theKillSwitchHoldsEverythingUntilLiftedAndIsLoggedWithWhoAndWhy() throws Exception {
        PolicyFixture.proposal(ws, "dream-low-2", "PROPOSE_RULE", "low", "rules/low-2.md");
        assertThrows(PolicyException.class, () -> policy.freeze("joel", " "));
        policy.freeze("joel", "bad week");
        assertThat(policy.policy().policy().frozen()).isTrue();
        assertThat(new ObjectMapper().readTree(ws.dir().resolve("workspace.json").toFile())
                .path("policy").path("frozen").asBoolean()).isTrue(); // saved in workspace.json, in the user's format
        PolicyService.RunReport r = policy.run();
        assertThat(r.applied()).isZero();
        assertThat(r.outcomes()).singleElement().satisfies(o -> assertThat(o.reason()).contains("frozen"));
        JsonNode e = decisions().get(0);
        assertEquals("policy.freeze", e.get("action").asText());
        assertEquals("joel", e.get("by").asText());
        assertEquals("bad week", e.get("reason").asText());

        policy.unfreeze("joel", "calmer now");
        assertThat(policy.run().applied()).isEqualTo(1);
        assertEquals("policy.unfreeze", decisions().get(1).get("action").asText());
    }

    @Test
    void aBrokenPolicyNamesTheKeyAndAppliesNothing() throws Exception {
        PolicyFixture.proposal(ws, "dream-low-3", "PROPOSE_RULE", "low", "rules/low-3.md");
        Path file = ws.dir().resolve("workspace.json");
        String json = Files.readString(file);
        Files.writeString(file, json.replaceFirst("\\{", "{\"policy\": {\"risk\": {\"medium\": \"sometimes\"}},"));
        PolicyService.RunReport r = policy.run();
        assertThat(r.problem()).contains("policy.risk.medium").contains("sometimes");
        assertThat(r.outcomes()).isEmpty();
        assertThat(decisions()).isEmpty();
        assertEquals(Level.MANUAL, policy.applying(review.proposals().get(0)).level());
        for (String bad : new String[] {"{\"kinds\": {\"AMEND_EVERYTHING\": \"auto\"}}", "{\"confirmWithinDays\": -1}",
            "{\"frozen\": \"yes\"}", "{\"protected\": \"SOUL.md\"}", "[1]"}) {
            PolicyException e = assertThrows(PolicyException.class, () -> PolicySettings.parse(
                    new ObjectMapper().readTree(bad)));
            assertThat(e.getMessage()).contains("workspace.json key \"policy");
        }
    }

    @Test
    void aPersonCannotSignAsThePolicy() throws Exception {
        PolicyFixture.proposal(ws, "dream-low-4", "PROPOSE_RULE", "low", "rules/low-4.md");
        assertThrows(ReviewException.class, () -> review.approve("dream-low-4", "policy:auto", null));
        assertThrows(ReviewException.class, () -> review.reject("dream-low-4", "Policy:supervised", "no"));
        assertThrows(PolicyException.class, () -> policy.freeze("policy:auto", "x"));
    }

    @Test
    void aKindEntryOverridesItsRiskAndSkillUpdatesSplitByDrift() {
        Policy p = PolicySettings.overrides(Policy.defaults(), List.of("high=supervised"),
                List.of("skill_update.structural=manual", "PROPOSE_RULE=auto"));
        assertEquals(Level.MANUAL, p.resolve("skill_update", "structural_drift", "low", "skills/a/SKILL.md").level());
        assertEquals(Level.AUTO, p.resolve("skill_update", "additive_drift", "low", "skills/a/SKILL.md").level());
        assertEquals(Level.AUTO, p.resolve("PROPOSE_RULE", null, "high", "rules/x.md").level());
        assertEquals(Level.SUPERVISED, p.resolve("PRUNE", null, "high", "skills/x/SKILL.md").level());
        assertEquals(Level.MANUAL, p.resolve("PROPOSE_RULE", null, "low", "SOUL.md").level());
        assertEquals(Level.MANUAL, p.resolve("PRUNE", null, "unknown", "x.md").level());
        assertThrows(PolicyException.class, () -> PolicySettings.overrides(Policy.defaults(), List.of("medium=always"), List.of()));
        assertThrows(PolicyException.class, () -> PolicySettings.overrides(Policy.defaults(), List.of(), List.of("SOUL=auto")));
        assertThat(p.version()).isNotEqualTo(Policy.defaults().version());
    }
}
