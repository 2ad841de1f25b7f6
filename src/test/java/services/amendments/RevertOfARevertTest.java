package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.errors.ConsoleException;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A person's revert of a dream amendment stays reverted. A dream-log line naming the console's revert commit as an
 * applied amendment (same id, on the dream branch, changing only the target) is a revert, not an amendment: left
 * alone, never reverted — reverting it would put back what the person took out. And a commit that only claims to
 * revert an amendment (a {@code Reverts:} trailer on a commit that does not undo it) does not make it "reverted".
 */
class RevertOfARevertTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private AmendmentsService service;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        service = new AmendmentsService(ws, Fixtures.CLOCK);
    }

    private void logged(String id, String target, String sha) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", "2026-11-24T03:00:00Z").put("cycle", "2026-11-24").put("trigger", "cron");
        line.putArray("outputs").addObject().put("id", id).put("kind", "AMEND_SOUL").put("risk", "low")
                .put("target", target).put("action", "applied").put("sha", sha).put("branch", "dream/applied");
        new DecisionLog(ws.dreamDir().resolve("log.jsonl")).append(line);
    }

    private String tip() {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), "dream/applied")) {
            return b.tip();
        }
    }

    private AmendmentsService.Amendment byStatus(AmendmentsService.Status status, String target) {
        return service.list().amendments().stream().filter(a -> a.status() == status && a.target().equals(target)
                && a.repo().equals("behaviour")).findFirst().orElseThrow();
    }

    @Test
    void theConsolesRevertLoggedAsAnAppliedAmendmentIsLeftAloneAndNeverReverted() {
        AmendmentsService.Amendment reverted = byStatus(AmendmentsService.Status.REVERTED, "SOUL.md");
        logged(reverted.id(), "SOUL.md", reverted.revertedBy());
        String before = tip();

        AmendmentsService.Amendment forged = service.list().amendments().stream()
                .filter(a -> a.sha().equals(reverted.revertedBy())).findFirst().orElseThrow();

        assertThat(forged.status()).isEqualTo(AmendmentsService.Status.LEFT_ALONE);
        assertThat(forged.note()).contains("revert");
        assertThrows(ConsoleException.class, () -> service.revert(List.of(reverted.revertedBy()), "joel"));
        assertThat(tip()).isEqualTo(before);
    }

    @Test
    void aCommitThatOnlyClaimsToRevertAnAmendmentDoesNotHideIt() {
        AmendmentsService.Amendment applied = byStatus(AmendmentsService.Status.APPLIED, "SOUL.md");
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), "dream/applied")) {
            b.commit("scratch.txt", "nothing to see\n".getBytes(StandardCharsets.UTF_8),
                    "Revert AMEND_SOUL: SOUL.md\n\nReverts: " + applied.sha() + "\nReverted-By: joel\nProposal-Id: "
                            + applied.id() + "\n", "joel", b.tip());
        }

        AmendmentsService.Amendment after = service.list().amendments().stream()
                .filter(a -> a.sha().equals(applied.sha())).findFirst().orElseThrow();

        assertThat(after.status()).isEqualTo(AmendmentsService.Status.APPLIED);
    }
}
