package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.JGitReviewBranch;
import services.review.Proposal;
import services.review.ReviewBranch;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;
import testsupport.RepoSnapshot;

/**
 * The check run after each change the dial applies, on the demo's real git repositories: a pass keeps the commit; a
 * failure or a time-out reverts it, logs an automatic revert with the output as evidence, and holds the change for a
 * person — in this run and every later one.
 */
class PostApplyCheckTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;
    private PolicyService policy;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        MutableClock clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
        review = new ReviewService(ws, clock);
        policy = new PolicyService(ws, review, clock);
    }

    private ReviewBranch branch() {
        return new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch());
    }

    private Proposal proposal(String id) {
        return review.proposals().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aPassingCheckRunsOnTheNewCommitInAScratchCheckoutAndLeavesTheCommit() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-ok", "PROPOSE_RULE", "low", "rules/check-ok.md");
        GuardFixture.check(ws, "rules/*.md", 30, "sh", "-c",
                "grep -q dream-check-ok rules/check-ok.md && test ! -e .git && echo parsed: $(ls rules | wc -l) rules");
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        PolicyService.RunReport r = policy.run();
        assertEquals(1, r.applied());
        assertThat(r.checks()).singleElement().satisfies(c -> {
            assertTrue(c.passed(), c.output());
            assertEquals("exit 0", c.ending());
            assertThat(c.output()).contains("parsed:");
        });
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()), "HEAD, index and working tree untouched");
        try (ReviewBranch b = branch()) {
            assertThat(b.read("rules/check-ok.md")).isPresent();
            assertThat(b.log(1).get(0).message()).startsWith("retro(auto): ");
        }
        assertThat(GuardFixture.decisions(ws)).noneMatch(e -> e.path("action").asText().equals("revert"));
    }

    @Test
    void aCheckThatCoversAnotherPathDoesNotRun() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-skip", "PROPOSE_RULE", "low", "rules/check-skip.md");
        GuardFixture.check(ws, "skills/**", 30, "sh", "-c", "exit 1");
        PolicyService.RunReport r = policy.run();
        assertEquals(1, r.applied());
        assertThat(r.checks()).isEmpty();
    }

    @Test
    void aFailingCheckRevertsTheCommitLogsAnAutomaticRevertAndHoldsTheChangeForAPerson() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-bad", "PROPOSE_RULE", "low", "rules/check-bad.md");
        GuardFixture.check(ws, "rules/*.md", 30, "sh", "-c", "echo 'rules/check-bad.md:1: no heading' >&2; exit 3");
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        PolicyService.RunReport r = policy.run();

        assertEquals(0, r.applied());
        assertThat(r.outcomes()).singleElement().satisfies(o -> {
            assertEquals("reverted", o.action());
            assertThat(o.reason()).contains("rules parse", "exit 3", "dream-check-bad-held");
        });
        CheckOutcome c = r.checks().get(0);
        assertFalse(c.passed());
        assertEquals(3, c.exitCode());
        assertThat(c.output()).contains("no heading");
        assertThat(r.summary()).contains("1 reverted after a failed check");
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()), "HEAD, index and working tree untouched");

        String approval = r.outcomes().get(0).commit();
        try (ReviewBranch b = branch()) {
            assertThat(b.read("rules/check-bad.md")).isEmpty();
            String revert = b.log(1).get(0).message();
            assertThat(revert).contains("\nReverts: " + approval + "\n", "\nReverted-By: policy:check\n",
                    "\nProposal-Id: dream-check-bad\n");
            assertEquals(c.revertCommit(), b.log(1).get(0).sha());
        }

        JsonNode record = GuardFixture.decisions(ws).stream().filter(e -> e.path("action").asText().equals("revert"))
                .findFirst().orElseThrow();
        assertEquals("policy:check", record.path("by").asText());
        assertTrue(record.path("automatic").asBoolean());
        assertEquals("dream-check-bad", record.path("proposal").asText());
        assertEquals(approval, record.path("reverts").asText());
        assertEquals(c.revertCommit(), record.path("commit").asText());
        assertEquals("rules/check-bad.md", record.path("target").asText());
        assertEquals("rules parse", record.path("check").asText());
        assertEquals(3, record.path("exit_code").asInt());
        assertThat(record.path("evidence").asText()).contains("no heading");
        assertEquals("dream-check-bad-held", record.path("held_as").asText());

        assertEquals("reverted", proposal("dream-check-bad").status());
        Proposal held = proposal("dream-check-bad-held");
        assertTrue(held.valid(), String.valueOf(held.problem()));
        assertEquals("pending", held.status());
        assertThat(held.evidence()).anyMatch(e -> e.contains("policy-check") && e.contains("exit 3"))
                .anyMatch(e -> e.contains("no heading"));
        assertThat(Files.readString(held.file(), StandardCharsets.UTF_8)).contains("## Check output", "no heading");
        assertEquals(Level.MANUAL, policy.applying(held).level());
        assertThat(policy.applying(held).reason()).contains("post-apply check failed");
    }

    @Test
    void aChangeHeldByAFailedCheckIsNotAppliedAgainUntilAPersonDecides() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-again", "PROPOSE_RULE", "low", "rules/check-again.md");
        GuardFixture.check(ws, "rules/*.md", 30, "sh", "-c", "exit 1");
        assertEquals("reverted", policy.run().outcomes().get(0).action());

        GuardFixture.check(ws, "rules/*.md", 30, "sh", "-c", "exit 0"); // even with the check passing now
        PolicyFixture.proposal(ws, "dream-check-same-file", "PROPOSE_RULE", "low", "rules/check-again.md");
        PolicyService.RunReport next = policy.run();
        assertEquals(0, next.applied());
        assertThat(next.outcomes()).extracting(PolicyService.Outcome::id)
                .contains("dream-check-again-held", "dream-check-same-file");
        assertThat(next.outcomes()).allSatisfy(o -> {
            assertEquals("waits", o.action());
            assertThat(o.reason()).contains("post-apply check failed");
        });
        try (ReviewBranch b = branch()) {
            assertThat(b.read("rules/check-again.md")).isEmpty();
        }

        ReviewService.Decision d = review.approve("dream-check-again-held", "joel", null);
        assertEquals("approved", d.status());
        try (ReviewBranch b = branch()) {
            assertThat(new String(b.read("rules/check-again.md").orElseThrow().content(), StandardCharsets.UTF_8))
                    .contains("dream-check-again");
        }
        PolicyService.RunReport after = policy.run(); // the person decided: the file is no longer held
        assertThat(after.outcomes()).filteredOn(o -> o.id().equals("dream-check-same-file"))
                .singleElement().satisfies(o -> assertThat(o.reason()).doesNotContain("post-apply check"));
    }

    @Test
    void aCheckPastItsTimeLimitIsKilledWithItsChildrenAndCountsAsFailed() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-slow", "PROPOSE_RULE", "low", "rules/check-slow.md");
        Path pid = tmp.resolve("sleeper.pid");
        GuardFixture.check(ws, "rules/*.md", 1, "sh", "-c", "echo started; sleep 30 & echo $! > '" + pid + "'; wait");
        PolicyService.RunReport r = policy.run();
        assertEquals("reverted", r.outcomes().get(0).action());
        CheckOutcome c = r.checks().get(0);
        assertTrue(c.timedOut());
        assertNull(c.exitCode());
        assertEquals("timed out after 1 s", c.ending());
        assertThat(c.output()).contains("started");
        long sleeper = Long.parseLong(Files.readString(pid).strip());
        assertThat(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false)).as("sleep killed").isFalse();
        JsonNode record = GuardFixture.decisions(ws).stream().filter(e -> e.path("action").asText().equals("revert"))
                .findFirst().orElseThrow();
        assertTrue(record.path("timed_out").asBoolean());
        assertTrue(record.path("automatic").asBoolean());
    }

    @Test
    void aCheckThatCannotStartCountsAsFailed() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-missing", "PROPOSE_RULE", "low", "rules/check-missing.md");
        GuardFixture.check(ws, "rules/*.md", 5, "/nonexistent/brain-console-check");
        PolicyService.RunReport r = policy.run();
        assertEquals("reverted", r.outcomes().get(0).action());
        assertThat(r.checks().get(0).ending()).startsWith("could not run: ");
    }

    @Test
    void theCheckSeesNoneOfTheConsolesEnvironment() throws Exception {
        PolicyFixture.proposal(ws, "dream-check-env", "PROPOSE_RULE", "low", "rules/check-env.md");
        GuardFixture.check(ws, "rules/*.md", 30, "sh", "-c", "env | cut -d= -f1 | sort | tr '\\n' ' '");
        PolicyService.RunReport r = policy.run();
        assertThat(List.of(r.checks().get(0).output().strip().split(" ")))
                .isSubsetOf("PATH", "HOME", "TMPDIR", "LANG", "BRAIN_CONSOLE_CHECK_COMMIT", "PWD", "SHLVL", "_");
    }
}
