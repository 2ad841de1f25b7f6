package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/**
 * The review branch comes from a setting a person types: an illegal ref name, the checked-out branch, the default
 * branch or a symbolic ref is refused at the commit, and nothing is written — not in the repository, not outside it.
 */
class ReviewBranchTargetTest {

    static final String ID = "dream-2026-11-20-02";

    @TempDir
    Path tmp;

    private Workspace ws;
    private Path repo;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        repo = ws.behaviourRepo();
    }

    /** The workspace with another review branch, as a hand-edited workspace.json (or a test) could give it. */
    private ReviewService withBranch(String branch) {
        Workspace edited = new Workspace(ws.dir(), ws.name(), ws.vault(), ws.skillsRepo(), ws.behaviourRepo(),
                ws.dreamDir(), ws.profilesDir(), branch, ws.failedTargetTtlDays(), ws.index(), ws.redis(), ws.readOnly(),
                ws.problems(), ws.raw());
        return new ReviewService(edited, Fixtures.CLOCK);
    }

    private String tip(String branch) throws Exception {
        try (Repository r = Git.open(repo.toFile()).getRepository()) {
            var ref = r.exactRef("refs/heads/" + branch);
            return ref == null ? null : ref.getObjectId().name();
        }
    }

    private void refusedAndNothingWritten(String branch, String expected) throws Exception {
        Path victim = repo.resolve("victim.txt");
        Path outside = repo.getParent().resolve("victim.txt");
        Files.writeString(victim, "mine\n");
        Files.writeString(outside, "mine\n");
        Map<String, String> before = RepoSnapshot.of(repo);
        String mainTip = tip("main");
        ReviewService review = withBranch(branch);
        ReviewException e = assertThrows(ReviewException.class, () -> review.approve(ID, "joel", null));
        assertThat(e.getMessage()).contains(expected);
        assertEquals(before, RepoSnapshot.of(repo));
        assertEquals(mainTip, tip("main"));
        assertEquals("mine\n", Files.readString(victim));
        assertEquals("mine\n", Files.readString(outside));
        assertEquals("pending", new ReviewService(ws, Fixtures.CLOCK).find(ID).proposal().status());
        assertThat(ws.stateDir().resolve("decisions.jsonl")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../../victim.txt", "../../HEAD", "HEAD", "a..b", "x.lock", "-f", "a b", "a\nb"})
    void anIllegalNameIsRefused(String branch) throws Exception {
        refusedAndNothingWritten(branch, "not a");
    }

    @ParameterizedTest
    @ValueSource(strings = {"main", "master"})
    void theDefaultBranchIsRefused(String branch) throws Exception {
        refusedAndNothingWritten(branch, "main".equals(branch) ? "is checked out" : "default branch");
    }

    @Test
    void theCheckedOutBranchIsRefused() throws Exception {
        try (Git git = Git.open(repo.toFile())) {
            git.stashCreate().call(); // the demo's dirty tree, so that the checkout can happen
            git.checkout().setCreateBranch(true).setName("work").call();
        }
        refusedAndNothingWritten("work", "branch work is checked out");
    }

    @Test
    void aBranchCheckedOutInALinkedWorktreeIsRefused() throws Exception {
        Path wt = Files.createDirectories(repo.resolve(".git/worktrees/side"));
        Files.writeString(wt.resolve("HEAD"), "ref: refs/heads/side\n");
        refusedAndNothingWritten("side", "branch side is checked out");
    }

    @Test
    void theConfiguredAndTheRemoteDefaultBranchesAreRefused() throws Exception {
        try (Repository r = Git.open(repo.toFile()).getRepository()) {
            StoredConfig config = r.getConfig();
            config.setString("init", null, "defaultBranch", "trunk");
            config.save();
            RefUpdate origin = r.updateRef("refs/remotes/origin/develop");
            origin.setNewObjectId(r.resolve("main"));
            origin.update();
            r.getRefDatabase().newUpdate("refs/remotes/origin/HEAD", false).link("refs/remotes/origin/develop");
        }
        refusedAndNothingWritten("trunk", "default branch");
        refusedAndNothingWritten("develop", "default branch");
    }

    @Test
    void aSymbolicReviewBranchIsRefused() throws Exception {
        try (Repository r = Git.open(repo.toFile()).getRepository()) {
            r.getRefDatabase().newUpdate("refs/heads/brain/review", false).link("refs/heads/main");
        }
        refusedAndNothingWritten("brain/review", "symbolic ref to refs/heads/main");
    }

    @Test
    void anOrdinaryBranchStillWorks() throws Exception {
        ReviewService.Decision d = withBranch("brain/other").approve(ID, "joel", null);
        assertEquals(d.commit(), tip("brain/other"));
    }
}
