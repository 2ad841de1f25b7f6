package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/** Approvals on real git repositories (the demo's): commits on the review branch, nothing else touched. */
class ReviewServiceTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
    }

    private String onBranch(Path repo, String path) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "brain/review")) {
            return new String(branch.read(path).orElseThrow().content());
        }
    }

    /** The console's commits on the review branch (the branch starts from the default branch's history). */
    private List<ReviewBranch.LogEntry> log(Path repo) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "brain/review")) {
            return branch.log(50).stream().filter(e -> e.message().contains("\nProposal-Id: ")).toList();
        }
    }

    @Test
    void approvingAnAdditiveUpdateCommitsToTheReviewBranchWithTrailersAndTouchesNothingElse() throws Exception {
        Map<String, String> before = RepoSnapshot.of(ws.skillsRepo());
        ReviewService.Decision d = review.approve("sp-2026-11-18-loop-nanny-01", "joel", null);
        assertEquals("approved", d.status());
        assertEquals(before, RepoSnapshot.of(ws.skillsRepo()), "HEAD, index and working tree are byte-identical");
        assertThat(onBranch(ws.skillsRepo(), "skills/loop-nanny/SKILL.md"))
                .contains("- A stalled story often holds a dev server's port");
        String message = log(ws.skillsRepo()).get(0).message();
        assertThat(message).startsWith("skill_update: skills/loop-nanny/SKILL.md\n")
                .contains("\nProposal-Id: sp-2026-11-18-loop-nanny-01\n", "\nApproved-By: joel\n",
                        "\nEvidence: loop-mvyno2m2-0daisz\n", "\nEvidence: vault:system/retrospectives/loop-mvyno2m2-0daisz.md\n",
                        "\nRisk: low\n").doesNotContain("Edited-By");
        assertEquals(d.commit(), log(ws.skillsRepo()).get(0).sha());
        String file = Files.readString(ws.skillProposalsDir().resolve("sp-2026-11-18-loop-nanny-01.md"));
        assertThat(file).contains("\nstatus: approved\n", "\ndecided_by: joel\n", "\ncommit: " + d.commit() + "\n",
                "\nbranch: brain/review\n", "## Patch");
        DecisionLog.Read decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read();
        assertEquals("approve", decisions.entries().get(0).get("action").asText());
        assertEquals(d.commit(), decisions.entries().get(0).get("commit").asText());
    }

    @Test
    void approvingAStructuralUpdateAndANewSkill() {
        review.approve("sp-2026-11-19-agent-loop-02", "joel", null);
        assertThat(onBranch(ws.skillsRepo(), "skills/agent-loop/SKILL.md"))
                .contains("2. Split any story that touches more than five files.\n", "4. Record what you learned");
        review.approve("dream-2026-11-20-01", "joel", null);
        assertThat(onBranch(ws.skillsRepo(), "skills/retro-reader/SKILL.md")).startsWith("---\nname: retro-reader\n")
                .contains("```bash\n");
        assertThat(log(ws.skillsRepo())).hasSize(2);
        DecisionLog.Read dream = new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read();
        var last = dream.entries().get(dream.entries().size() - 1);
        assertEquals("approved", last.get("outputs").get(0).get("action").asText());
        assertEquals("dream-2026-11-20-01", last.get("outputs").get(0).get("id").asText());
        assertEquals("console", last.get("trigger").asText());
    }

    @Test
    void theUsersDirtyWorkingTreeOnTheDefaultBranchIsByteIdenticalAfterwards() throws Exception {
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        assertThat(Files.readString(ws.behaviourRepo().resolve("SOUL.md"))).contains("draft: tone");
        review.approve("dream-2026-11-20-02", "joel", null);
        review.approve("dream-2026-11-20-03", "joel", null);
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()));
        assertThat(onBranch(ws.behaviourRepo(), "SOUL.md")).contains("- Push back when a plan has a risk")
                .doesNotContain("draft: tone");
        assertThat(onBranch(ws.behaviourRepo(), "rules/exact-ids.md")).startsWith("# Delete by exact id");
    }

    @Test
    void aStaleProposalMergesCleanlyOntoTheCurrentText() {
        ReviewService.Item item = review.find("sp-2026-11-15-typesense-recall-03");
        assertThat(item.change().stale()).isTrue();
        assertThat(item.approvable()).isTrue();
        review.approve("sp-2026-11-15-typesense-recall-03", "joel", null);
        assertThat(onBranch(ws.skillsRepo(), "skills/typesense-recall/SKILL.md"))
                .contains("- Before any story is dispatched.", "- Wrap filter values in backticks");
    }

    @Test
    void aStaleConflictingProposalIsRefusedWithTheHunksAndNothingIsCommitted() {
        ReviewService.Item item = review.find("sp-2026-11-14-gateway-ops-04");
        assertThat(item.approvable()).isFalse();
        assertThat(item.change().conflicts()).singleElement().asString()
                .contains("- Never commit secrets or tokens to the repo.", "- Never commit secrets; lease them for the task.");
        // approving writes nothing; what the proposal meant is kept: its change on the text it was written for
        assertThat(item.change().after()).isEqualTo(item.change().before());
        assertThat(item.change().baseText()).contains("- Never commit secrets.\n").isNotEqualTo(item.change().before());
        assertThat(item.change().intended()).isEqualTo(item.change().baseText().replace("- Never commit secrets.\n",
                "- Never commit secrets; lease them for the task.\n"));
        ReviewException e = assertThrows(ReviewException.class,
                () -> review.approve("sp-2026-11-14-gateway-ops-04", "joel", null));
        assertThat(e.getMessage()).contains("conflicts").contains("<<<<<<< current");
        assertThat(log(ws.skillsRepo())).isEmpty();
        review.requestChanges("sp-2026-11-14-gateway-ops-04", "joel", "Rebase on the current skill.");
        assertThat(review.find("sp-2026-11-14-gateway-ops-04").proposal().status()).isEqualTo("changes_requested");
    }

    @Test
    void unsafeTargetsAreRefusedAndNothingIsWritten() throws Exception {
        Path repo = ws.skillsRepo();
        Files.createSymbolicLink(repo.resolve("outside"), tmp);
        for (String target : List.of("/etc/passwd", "../x.md", "skills/../../x.md", ".git/config", "skills/.git/x",
                "outside/evil.md")) {
            ReviewException e = assertThrows(ReviewException.class, () -> TargetPath.check("p1", repo, target));
            assertThat(e.getMessage()).startsWith("Proposal p1: target \"" + target + "\" ").endsWith("Nothing was written.");
        }
        assertEquals("skills/a/SKILL.md", TargetPath.check("p1", repo, "skills/./a/SKILL.md"));
        assertThrows(ReviewException.class, () -> review.approve("dream-2026-11-20-04", "joel", null));
        assertThat(log(repo)).isEmpty();
        assertThat(tmp.resolve("evil.md")).doesNotExist();
    }

    @Test
    void malformedProposalsAreListedAsInvalidWithTheirReason() throws Exception {
        Files.writeString(ws.skillProposalsDir().resolve("sp-broken-patch.md"), """
                ---
                id: sp-broken-patch
                kind: skill_update
                target: skills/loop-nanny/SKILL.md
                ---
                ## Patch

                ```diff
                --- a/skills/loop-nanny/SKILL.md
                +++ b/skills/loop-nanny/SKILL.md
                @@ -1,2 +1,2 @@
                -this line is not in the file
                +neither is this
                 nor this
                ```
                """);
        List<ReviewService.Item> items = review.list();
        assertThat(items).hasSize(13);
        Map<String, String> problems = new HashMap<>();
        items.stream().filter(i -> i.problem() != null).forEach(i -> problems.put(i.proposal().id(), i.problem()));
        assertEquals("no YAML frontmatter (id, kind, target …)", problems.get("dream-2026-11-20-05"));
        assertThat(problems.get("dream-2026-11-20-06")).startsWith("unknown kind \"REWRITE_EVERYTHING\"");
        assertThat(problems.get("sp-broken-patch")).startsWith("Proposal sp-broken-patch: its patch does not apply to "
                + "skills/loop-nanny/SKILL.md");
        assertThat(problems.get("dream-2026-11-20-04")).contains("contains '..'");
    }

    @Test
    void twoRacingApprovalsGiveOneCommitAndOneAlreadyApproved() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Callable<String> approve = () -> {
                try {
                    return review.approve("sp-2026-11-18-loop-nanny-01", "joel", null).status();
                } catch (ReviewException e) {
                    return e.getMessage();
                }
            };
            List<Future<String>> results = new ArrayList<>();
            results.add(pool.submit(approve));
            results.add(pool.submit(() -> new ReviewService(ws, Fixtures.CLOCK).approve("sp-2026-11-18-loop-nanny-01",
                    "sam", null).status()));
            List<String> outcomes = new ArrayList<>();
            for (Future<String> f : results) {
                try {
                    outcomes.add(f.get());
                } catch (ExecutionException e) {
                    outcomes.add(e.getCause().getMessage());
                }
            }
            assertThat(outcomes).containsExactlyInAnyOrder("approved",
                    "Proposal sp-2026-11-18-loop-nanny-01 is already approved; nothing was committed again.");
        } finally {
            pool.shutdownNow();
        }
        assertThat(log(ws.skillsRepo())).hasSize(1);
    }

    @Test
    void rejectAndRequestChangesRecordTheReasonAndCommitNothing() throws Exception {
        assertEquals("Rejecting needs a reason.", assertThrows(ReviewException.class,
                () -> review.reject("dream-2026-11-20-03", "joel", " ")).getMessage());
        review.reject("dream-2026-11-20-03", "joel", "Too broad: \"never\" needs exceptions.");
        String file = Files.readString(ws.dreamDir().resolve("proposals/dream-2026-11-20-03.md"));
        assertThat(file).contains("\nstatus: rejected\n", "\nreason: \"Too broad: \\\"never\\\" needs exceptions.\"\n");
        assertEquals("rejected", review.find("dream-2026-11-20-03").proposal().status());
        assertThat(log(ws.behaviourRepo())).isEmpty();
        assertThat(assertThrows(ReviewException.class, () -> review.approve("dream-2026-11-20-03", "joel", null))
                .getMessage()).contains("is rejected");
        assertThat(assertThrows(ReviewException.class, () -> review.approve("nope", "joel", null)).getMessage())
                .startsWith("No proposal with id \"nope\"");
    }

    @Test
    void anEditedApprovalCommitsTheEditAndSaysWhoEdited() {
        String edited = "---\nname: retro-reader\ndescription: Edited by Joel.\n---\n";
        review.approve("dream-2026-11-20-01", "joel", edited);
        assertEquals(edited, onBranch(ws.skillsRepo(), "skills/retro-reader/SKILL.md"));
        assertThat(log(ws.skillsRepo()).get(0).message()).contains("\nEdited-By: joel\n");
    }

    @Test
    void anApprovalInterruptedAfterItsCommitIsFinishedWithoutASecondCommit() throws Exception {
        Path file = ws.skillProposalsDir().resolve("sp-2026-11-18-loop-nanny-01.md");
        String pending = Files.readString(file);
        review.approve("sp-2026-11-18-loop-nanny-01", "joel", null);
        Files.writeString(file, pending); // as if the process died before recording the decision:
        Files.delete(ws.stateDir().resolve("decisions.jsonl")); // neither in the file nor in the log
        ReviewService.Decision again = new ReviewService(ws, Fixtures.CLOCK).approve("sp-2026-11-18-loop-nanny-01", "joel", null);
        assertEquals("approved", again.status());
        assertThat(log(ws.skillsRepo())).hasSize(1);
        assertEquals(log(ws.skillsRepo()).get(0).sha(), again.commit());
    }
}
