package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** At most policy.autoPerRun changes applied by one run; the rest wait, and the run says how many and why. */
class PerRunCapTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private PolicyService policy;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        MutableClock clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
        policy = new PolicyService(ws, new ReviewService(ws, clock), clock);
        for (int i = 1; i <= 5; i++) {
            PolicyFixture.proposal(ws, "dream-cap-" + i, "PROPOSE_RULE", "low", "rules/cap-" + i + ".md");
        }
    }

    @Test
    void fiveEligibleProposalsTwoAppliedThreeWaitingForTheDefaultCap() {
        PolicyService.RunReport r = policy.run();
        assertEquals(2, r.applied());
        assertEquals(3, r.capped());
        assertEquals(2, r.autoPerRun());
        assertThat(r.outcomes()).filteredOn(o -> o.action().equals("waits")).hasSize(3)
                .allSatisfy(o -> assertThat(o.reason()).contains("cap of 2", "policy.autoPerRun"));
        assertThat(r.summary()).contains("2 applied", "3 waiting for a person", "3 of them because of the cap of 2 per run");

        PolicyService.RunReport next = policy.run();
        assertEquals(2, next.applied());
        assertEquals(1, next.capped());
        PolicyService.RunReport last = policy.run();
        assertEquals(1, last.applied());
        assertEquals(0, last.capped());
        assertThat(last.summary()).doesNotContain("cap");
    }

    @Test
    void theCapIsAWorkspaceSettingAndZeroAppliesNothing() {
        GuardFixture.policy(ws, p -> p.put("autoPerRun", 4));
        assertEquals(4, policy.run().applied());

        GuardFixture.policy(ws, p -> p.put("autoPerRun", 0));
        PolicyService.RunReport r = policy.run();
        assertEquals(0, r.applied());
        assertEquals(1, r.capped());
    }

    @Test
    void aCapOutsideZeroToAHundredIsRefusedNamingTheKeyAndNothingIsApplied() {
        for (String bad : new String[] {"101", "-1", "\"2\"", "2.5", "true", "[2]"}) {
            GuardFixture.policy(ws, p -> {
                try {
                    p.set("autoPerRun", GuardFixture.JSON.readTree(bad));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            PolicyService.RunReport r = policy.run();
            assertThat(r.problem()).as(bad).contains("\"policy.autoPerRun\"", "from 0 to 100");
            assertThat(r.outcomes()).isEmpty();
        }
        GuardFixture.policy(ws, p -> p.put("autoPerRun", 100));
        PolicyService.RunReport r = policy.run();
        assertNull(r.problem());
        assertEquals(5, r.applied());
    }
}
