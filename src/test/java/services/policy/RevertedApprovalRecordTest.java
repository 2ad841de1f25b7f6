package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.review.DecisionRecord;
import services.review.JGitReviewBranch;
import services.review.Proposal;
import services.review.ReviewBranch;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/**
 * A supervised approval that is reverted — at expiry by the dial, or before by a person — says so everywhere the
 * approval was recorded: the proposal file, the decision log, the dream log, the decision record the CLI and the
 * window show; and it agrees with git.
 */
class RevertedApprovalRecordTest {

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

    private List<JsonNode> log(Path file) {
        return new DecisionLog(file).read().entries();
    }

    @Test
    void anExpiredSupervisedApprovalIsRecordedAsRevertedByThePolicyInEveryPlace() throws Exception {
        Path file = PolicyFixture.proposal(ws, "dream-med-x", "PROPOSE_RULE", "medium", "rules/med-x.md");
        String approval = policy.run().outcomes().get(0).commit();
        clock.advance(Duration.ofDays(8));
        PolicyService.RunReport later = policy.run();
        assertThat(later.expired()).singleElement().asString().startsWith("reverted dream-med-x");

        String revert;
        try (ReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            revert = b.log(1).get(0).sha();
            assertThat(b.read("rules/med-x.md")).isEmpty();
        }
        String text = Files.readString(file);
        assertThat(text).contains("\nstatus: reverted\n", "\nreverted_by: policy:expiry\n",
                "\nreverted_at: 2026-11-09T10:00:00Z\n", "\nreverted_commit: " + revert + "\n",
                "\nrevert_reason: \"not confirmed within 7 days\"\n",
                "\ndecided_by: policy:supervised\n", "\ncommit: " + approval + "\n"); // the approval stays on record
        assertThat(text).doesNotContain("status: approved");

        Proposal p = review.find("dream-med-x").proposal();
        assertEquals("reverted", p.status());
        assertThat(p.valid()).isTrue();
        assertThat(p.open()).isFalse();

        JsonNode logged = log(ws.stateDir().resolve("decisions.jsonl")).stream()
                .filter(e -> e.path("action").asText().equals("policy.revert")).findFirst().orElseThrow();
        assertEquals("policy:expiry", logged.get("by").asText());
        assertEquals(approval, logged.get("reverts").asText());
        assertEquals(revert, logged.get("commit").asText());

        JsonNode dream = log(ws.dreamDir().resolve("log.jsonl")).stream()
                .flatMap(e -> StreamSupport.stream(e.path("outputs").spliterator(), false))
                .filter(o -> o.path("id").asText().equals("dream-med-x") && o.path("action").asText().equals("reverted"))
                .findFirst().orElseThrow();
        assertEquals(revert, dream.get("sha").asText());
        assertEquals(approval, dream.get("reverts").asText());
        assertEquals("policy:expiry", dream.get("by").asText());

        DecisionRecord record = review.record(p);
        assertEquals("reverted", record.status());
        assertEquals("policy:expiry", record.by());
        assertEquals("2026-11-09T10:00:00Z", record.at());
        assertEquals("not confirmed within 7 days", record.why());
        assertEquals(approval, record.commit());
        assertThat(record.note()).contains("Approved by policy:supervised", "reverted by commit " + revert.substring(0, 10));
        assertThat(record.summary()).isEqualTo("reverted by policy:expiry at 2026-11-09T10:00:00Z");

        // the run after: nothing pending, nothing reverted twice, the file unchanged
        assertThat(policy.run().expired()).isEmpty();
        assertEquals(text, Files.readString(file));
    }

    @Test
    void aPersonsRevertNamesThePersonAndTheReason() throws Exception {
        Path file = PolicyFixture.proposal(ws, "dream-med-y", "PROPOSE_RULE", "medium", "rules/med-y.md");
        policy.run();
        clock.advance(Duration.ofHours(3));
        String sha = policy.revert("dream-med-y", "joel", "the rule is too broad");
        assertThat(Files.readString(file)).contains("\nstatus: reverted\n", "\nreverted_by: joel\n",
                "\nreverted_commit: " + sha + "\n", "\nrevert_reason: \"the rule is too broad\"\n");
        DecisionRecord record = review.record(review.find("dream-med-y").proposal());
        assertThat(record.summary()).isEqualTo("reverted by joel at 2026-11-01T13:00:00Z");
        assertEquals("the rule is too broad", record.why());
        assertThat(record.note()).contains("Approved by policy:supervised");
    }
    @Test
    void aRevertCutShortBeforeItsLogLineIsStillRevertedByTheConsolesRevertCommitOnTheReviewBranch() throws Exception {
        PolicyFixture.proposal(ws, "dream-med-z", "PROPOSE_RULE", "medium", "rules/med-z.md");
        policy.run();
        String sha = policy.revert("dream-med-z", "joel", "too broad");
        // killed after the revert commit and the proposal file, before the decision log's line
        Path decisions = ws.stateDir().resolve("decisions.jsonl");
        List<String> kept = Files.readAllLines(decisions).stream().filter(l -> !l.contains("\"policy.revert\"")).toList();
        assertThat(kept).hasSize(Files.readAllLines(decisions).size() - 1);
        Files.write(decisions, kept);

        Proposal p = new ReviewService(ws, clock).find("dream-med-z").proposal();
        assertThat(p.valid()).as(String.valueOf(p.problem())).isTrue();
        assertEquals("reverted", p.status());
        try (ReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            assertEquals(sha, b.log(1).get(0).sha(), "one revert commit, not a second");
        }
    }
}
