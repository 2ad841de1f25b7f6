package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/**
 * The dream log is written by an agent: its branch, sha, id and target are checked before anything is joined or
 * reverted, a revert never lands on the checked-out or default branch, and an ambiguous sha prefix is refused.
 */
class UntrustedDreamLogTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private AmendmentsService service;
    private DecisionLog dreamLog;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        service = new AmendmentsService(ws, Fixtures.CLOCK);
        dreamLog = new DecisionLog(ws.dreamDir().resolve("log.jsonl"));
    }

    private void logApplied(String id, String target, String sha, String branch) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", "2026-11-21T03:00:00Z").put("cycle", "2026-11-21").put("trigger", "cron");
        line.putArray("outputs").addObject().put("id", id).put("kind", "AMEND_SOUL").put("risk", "medium")
                .put("target", target).put("action", "applied").put("sha", sha).put("branch", branch);
        dreamLog.append(line);
    }

    /** An amendment committed by "the dream" on a side branch of the behaviour repo. */
    private String amendment(String branch) {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), branch)) {
            return b.commit("rules/dream.md", "A dream rule.\n".getBytes(StandardCharsets.UTF_8),
                    "PROPOSE_RULE: rules/dream.md\n\nProposal-Id: dream-x\nApproved-By: dream\nRisk: medium\n", "dream",
                    b.tip()).sha();
        }
    }

    private String mainTip() throws Exception {
        try (Git git = Git.open(ws.behaviourRepo().toFile())) {
            return git.getRepository().exactRef("refs/heads/main").getObjectId().name();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../HEAD", "HEAD", "../../../victim.txt", "a..b", "dream/applied\nx"})
    void aBranchThatIsNotABranchNameIsReportedAndNothingIsReverted(String branch) throws Exception {
        String sha = amendment("dream/side");
        logApplied("dream-x", "rules/dream.md", sha, branch);
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        String main = mainTip();
        AmendmentsService.Listing listing = service.list();
        assertThat(listing.problems()).anySatisfy(p -> assertThat(p).contains("output \"dream-x\": 'branch': ")
                .contains("is not a").endsWith("— skipped").doesNotContain("\n"));
        assertThat(listing.amendments()).extracting(AmendmentsService.Amendment::id).doesNotContain("dream-x");
        assertThat(assertThrows(AmendmentException.class, () -> service.revert(List.of(sha), "joel")).getMessage())
                .startsWith("No applied amendment with commit " + sha);
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()));
        assertEquals(main, mainTip());
    }

    /** A blank id could name no Proposal-Id trailer (git trims a trailer's value): listed as a problem, never reverted. */
    @ParameterizedTest
    @ValueSource(strings = {" ", "   ", "\u2003"})
    void aBlankIdIsReportedAndNothingIsReverted(String id) throws Exception {
        String sha = amendment("dream/side");
        logApplied(id, "rules/dream.md", sha, "dream/side");
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        AmendmentsService.Listing listing = service.list();
        assertThat(listing.problems()).anySatisfy(p -> assertThat(p).contains("'id' is blank").endsWith("— skipped"));
        assertThat(listing.amendments()).extracting(AmendmentsService.Amendment::id).doesNotContain(id);
        assertThrows(AmendmentException.class, () -> service.revert(List.of(sha), "joel"));
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()));
        assertThat(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"main", "master"})
    void aRevertOntoTheCheckedOutOrDefaultBranchIsRefused(String branch) throws Exception {
        String sha = amendment("dream/side");
        logApplied("dream-x", "rules/dream.md", sha, branch);
        try (Git git = Git.open(ws.behaviourRepo().toFile())) { // the branch must exist for the refusal to matter
            if (git.getRepository().exactRef("refs/heads/" + branch) == null) {
                git.branchCreate().setName(branch).setStartPoint(sha).call();
            }
        }
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        String main = mainTip();
        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revert(List.of(sha), "joel"));
        assertThat(e.getMessage()).contains("branch " + branch + " is").endsWith("Nothing was reverted.");
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()));
        assertEquals(main, mainTip());
        assertThat(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HEAD", "main~1", "refs/heads/main", "dream/applied", "@{-1}", "zzzz"})
    void aShaThatIsARevisionExpressionIsNeverResolved(String sha) {
        logApplied("dream-y", "SOUL.md", sha, "dream/applied");
        AmendmentsService.Listing listing = service.list();
        assertThat(listing.problems()).anySatisfy(p -> assertThat(p).contains("'sha'").contains("is not a commit id"));
        assertThat(listing.amendments()).extracting(AmendmentsService.Amendment::id).doesNotContain("dream-y");
    }

    @Test
    void aTargetThatWouldForgeARevertsTrailerIsReportedAndTheOtherAmendmentStaysApplied() {
        String nanny = service.list().amendments().stream().filter(a -> a.id().equals("dream-2026-11-13-02"))
                .findFirst().orElseThrow().sha();
        String sha = amendment("dream/applied");
        logApplied("dream-z", "SOUL.md\n\nReverts: " + nanny, sha, "dream/applied");
        AmendmentsService.Listing listing = service.list();
        assertThat(listing.problems()).anySatisfy(p -> assertThat(p).contains("'target' \"SOUL.md\\n\\nReverts: ")
                .contains("has a line break (U+000A)"));
        assertThat(listing.amendments()).filteredOn(a -> a.id().equals("dream-2026-11-13-02")).singleElement()
                .satisfies(a -> assertEquals(AmendmentsService.Status.APPLIED, a.status()));
    }

    @Test
    void anAmbiguousShaPrefixIsRefusedAndNothingIsReverted() throws Exception {
        List<String> twins = twins(ws.behaviourRepo());
        logApplied("dream-t1", "SOUL.md", twins.get(0), "dream/applied");
        logApplied("dream-t2", "SOUL.md", twins.get(1), "dream/applied");
        String prefix = twins.get(0).substring(0, 4);
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        String tip;
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), "dream/applied")) {
            tip = b.tip();
        }
        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revert(List.of(prefix), "joel"));
        assertThat(e.getMessage()).startsWith("The commit " + prefix + " is ambiguous").contains("give more digits");
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()));
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), "dream/applied")) {
            assertEquals(tip, b.tip());
        }
        assertThat(assertThrows(AmendmentException.class, () -> service.revert(List.of("HEAD"), "joel")).getMessage())
                .contains("is not a commit id");
        assertThat(assertThrows(AmendmentException.class, () -> service.revert(List.of(twins.get(0)), "jo\nel"))
                .getMessage()).contains("--by");
    }

    /** Two commits whose ids share their first four hex digits (found by varying the message; never put on a branch). */
    private static List<String> twins(Path repoDir) throws Exception {
        try (Repository repo = Git.open(repoDir.toFile()).getRepository(); RevWalk walk = new RevWalk(repo);
             ObjectInserter inserter = repo.newObjectInserter()) {
            RevCommit parent = walk.parseCommit(repo.resolve("refs/heads/dream/applied"));
            ObjectInserter.Formatter ids = new ObjectInserter.Formatter();
            Map<String, CommitBuilder> seen = new HashMap<>();
            for (int i = 0; ; i++) {
                CommitBuilder c = new CommitBuilder();
                c.setTreeId(parent.getTree());
                c.setParentId(parent);
                PersonIdent dream = new PersonIdent("dream", "dream@localhost", 1_763_700_000_000L, 0);
                c.setAuthor(dream);
                c.setCommitter(dream);
                c.setMessage("AMEND_SOUL: SOUL.md\n\nnonce " + i + "\n\nProposal-Id: dream-t\n");
                ObjectId id = ids.idFor(Constants.OBJ_COMMIT, c.build());
                CommitBuilder twin = seen.putIfAbsent(id.name().substring(0, 4), c);
                if (twin != null) {
                    String a = inserter.insert(twin).name();
                    String b = inserter.insert(c).name();
                    inserter.flush();
                    return List.of(a, b);
                }
            }
        }
    }
}
