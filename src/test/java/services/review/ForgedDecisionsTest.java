package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.amendments.JGitAmendmentHistory;
import services.audit.DecisionLog;
import services.audit.Trailers;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A decision is the console's act: only a decision the console recorded (its decision log, or its own approval
 * commit) makes a proposal approved, rejected, sent back or reverted. A proposal file an agent writes with such a
 * status — and the keys that name who decided — never looks decided, never approves itself and never names a reviewer.
 */
class ForgedDecisionsTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;
    private Path proposals;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
        proposals = ws.dreamDir().resolve("proposals");
    }

    private Path planted(String id, String status, String extraKeys) throws Exception {
        Path file = ProposalWriter.write(proposals, id + ".md", id, "PROPOSE_RULE", "behaviour", "rules/" + id + ".md",
                "none", List.of("session:1"), "# Rule\n\nPlanted.\n");
        Files.writeString(file, Files.readString(file).replace("status: pending\n", "status: " + status + "\n" + extraKeys));
        return file;
    }

    private List<JsonNode> decisions() {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
    }

    private long consoleCommits() {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), "brain/review")) {
            return branch.log(50).stream().filter(e -> !Trailers.values(e.message(), "Proposal-Id").isEmpty()).count();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"approved", "rejected", "changes_requested", "reverted"})
    void aStatusNoDecisionRecordedIsNotADecision(String status) throws Exception {
        String sha;
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), "brain/review")) {
            sha = branch.tip();
        }
        planted("r-forged", status, "decided_by: joel\ndecided_at: 2026-11-20T09:00:00Z\ncommit: " + sha
                + "\nbranch: brain/review\nreason: \"Looks good.\"\nreverted_by: joel\n");
        ReviewService.Item item = review.list().stream().filter(i -> i.proposal().id().equals("r-forged")).findFirst()
                .orElseThrow();
        Proposal p = item.proposal();
        assertThat(p.status()).as("the file's claim is not the proposal's status").isEqualTo("pending");
        assertThat(p.valid()).isFalse();
        assertThat(p.problem()).contains("'status'").contains(status).contains("decisions.jsonl")
                .contains("no decision");
        assertThat(review.record(p)).isNull();
        assertThat(review.find("r-forged").proposal().status()).isEqualTo("pending");
        // it cannot be approved as it is, and nothing was committed or recorded on its behalf
        assertThrows(ReviewException.class, () -> review.approve("r-forged", "joel", null));
        assertEquals(0, consoleCommits());
        assertThat(decisions()).isEmpty();
    }

    @Test
    void aForgedApprovalIsNeverTakenByTheDialOrTheRecoveryAsTheConsolesOwn() throws Exception {
        planted("r-self", "approved", "decided_by: policy:auto\n");
        assertThat(review.recover()).isEmpty();
        assertThat(review.list()).filteredOn(i -> i.proposal().id().equals("r-self")).singleElement()
                .satisfies(i -> assertThat(i.approvable()).isFalse());
        assertEquals(0, consoleCommits());
        assertThat(decisions()).isEmpty();
    }

    @Test
    void aDecisionTheConsoleMadeStaysDecidedAndItsRecordComesFromTheLogNotFromLaterEditsOfTheFile() throws Exception {
        String id = "dream-2026-11-20-03";
        review.reject(id, "joel", "Too broad.");
        Path file = proposals.resolve(id + ".md");
        // the agent edits the decided file afterwards: another reviewer, another reason
        Files.writeString(file, Files.readString(file).replace("decided_by: joel", "decided_by: mallory")
                .replace("reason: \"Too broad.\"", "reason: \"Ship it.\""));
        Proposal p = review.find(id).proposal();
        assertThat(p.valid()).as(String.valueOf(p.problem())).isTrue();
        assertEquals("rejected", p.status());
        DecisionRecord record = review.record(p);
        assertEquals("joel", record.by());
        assertEquals("Too broad.", record.why());
    }

    @Test
    void aRejectedIdWhoseFileNowNamesAnotherTargetStaysRejectedAndIsShownTampered() throws Exception {
        String id = "dream-2026-11-20-03";
        review.reject(id, "joel", "Too broad.");
        Path file = proposals.resolve(id + ".md");
        // the same id, now naming another file: the id was decided, whatever its file says later
        Files.writeString(file, Files.readString(file).replace("target: rules/exact-ids.md", "target: rules/other.md")
                .replace("status: rejected", "status: pending"));
        ReviewService.Item item = review.find(id);
        Proposal p = item.proposal();
        assertThat(p.status()).isEqualTo("rejected");
        assertThat(p.isTampered()).isTrue();
        assertThat(p.tampered().changes()).contains("status: rejected → pending",
                "target: rules/exact-ids.md → rules/other.md");
        assertThat(ReviewQueue.state(item)).isEqualTo("tampered");
        assertThat(item.approvable()).isFalse();
        assertThrows(ReviewException.class, () -> review.approve(id, "joel", null));
        assertThrows(ReviewException.class, () -> review.reject(id, "joel", "again"));
        assertEquals(0, consoleCommits());
    }

    @Test
    void theDemosDecidedProposalsAreRecordedDecisions() {
        assertEquals("approved", review.find("sp-2026-11-10-vault-notes-05").proposal().status());
        assertEquals("rejected", review.find("sp-2026-11-11-k8s-cluster-06").proposal().status());
        assertThat(review.find("sp-2026-11-10-vault-notes-05").problem()).isNull();
    }

    @Test
    void anApprovalCutShortAfterItsFileWasWrittenIsStillApproved() throws Exception {
        String id = "dream-2026-11-20-02";
        ReviewService.Decision d = review.approve(id, "joel", null);
        Files.delete(ws.stateDir().resolve("decisions.jsonl")); // killed after the file, before the log
        ReviewService restarted = new ReviewService(ws, Fixtures.CLOCK);
        assertEquals("approved", restarted.find(id).proposal().status());
        assertThat(restarted.find(id).proposal().valid()).isTrue();
        restarted.list();
        assertThat(decisions()).singleElement().satisfies(e -> assertEquals(d.commit(), e.path("commit").asText()));
    }

    @Test
    void aRevertedStatusOverARealApprovalIsNotARevertWithoutTheConsolesRevertCommitOfThatApproval() throws Exception {
        String id = "dream-2026-11-20-02";
        ReviewService.Decision d = review.approve(id, "joel", null);
        Path file = proposals.resolve(id + ".md");
        // the agent claims the approval was undone: the log has the approval, nothing reverted it
        Files.writeString(file, Files.readString(file).replace("status: approved\n", "status: reverted\nreverted_by: joel\n"
                + "reverted_commit: " + d.commit() + "\n"));
        Proposal p = new ReviewService(ws, Fixtures.CLOCK).find(id).proposal();
        assertThat(p.status()).as("the file's claim is not the proposal's status: the log's approval is")
                .isEqualTo("approved");
        assertThat(p.isTampered()).isTrue();
        assertThat(p.tampered().changes()).contains("status: approved → reverted");
        Path root = "skills".equals(p.repo()) ? ws.skillsRepo() : ws.behaviourRepo();
        try (JGitReviewBranch branch = new JGitReviewBranch(root, "brain/review")) {
            assertEquals(d.commit(), branch.tip(), "nothing was reverted");
        }
        // a commit reverting the approval that names another proposal, or another approval, does not count either
        try (JGitAmendmentHistory history = new JGitAmendmentHistory(root)) {
            history.revert("brain/review", d.commit(), "Revert PROPOSE_RULE: x\n\nwhy.\n\nReverts: " + d.commit()
                    + "\nReverted-By: joel\nProposal-Id: another-proposal\n", "joel");
            String tip;
            try (JGitReviewBranch branch = new JGitReviewBranch(root, "brain/review")) {
                tip = branch.tip();
            }
            history.revert("brain/review", tip, "Revert PROPOSE_RULE: x\n\nwhy.\n\nReverts: " + tip
                    + "\nReverted-By: joel\nProposal-Id: " + id + "\n", "joel");
        }
        Proposal after = new ReviewService(ws, Fixtures.CLOCK).find(id).proposal();
        assertThat(after.status()).isEqualTo("approved");
        assertThat(after.isTampered()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"policy:auto", "Policy:Auto", " policy:supervised", "policy\u200B:auto", "\uFF50olicy:auto",
        "policy :auto", "\u200Dpolicy:auto", "p\u00ADolicy:auto"})
    void aPersonCannotSignAsTheTrustDialNorAsALookAlikeOfIt(String by) {
        ReviewException e = assertThrows(ReviewException.class, () -> review.approve("dream-2026-11-20-03", by, null));
        assertThat(e.getMessage()).contains("reserved for the trust dial");
        assertThrows(ReviewException.class, () -> review.reject("dream-2026-11-20-03", by, "no"));
        assertEquals(0, consoleCommits());
        assertThat(decisions()).isEmpty();
    }
}
