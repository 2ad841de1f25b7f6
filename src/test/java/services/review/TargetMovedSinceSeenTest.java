package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.Trailers;
import services.policy.PolicyService;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/**
 * What a person approves is the change they were shown, not only the proposal file: when the target on the review
 * branch changes between showing and approving (another approval, a commit pushed there), approving the same
 * proposal bytes would commit another change — one nobody saw. Refused, nothing written; shown again, it is
 * approvable. The trust dial commits only the change it judged too.
 */
class TargetMovedSinceSeenTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
        base = seed("rules/a.md", "# Rule\n\nkeep answers short\n\nsay what you did\n");
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "p-t.md", "p-t", "PROPOSE_RULE", "behaviour",
                "rules/a.md", base, List.of("session:1"), "# Rule\n\nkeep answers short and kind\n\nsay what you did\n");
    }

    private String base;

    private String seed(String path, String text) {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            branch.commit(path, text.getBytes(StandardCharsets.UTF_8), "seed " + path, "joel", branch.tip());
            return branch.read(path).orElseThrow().blobId();
        }
    }

    /** A commit that lands on the target meanwhile, on lines the proposal does not touch (it merges cleanly). */
    private void landsMeanwhile() {
        seed("rules/a.md", "# Rule\n\nkeep answers short\n\nsay what you did\n\nnever delete the audit log\n");
    }

    private List<String> approvedOnBranch() {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            return branch.log(200).stream().flatMap(e -> Trailers.values(e.message(), "Proposal-Id").stream()).toList();
        }
    }

    @Test
    void aTargetChangedOnTheBranchSinceItWasShownIsRefusedAndShownAgainIsApprovable() {
        review.rememberShown(List.of(review.find("p-t"))); // proposals show p-t
        landsMeanwhile();

        ProposalRewritten refused = assertThrows(ProposalRewritten.class,
                () -> review.approve("p-t", "joel", null, review.lastShown("p-t")));

        assertThat(refused.getMessage()).contains("rules/a.md").contains("changed since you saw")
                .contains("show it again").contains("Nothing was written");
        assertThat(approvedOnBranch()).doesNotContain("p-t");

        review.rememberShown(List.of(review.find("p-t"))); // shown again: the new change
        assertThat(review.approve("p-t", "joel", null, review.lastShown("p-t")).status()).isEqualTo("approved");
    }

    @Test
    void aDigestGivenWithTheFileUnchangedStillBindsTheChangeLastShownForIt() {
        ReviewService.Item shown = review.find("p-t");
        review.rememberShown(List.of(shown));
        landsMeanwhile();

        assertThrows(ProposalRewritten.class, () -> review.approve("p-t", "joel", null,
                review.given("p-t", shown.proposal().shortDigest())));
        assertThat(approvedOnBranch()).doesNotContain("p-t");
    }

    @Test
    void theWindowsSeenCarriesTheChangeOnScreen() {
        ReviewService.Item onScreen = review.find("p-t");
        landsMeanwhile();

        assertThrows(ProposalRewritten.class, () -> review.approve("p-t", "joel", null, Seen.of(onScreen)));
        assertThat(approvedOnBranch()).doesNotContain("p-t");
    }

    @Test
    void theDialWaitsWhenAnotherApprovalMovedTheTargetAfterItJudged() throws Exception {
        // two low-risk full-text proposals for one file: the second was judged against the file before the first
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "p-u.md", "p-u", "PROPOSE_RULE", "behaviour",
                "rules/a.md", base, List.of("session:2"), "# Rule\n\nkeep answers short\n\nsay what you did, briefly\n");
        for (String id : List.of("p-t", "p-u")) {
            Path f = ws.dreamDir().resolve("proposals").resolve(id + ".md");
            Files.writeString(f, Files.readString(f).replace("risk: medium", "risk: low"));
        }

        // one run judges both, past the demo's other eligible changes (the per-run cap has its own tests)
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").put("autoPerRun", 100));
        PolicyService.RunReport run = new PolicyService(ws, review, Fixtures.CLOCK).run();

        assertThat(run.outcomes().stream().filter(o -> o.id().equals("p-t") || o.id().equals("p-u"))
                .filter(o -> o.action().equals("applied")).count()).isEqualTo(1);
        assertThat(run.outcomes()).filteredOn(o -> o.action().equals("waits") && o.id().startsWith("p-"))
                .anyMatch(o -> o.reason().contains("changed after the trust dial judged it"));
        assertThat(approvedOnBranch().stream().filter(id -> id.equals("p-t") || id.equals("p-u")).count()).isEqualTo(1);
    }
}
