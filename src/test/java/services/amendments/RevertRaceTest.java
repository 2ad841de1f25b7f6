package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A revert while a new amendment lands on the same branch: the amendment lands between the revert's reading of the
 * branch and its move (through the fault-injection seam). Exactly one wins — the amendment — and the revert is told
 * why and changes nothing; tried again, it reverts on top of the new amendment.
 */
class RevertRaceTest {

    @TempDir
    Path tmp;

    @Test
    void theNewAmendmentWinsAndTheRevertIsToldToTryAgain() {
        Workspace ws = Fixtures.demo(tmp);
        AtomicReference<String> landed = new AtomicReference<>();
        AmendmentsService service = new AmendmentsService(ws, Fixtures.CLOCK, dir -> {
            JGitAmendmentHistory history = new JGitAmendmentHistory(dir);
            history.beforeBranchMoves = () -> {
                if (landed.get() == null) { // once: the retry finds the branch still
                    landed.set(land(dir, "dream/applied"));
                }
            };
            return history;
        });
        AmendmentsService.Amendment target = service.list().amendments().stream()
                .filter(a -> a.status() == AmendmentsService.Status.APPLIED).findFirst().orElseThrow();
        Path repo = "skills".equals(target.repo()) ? ws.skillsRepo() : ws.behaviourRepo();

        AmendmentException lost = assertThrows(AmendmentException.class, () -> service.revert(List.of(target.sha()), "joel"));
        assertThat(lost.getMessage()).contains("moved while reverting").contains("nothing was reverted. Try again.");
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, target.branch())) {
            assertThat(branch.log(1).get(0).sha()).isEqualTo(landed.get()); // the amendment that landed is kept
        }

        List<AmendmentsService.Reverted> retried = service.revert(List.of(target.sha()), "joel");
        assertThat(retried).hasSize(1);
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, target.branch())) {
            List<ReviewBranch.LogEntry> log = branch.log(2);
            assertThat(log.get(0).sha()).isEqualTo(retried.get(0).revertSha());
            assertThat(log.get(1).sha()).isEqualTo(landed.get());
        }
    }

    /** A new amendment committed to the branch by "someone else" (another console, the dream process). */
    private static String land(Path repo, String branchName) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, branchName)) {
            return branch.commit("rules/landed-meanwhile.md", "A rule that landed meanwhile.\n".getBytes(StandardCharsets.UTF_8),
                    "PROPOSE_RULE: rules/landed-meanwhile.md\n\nProposal-Id: dream-race-01\n", "dream", branch.tip()).sha();
        }
    }
}
