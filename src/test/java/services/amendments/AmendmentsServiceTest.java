package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.knowledge.LuceneKnowledgeIndex;
import services.review.JGitReviewBranch;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/** Dream amendments on the demo's real repositories: listing, diffs, reverts and their refusals. */
class AmendmentsServiceTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private AmendmentsService service;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        service = new AmendmentsService(ws, Fixtures.CLOCK);
    }

    private AmendmentsService.Amendment byId(String id) {
        return service.list().amendments().stream().filter(a -> a.id().equals(id)).findFirst().orElseThrow();
    }

    private String onBranch(Path repo, String path) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "dream/applied")) {
            return new String(branch.read(path).orElseThrow().content(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void listsEveryAppliedAmendmentWithItsStatusAndReportsTheMalformedLine() {
        AmendmentsService.Listing listing = service.list();
        assertThat(listing.amendments()).extracting(AmendmentsService.Amendment::id).containsExactly(
                "dream-2026-11-17-04", "dream-2026-11-15-03", "dream-2026-11-13-02", "dream-2026-11-10-01");
        assertThat(listing.amendments()).extracting(AmendmentsService.Amendment::label)
                .containsExactly("commit missing", "reverted", "applied", "applied");
        assertEquals(List.of("log.jsonl line 6: not valid JSON"), listing.problems());
        AmendmentsService.Amendment soul = byId("dream-2026-11-10-01");
        assertEquals("behaviour", soul.repo());
        assertEquals(List.of("session:2026-11-09-gw-41c2"), soul.evidence());
        List<AmendmentHistory.FileChange> changes = service.changes(soul);
        assertThat(changes).singleElement().satisfies(c -> {
            assertEquals("SOUL.md", c.path());
            assertThat(c.after()).contains("- Ask before deleting anything I did not create.");
        });
    }

    @Test
    void revertsOneAsANewCommitWithTrailersAndTouchesNoWorkingTree() throws Exception {
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        AmendmentsService.Amendment soul = byId("dream-2026-11-10-01");
        List<AmendmentsService.Reverted> done = service.revert(List.of(soul.sha()), "joel");
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()), "main's dirty working tree, index and HEAD are untouched");
        assertThat(onBranch(ws.behaviourRepo(), "SOUL.md")).doesNotContain("Ask before deleting");
        try (JGitAmendmentHistory history = new JGitAmendmentHistory(ws.behaviourRepo())) {
            String message = history.commit(done.get(0).revertSha()).orElseThrow().message();
            assertThat(message).contains("\nReverts: " + soul.sha() + "\n", "\nReverted-By: joel\n",
                    "\nProposal-Id: dream-2026-11-10-01\n");
        }
        assertEquals(AmendmentsService.Status.REVERTED, byId("dream-2026-11-10-01").status());
        var dream = new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read().entries();
        var last = dream.get(dream.size() - 1).get("outputs").get(0);
        assertEquals("reverted", last.get("action").asText());
        assertEquals(soul.sha(), last.get("reverts").asText());
        var decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
        assertEquals("revert", decisions.get(decisions.size() - 1).get("action").asText());
    }

    @Test
    void revertsARangeNewestFirstAcrossRepositories() {
        List<AmendmentsService.Reverted> done = service.revert(List.of(byId("dream-2026-11-10-01").sha(),
                byId("dream-2026-11-13-02").sha()), "joel");
        assertThat(done).extracting(AmendmentsService.Reverted::repo).containsExactly("skills", "behaviour");
        assertThat(onBranch(ws.skillsRepo(), "skills/loop-nanny/SKILL.md")).doesNotContain("Check the loop's budget");
        assertThat(service.list().amendments()).filteredOn(a -> a.status() == AmendmentsService.Status.APPLIED).isEmpty();
    }

    @Test
    void anAlreadyRevertedOrMissingAmendmentIsRefusedAndNothingIsCommitted() {
        AmendmentsService.Amendment reverted = byId("dream-2026-11-15-03");
        AmendmentException e = assertThrows(AmendmentException.class,
                () -> service.revert(List.of(byId("dream-2026-11-10-01").sha(), reverted.sha()), "joel"));
        assertThat(e.getMessage()).contains("is already reverted by").endsWith("nothing was committed.");
        assertEquals(AmendmentsService.Status.APPLIED, byId("dream-2026-11-10-01").status(), "the batch was refused whole");
        assertThat(assertThrows(AmendmentException.class, () -> service.revert(List.of("1f0c4b7e9a"), "joel"))
                .getMessage()).contains("no commit 1f0c4b7e9a");
    }

    @Test
    void revertWhatCanLeavesOutTheRevertedAndMissingOnesAndRevertsTheRest() {
        AmendmentsService.Amendment reverted = byId("dream-2026-11-15-03");
        AmendmentsService.Amendment missing = byId("dream-2026-11-17-04");
        AmendmentsService.Amendment soul = byId("dream-2026-11-10-01");
        RevertReport report = service.revertWhatCan(List.of(reverted.sha(), soul.sha(), missing.sha(),
                soul.sha().substring(0, 8)), "joel");
        assertThat(report.reverted()).singleElement().satisfies(d -> {
            assertEquals(soul.sha(), d.sha());
            assertEquals("dream-2026-11-10-01", d.id());
        });
        assertThat(report.leftOut()).extracting(RevertReport.LeftOut::id)
                .containsExactly("dream-2026-11-15-03", "dream-2026-11-17-04");
        assertThat(report.lines()).hasSize(3);
        assertThat(report.lines().get(1)).isEqualTo("Not reverted: dream-2026-11-15-03 (" + reverted.sha().substring(0, 10)
                + ") — already reverted by " + reverted.revertedBy().substring(0, 10));
        assertEquals(AmendmentsService.Status.REVERTED, byId("dream-2026-11-10-01").status());
        AmendmentException none = assertThrows(AmendmentException.class,
                () -> service.revertWhatCan(List.of(reverted.sha(), soul.sha()), "joel"));
        assertThat(none.getMessage()).startsWith("Nothing was reverted: dream-2026-11-15-03 is already reverted by ");
        assertThat(assertThrows(AmendmentException.class, () -> service.revertWhatCan(List.of(missing.sha()), "joel"))
                .getMessage()).isEqualTo("Amendment dream-2026-11-17-04: " + missing.note() + "; nothing to revert.");
    }

    @Test
    void aConflictRefusesWithThePathsAndNothingIsHalfApplied() {
        AmendmentsService.Amendment soul = byId("dream-2026-11-10-01");
        String current = onBranch(ws.behaviourRepo(), "SOUL.md");
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), "dream/applied")) {
            branch.commit("SOUL.md", current.replace("- Ask before deleting anything I did not create.",
                    "- Ask before deleting anything, always.").getBytes(StandardCharsets.UTF_8), "hand edit", "joel",
                    branch.tip());
        }
        String tip = tipOf(ws.behaviourRepo());
        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revert(List.of(soul.sha()), "joel"));
        assertEquals(List.of("SOUL.md"), e.paths());
        assertThat(e.getMessage()).contains("conflicts with later changes on dream/applied in: SOUL.md");
        assertEquals(tip, tipOf(ws.behaviourRepo()));
    }

    @Test
    void theCheckedOutBranchIsNeverRevertedOntoEvenWhenClean() throws Exception {
        Path repo = ws.skillsRepo();
        AmendmentsService.Amendment nanny = byId("dream-2026-11-13-02");
        try (Git git = Git.open(repo.toFile())) {
            git.checkout().setName("dream/applied").call();
            assertThat(git.status().call().isClean()).isTrue();
        }
        Map<String, String> before = RepoSnapshot.of(repo);
        String tip = tipOf(repo);
        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revert(List.of(nanny.sha()), "joel"));
        assertThat(e.getMessage()).contains("branch dream/applied is checked out").endsWith("Nothing was reverted.");
        assertEquals(tip, tipOf(repo));
        assertEquals(before, RepoSnapshot.of(repo), "working tree, index and HEAD untouched");
        assertThat(Files.readString(repo.resolve("skills/loop-nanny/SKILL.md"))).contains("Check the loop's budget");
        assertEquals(AmendmentsService.Status.APPLIED, byId("dream-2026-11-13-02").status());
    }

    @Test
    void aCommitWhoseShaIsGoneIsFoundByItsProposalIdTrailer() throws Exception {
        AmendmentsService.Amendment soul = byId("dream-2026-11-10-01");
        Path log = ws.dreamDir().resolve("log.jsonl");
        Files.writeString(log, Files.readString(log).replace(soul.sha(), "0123456789012345678901234567890123456789"));
        AmendmentsService.Amendment found = byId("dream-2026-11-10-01");
        assertEquals(soul.sha(), found.sha());
        assertThat(found.note()).contains("found by its Proposal-Id trailer");
    }

    @Test
    void impactComparesLoopOutcomesBeforeAndAfter() {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            List<AmendmentImpact.ProjectImpact> impact = new AmendmentImpact(index).around(byId("dream-2026-11-13-02").at(), 30);
            assertThat(impact).extracting(AmendmentImpact.ProjectImpact::project).contains("joelclaw", "gremlin");
            int loops = impact.stream().mapToInt(p -> p.before().loops() + p.after().loops()).sum();
            assertEquals(10, loops);
            assertThat(impact).allSatisfy(p -> assertThat(p.before().loops() + p.after().loops()).isPositive());
        }
    }

    private static String tipOf(Path repo) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "dream/applied")) {
            return branch.tip();
        }
    }
}
