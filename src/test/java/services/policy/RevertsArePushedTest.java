package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentException;
import services.amendments.AmendmentsService;
import services.audit.DecisionSharing;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/**
 * Every decision that commits is pushed at once when the review branch is shared, not only by the scheduler's job:
 * an approval, a person's revert of a supervised approval, the dial's revert of an expired one, a revert of an
 * amendment. The branch is fetched before each; a revert refused commits nothing and pushes nothing.
 */
class RevertsArePushedTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private MutableClock clock;
    private final List<String> calls = new ArrayList<>();

    private final DecisionSharing counting = new DecisionSharing() {
        @Override
        public List<String> beforeDeciding() {
            calls.add("fetch");
            return List.of();
        }

        @Override
        public void afterDeciding() {
            calls.add("push");
        }
    };

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
    }

    @Test
    void aPersonsRevertAndTheExpiryOfASupervisedApprovalArePushedRightAfter() throws Exception {
        PolicyFixture.emptyQueue(ws);
        ReviewService review = new ReviewService(ws, clock);
        review.share(counting);
        PolicyService policy = new PolicyService(ws, review, clock);
        PolicyFixture.proposal(ws, "dream-med-1", "PROPOSE_RULE", "medium", "rules/med-1.md");
        PolicyFixture.proposal(ws, "dream-med-2", "PROPOSE_RULE", "medium", "rules/med-2.md");
        policy.run();
        assertEquals(List.of("fetch", "push", "fetch", "push"), calls, "each approval fetched before, pushed after");

        calls.clear();
        policy.revert("dream-med-1", "joel", "not what we want");
        assertEquals(List.of("fetch", "push"), calls, "a person's revert");

        calls.clear();
        clock.advance(Duration.ofDays(8));
        assertThat(policy.run().expired()).singleElement().asString().startsWith("reverted dream-med-2");
        assertEquals(List.of("push"), calls, "the expiry's revert");

        calls.clear();
        assertThrows(PolicyException.class, () -> policy.revert("dream-med-1", "joel", "again"));
        assertThat(calls).doesNotContain("push");
    }

    @Test
    void aRevertOfAnAmendmentIsPushedRightAfterAndARefusedOneIsNot() {
        AmendmentsService amendments = new AmendmentsService(ws, Fixtures.CLOCK);
        amendments.share(counting);
        String soul = amendments.list().amendments().stream().filter(a -> a.id().equals("dream-2026-11-10-01"))
                .findFirst().orElseThrow().sha();
        amendments.revert(List.of(soul), "joel");
        assertEquals(List.of("fetch", "push"), calls);

        calls.clear();
        assertThrows(AmendmentException.class, () -> amendments.revert(List.of(soul), "joel"));
        assertEquals(List.of("fetch"), calls, "refused: nothing committed, nothing pushed");
    }
}
