package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;


import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.amendments.AmendmentException;
import services.amendments.AmendmentsService;
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A dream-log line may name any commit. The console reverts only the dream's own amendments: on the workspace's
 * dreamBranch, reachable from it, carrying the logged Proposal-Id. Every other line is listed as "left alone" with
 * the reason, and a revert of it is refused in words, exit 1, with nothing committed in either repository.
 */
class RevertsOnlyWhereTheDreamAppliedTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private AmendmentsService service;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        service = new AmendmentsService(ws, Fixtures.CLOCK);
    }

    private void logged(String id, String target, String sha, String branch) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", "2026-11-21T03:00:00Z").put("cycle", "2026-11-21").put("trigger", "cron");
        line.putArray("outputs").addObject().put("id", id).put("kind", "PROPOSE_RULE").put("risk", "medium")
                .put("target", target).put("action", "applied").put("sha", sha).put("branch", branch);
        new DecisionLog(ws.dreamDir().resolve("log.jsonl")).append(line);
    }

    private String commit(String branch, String path, String message) {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), branch)) {
            return b.commit(path, ("text of " + path + " on " + branch + "\n").getBytes(StandardCharsets.UTF_8), message,
                    "joel", b.tip()).sha();
        }
    }

    /** A commit no branch holds (on top of dream/applied's tip, never moved there). */
    private String dangling(String path, String id) throws Exception {
        try (Git git = Git.open(ws.behaviourRepo().toFile()); RevWalk walk = new RevWalk(git.getRepository());
             ObjectInserter ins = git.getRepository().newObjectInserter()) {
            Repository repo = git.getRepository();
            ObjectId tip = repo.resolve("refs/heads/dream/applied");
            DirCache dc = DirCache.newInCore();
            DirCacheBuilder b = dc.builder();
            b.addTree(new byte[0], 0, repo.newObjectReader(), walk.parseCommit(tip).getTree());
            DirCacheEntry e = new DirCacheEntry(path);
            e.setFileMode(FileMode.REGULAR_FILE);
            e.setObjectId(ins.insert(Constants.OBJ_BLOB, "dangling\n".getBytes(StandardCharsets.UTF_8)));
            b.add(e);
            b.finish();
            CommitBuilder cb = new CommitBuilder();
            cb.setTreeId(dc.writeTree(ins));
            cb.setParentId(tip);
            PersonIdent who = new PersonIdent("dream", "dream@localhost");
            cb.setAuthor(who);
            cb.setCommitter(who);
            cb.setMessage("PROPOSE_RULE: " + path + "\n\nProposal-Id: " + id + "\n");
            ObjectId id2 = ins.insert(cb);
            ins.flush();
            return id2.name();
        }
    }

    private Map<String, String> refs(Path repo) throws Exception {
        try (Git git = Git.open(repo.toFile())) {
            Map<String, String> out = new TreeMap<>();
            for (Ref r : git.getRepository().getRefDatabase().getRefs()) {
                out.put(r.getName(), r.getObjectId().name());
            }
            return out;
        }
    }

    /** Listed as left alone with {@code why}; refused by the service and by the CLI (exit 1); nothing committed. */
    private void leftAlone(String id, String sha, String why) throws Exception {
        AmendmentsService.Amendment a = service.list().amendments().stream().filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow();
        assertEquals(AmendmentsService.Status.LEFT_ALONE, a.status());
        assertEquals("left alone", a.label());
        assertThat(a.note()).contains(why);
        Map<String, String> behaviour = refs(ws.behaviourRepo());
        Map<String, String> skills = refs(ws.skillsRepo());
        int decided = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().size();
        int dream = new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read().entries().size();
        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revertWhatCan(List.of(sha), "joel"));
        assertThat(e.getMessage()).contains(id).contains(why).endsWith("Nothing was reverted.");
        DemoCommandTest.Run cli = run("amendments", "revert", sha, "--by", "joel", "--workspace", ws.dir().toString());
        assertNotEquals(0, cli.code());
        assertThat(cli.err()).contains(why).contains("Nothing was reverted.").doesNotContain("Exception");
        DemoCommandTest.Run listed = run("amendments", "list", "--status", "left-alone", "--workspace",
                ws.dir().toString());
        assertThat(listed.out()).contains(id).contains("left alone: ").contains(why);
        assertEquals(behaviour, refs(ws.behaviourRepo()));
        assertEquals(skills, refs(ws.skillsRepo()));
        assertEquals(decided, new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().size());
        assertEquals(dream, new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read().entries().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"develop", "release", "feature/joel", "dream/elsewhere"})
    void aPersonsCommitOnItsOwnBranchIsLeftAlone(String branch) throws Exception {
        String sha = commit(branch, "rules/joel.md", "Joel's work\n\nProposal-Id: dream-x-01\n");
        logged("dream-x-01", "rules/joel.md", sha, branch);
        leftAlone("dream-x-01", sha, "the branch " + branch + " is not where the dream's amendments live (dream/applied");
    }

    @Test
    void aPersonsCommitOnAnotherBranchLoggedAsTheDreamBranchIsLeftAlone() throws Exception {
        String sha = commit("develop", "rules/joel.md", "Joel's work\n\nProposal-Id: dream-x-01\n");
        logged("dream-x-01", "rules/joel.md", sha, "dream/applied");
        leftAlone("dream-x-01", sha, "is not on dream/applied");
    }

    @Test
    void aCommitNoBranchHoldsIsLeftAlone() throws Exception {
        String sha = dangling("rules/dangling.md", "dream-x-02");
        logged("dream-x-02", "rules/dangling.md", sha, "dream/applied");
        leftAlone("dream-x-02", sha, "is not on dream/applied");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Proposal-Id: dream-other-09\n", "Proposal-Id: dream-x-03x\n", "", "Proposal-Id:\n"})
    void aDreamBranchCommitWhoseTrailerNamesAnotherIdIsLeftAlone(String trailer) throws Exception {
        String sha = commit("dream/applied", "rules/other.md", "PROPOSE_RULE: rules/other.md\n\n" + trailer);
        logged("dream-x-03", "rules/other.md", sha, "dream/applied");
        leftAlone("dream-x-03", sha, trailer.contains("dream-") ? "not \"dream-x-03\"" : "has no Proposal-Id trailer");
    }

    @Test
    void theDreamsOwnAmendmentIsStillReverted() throws Exception {
        String sha = commit("dream/applied", "rules/own.md", "PROPOSE_RULE: rules/own.md\n\nProposal-Id: dream-x-04\n");
        logged("dream-x-04", "rules/own.md", sha, "dream/applied");
        assertEquals(AmendmentsService.Status.APPLIED, service.find(sha).status());
        assertThat(service.revert(List.of(sha), "joel")).singleElement().satisfies(r -> assertEquals(sha, r.sha()));
    }

    @Test
    void anotherDreamBranchIsNamedInWorkspaceJson() throws Exception {
        String sha = commit("dreams/live", "rules/own.md", "PROPOSE_RULE: rules/own.md\n\nProposal-Id: dream-x-05\n");
        logged("dream-x-05", "rules/own.md", sha, "dreams/live");
        assertEquals(AmendmentsService.Status.LEFT_ALONE, service.find(sha).status());
        Path file = ws.dir().resolve("workspace.json");
        Files.writeString(file, Files.readString(file).replaceFirst("\\{",
                "{\"dreamBranch\": \"dreams/live\", "));
        AmendmentsService moved = new AmendmentsService(Fixtures.loader().load(ws.dir()), Fixtures.CLOCK);
        assertEquals(AmendmentsService.Status.APPLIED, moved.find(sha).status());
        assertThat(moved.list().amendments()).filteredOn(a -> a.branch().equals("dream/applied") && a.status() != AmendmentsService.Status.COMMIT_MISSING)
                .allSatisfy(a -> assertEquals(AmendmentsService.Status.LEFT_ALONE, a.status()));
    }
}
