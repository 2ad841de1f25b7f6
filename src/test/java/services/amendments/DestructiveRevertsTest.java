package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.merge.MergeStrategy;
import org.eclipse.jgit.revwalk.RevWalk;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/**
 * The dream log is written by an agent. A revert it asks for must never delete or undo what is not the amendment:
 * another branch's commit, a person's approval on the review branch, files besides the amendment's target, a merge's
 * other side; and a "reverted" line without its revert commit never makes an amendment look reverted.
 */
class DestructiveRevertsTest {

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

    private void logged(String id, String target, String action, String sha, String branch, String reverts) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", "2026-11-21T03:00:00Z").put("cycle", "2026-11-21").put("trigger", "cron");
        ObjectNode o = line.putArray("outputs").addObject().put("id", id).put("kind", "PROPOSE_RULE").put("risk", "medium")
                .put("target", target).put("action", action).put("sha", sha).put("branch", branch);
        if (reverts != null) {
            o.put("reverts", reverts);
        }
        dreamLog.append(line);
    }

    private String commit(String branch, String path, String text) {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), branch)) {
            return b.commit(path, text.getBytes(StandardCharsets.UTF_8), "PROPOSE_RULE: " + path + "\n\nProposal-Id: x\n",
                    "dream", b.tip()).sha();
        }
    }

    private Map<String, String> refs() throws Exception {
        try (Git git = Git.open(ws.behaviourRepo().toFile())) {
            Map<String, String> out = new TreeMap<>();
            for (Ref r : git.getRepository().getRefDatabase().getRefs()) {
                out.put(r.getName(), r.getObjectId().name());
            }
            return out;
        }
    }

    private void refusedAndNothingChanged(String sha, String expected) throws Exception {
        Map<String, String> refs = refs();
        Map<String, String> tree = RepoSnapshot.of(ws.behaviourRepo());
        int decided = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().size();
        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revert(List.of(sha), "joel"));
        assertThat(e.getMessage()).contains(expected).contains("Nothing was reverted");
        assertEquals(refs, refs());
        assertEquals(tree, RepoSnapshot.of(ws.behaviourRepo()));
        assertThat(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries()).hasSize(decided);
    }

    @Test
    void aCommitOfAnotherBranchIsNotRevertedOntoTheLoggedOne() throws Exception {
        commit("dream/applied", "rules/mine.md", "mine\n");
        String other = commit("feature/joel", "rules/mine.md", "Joel's own work\n");
        logged("dream-other", "rules/mine.md", "applied", other, "dream/applied", null);
        refusedAndNothingChanged(other, "is not on dream/applied");
    }

    @Test
    void aPersonsApprovalOnTheReviewBranchIsNeverRevertedAsAnAmendment() throws Exception {
        ReviewService.Decision approved = new ReviewService(ws, Fixtures.CLOCK).approve("dream-2026-11-20-03", "joel", null);
        logged("dream-2026-11-20-03", "rules/exact-ids.md", "applied", approved.commit(), "brain/review", null);
        refusedAndNothingChanged(approved.commit(), "is the review branch");
    }

    @Test
    void aCommitThatChangesFilesBesidesItsTargetIsNotReverted() throws Exception {
        String sha;
        try (Git git = Git.open(ws.behaviourRepo().toFile())) {
            git.branchCreate().setName("dream/wide").setStartPoint("main").call();
        }
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), "dream/wide")) {
            b.commit("rules/a.md", "a\n".getBytes(StandardCharsets.UTF_8), "m\n", "dream", b.tip());
            sha = b.commit("AGENTS.md", "# Agents, rewritten\n".getBytes(StandardCharsets.UTF_8), "m\n", "dream", b.tip()).sha();
        }
        // the log names SOUL.md; the commit changes AGENTS.md: reverting it would undo AGENTS.md
        logged("dream-wide", "SOUL.md", "applied", sha, "dream/wide", null);
        refusedAndNothingChanged(sha, "besides its target \"SOUL.md\" (AGENTS.md)");
    }

    @Test
    void aMergeCommitIsNotReverted() throws Exception {
        String merge;
        try (Git git = Git.open(ws.behaviourRepo().toFile())) {
            git.branchCreate().setName("dream/merge").setStartPoint("main").call();
            String side = commit("dream/side2", "rules/side.md", "side\n");
            String left = commit("dream/merge", "rules/left.md", "left\n");
            var repo = git.getRepository();
            try (var ins = repo.newObjectInserter(); var walk = new RevWalk(repo)) {
                var merger = MergeStrategy.RECURSIVE.newMerger(repo, true);
                merger.merge(repo.resolve(left), repo.resolve(side));
                var cb = new CommitBuilder();
                cb.setTreeId(merger.getResultTreeId());
                cb.setParentIds(repo.resolve(left), repo.resolve(side));
                var who = new PersonIdent("dream", "dream@localhost");
                cb.setAuthor(who);
                cb.setCommitter(who);
                cb.setMessage("merge\n");
                merge = ins.insert(cb).name();
                ins.flush();
                var u = repo.updateRef("refs/heads/dream/merge");
                u.setNewObjectId(ObjectId.fromString(merge));
                u.forceUpdate();
            }
        }
        logged("dream-merge", "rules/side.md", "applied", merge, "dream/merge", null);
        refusedAndNothingChanged(merge, "merge");
    }

    @Test
    void aRevertedLineWithoutItsRevertCommitLeavesTheAmendmentAppliedAndRevertable() throws Exception {
        AmendmentsService.Amendment soul = service.list().amendments().stream()
                .filter(a -> a.status() == AmendmentsService.Status.APPLIED).findFirst().orElseThrow();
        String unrelated = commit("dream/other", "rules/o.md", "o\n");
        logged(soul.id(), soul.target(), "reverted", unrelated, soul.branch(), soul.sha());
        AmendmentsService.Amendment again = service.find(soul.sha());
        assertEquals(AmendmentsService.Status.APPLIED, again.status());
        assertThat(again.note()).contains("no such commit reverts it");
        assertThat(service.revert(List.of(soul.sha()), "joel")).singleElement()
                .satisfies(r -> assertEquals(soul.sha(), r.sha()));
        assertEquals(AmendmentsService.Status.REVERTED, service.find(soul.sha()).status());
    }
}
