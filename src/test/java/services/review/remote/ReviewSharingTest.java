package services.review.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static testsupport.GitRemotes.decide;
import static testsupport.GitRemotes.git;
import static testsupport.GitRemotes.ref;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.GitRemotes;
import testsupport.RepoSnapshot;

/** The review branch shared through a bare repository over file://: lease, fetch, fast-forward, offline queue. */
class ReviewSharingTest {

    private static final String BRANCH = "refs/heads/brain/review";

    @TempDir
    Path tmp;

    private Path bare;
    private Path a;
    private Path b;

    @BeforeEach
    void remotes() throws Exception {
        bare = GitRemotes.bare(tmp);
        a = GitRemotes.clone(bare, tmp.resolve("a"));
        b = GitRemotes.clone(bare, tmp.resolve("b"));
    }

    private ReviewSharing sharing(Path repo, String name) throws Exception {
        return ReviewSharing.of(GitRemotes.workspace(tmp.resolve("ws-" + name), repo, "\"reviewRemote\": \"origin\""),
                Fixtures.CLOCK, tmp.resolve("home"), step -> { });
    }

    @Test
    void withoutReviewRemoteNothingIsPushedOrFetched() throws Exception {
        Workspace ws = GitRemotes.workspace(tmp.resolve("ws-none"), a, "");
        ReviewSharing none = ReviewSharing.of(ws, Fixtures.CLOCK);
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = none.sync();
        assertThat(none.enabled()).isFalse();
        assertThat(r.repositories()).isEmpty();
        assertThat(r.messages().get(0)).contains("shares no review branch", "reviewRemote");
        assertNull(ref(bare, BRANCH), "nothing left the machine");
        assertThat(none.pending().summary()).isEmpty();
        assertThat(none.beforeDeciding()).isEmpty();
        assertNull(ref(a, "refs/remotes/origin/brain/review"), "nothing was fetched either");
    }

    @Test
    void aPushedDecisionReachesTheOtherCloneByFastForwardWithoutTouchingItsWorkingTree() throws Exception {
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        ReviewSharing sa = sharing(a, "a");
        assertEquals("1 decision not pushed", sa.pending().summary());
        SharedBranch.Report pushed = sa.sync();
        assertThat(pushed.failed()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
        assertThat(sa.pending().summary()).isEmpty();
        assertThat(pushed.repositories().get(0).result()).isEqualTo("pushed");

        Map<String, String> before = RepoSnapshot.of(b);
        ReviewSharing sb = sharing(b, "b");
        assertThat(sb.beforeDeciding()).singleElement().asString()
                .startsWith("Learnt from the remote: p-1 decided by joel on another machine at ").contains(made.substring(0, 10));
        assertEquals(made, ref(b, BRANCH), "fast-forwarded through the object database");
        assertEquals(before, RepoSnapshot.of(b), "HEAD, index and working tree untouched");
        SharedBranch.Report status = sb.pending();
        assertEquals(0, status.repositories().get(0).ahead());
        assertEquals(0, status.repositories().get(0).behind());
    }

    @Test
    void theLeaseNeverOverwritesWhatWasNotSeenAndTheLoserIsMovedOntoTheNewTip() throws Exception {
        ReviewSharing sa = sharing(a, "a");
        ReviewSharing sb = sharing(b, "b");
        String first = decide(a, "skills/x.md", "x\n", "p-1", "alice");
        String second = decide(b, "skills/y.md", "y\n", "p-2", "bob");
        sa.sync();
        try (ReviewRemote raw = new JGitReviewRemote(b, "origin", "brain/review", new JGitSshCredentials(tmp, null), s -> { })) {
            ReviewRemote.PushOutcome lost = raw.push();
            assertEquals(ReviewRemote.Pushed.LOST_RACE, lost.result(), lost.message());
        }
        assertEquals(first, ref(bare, BRANCH), "the lease refused: the remote still has alice's decision");

        SharedBranch.Report r = sb.sync();
        assertThat(r.failed()).as(r.messages().toString()).isFalse();
        String tip = ref(bare, BRANCH);
        assertEquals(first, git(b, "rev-parse", tip + "^"), "bob's decision replayed on alice's");
        assertThat(git(b, "log", "--format=%B", "-1", tip)).contains("Proposal-Id: p-2", "Approved-By: bob");
        assertThat(git(b, "show", tip + ":skills/y.md")).isEqualTo("y");
        assertThat(git(b, "rev-parse", second + "^{tree}")).isNotEqualTo(git(b, "rev-parse", tip + "^{tree}"));
        assertThat(r.messages()).anyMatch(m -> m.contains("Learnt from the remote: p-1 decided by alice"));

        sa.sync();
        assertEquals(tip, ref(a, BRANCH), "and alice learns bob's");
    }

    @Test
    void theSameProposalDecidedOnBothIsKeptOnceAndTheLoserIsToldWhoAndWhen() throws Exception {
        ReviewSharing sa = sharing(a, "a");
        ReviewSharing sb = sharing(b, "b");
        String alice = decide(a, "skills/x.md", "alice's\n", "p-1", "alice");
        String bob = decide(b, "skills/x.md", "bob's\n", "p-1", "bob");
        sa.sync();
        SharedBranch.Report r = sb.sync();
        assertEquals(alice, ref(bare, BRANCH));
        assertEquals(alice, ref(b, BRANCH));
        assertThat(r.messages()).anyMatch(m -> m.startsWith("p-1 was already decided by alice on another machine at ")
                && m.contains("recovered from the shared branch")
                && m.contains("refs/brain-console/set-aside/" + bob));
        assertEquals(bob, ref(b, "refs/brain-console/set-aside/" + bob), "bob's commit is kept, not lost");
        assertThat(sb.pending().summary()).isEmpty();
    }

    @Test
    void aClashWithAnotherProposalIsReportedAndNothingIsForced() throws Exception {
        ReviewSharing sa = sharing(a, "a");
        ReviewSharing sb = sharing(b, "b");
        String alice = decide(a, "skills/x.md", "alice's\n", "p-1", "alice");
        String bob = decide(b, "skills/x.md", "bob's\n", "p-2", "bob");
        sa.sync();
        SharedBranch.Report r = sb.sync();
        assertEquals(alice, ref(bare, BRANCH));
        assertEquals(bob, ref(b, BRANCH), "bob's branch left as it was");
        assertThat(r.failed()).isTrue();
        assertThat(r.repositories().get(0).problem()).contains("changes skills/x.md", "stays here, not pushed");
        assertEquals("1 decision not pushed", sb.pending().summary());
    }

    @Test
    void offlineTheDecisionWaitsInTheQueueAndGoesWhenTheRemoteAnswers() throws Exception {
        ReviewSharing sa = sharing(a, "a");
        String url = git(a, "remote", "get-url", "origin");
        git(a, "remote", "set-url", "origin", "ssh://git@127.0.0.1:" + closedPort() + "/remote.git");
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        assertThat(sa.beforeDeciding()).anyMatch(m -> m.startsWith("Could not fetch from"));
        SharedBranch.Report r = sa.sync();
        assertThat(r.repositories().get(0).result()).isEqualTo("offline");
        assertEquals("1 decision not pushed", sa.pending().summary());
        assertEquals("offline", sa.pending().repositories().get(0).result());
        assertNull(ref(bare, BRANCH));

        git(a, "remote", "set-url", "origin", url);
        assertThat(sa.sync().failed()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
        assertThat(sa.pending().summary()).isEmpty();
    }

    @Test
    void aRemoteWhoseHookRejectsIsReportedWithItsWordsAndTheDecisionStaysQueued() throws Exception {
        Path hook = bare.resolve("hooks/pre-receive");
        Files.writeString(hook, "#!/bin/sh\necho 'brain/review is protected here' >&2\nexit 1\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        git(a, "config", "remote.origin.receivepack", "/usr/bin/git-receive-pack"); // a real receive-pack runs hooks
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(a, "a").sync();
        assertThat(r.repositories().get(0).result()).isEqualTo("failed");
        assertThat(r.repositories().get(0).problem()).contains("refused", "brain/review is protected here");
        assertNull(ref(bare, BRANCH));
        assertEquals(1, r.notPushed());
    }

    @Test
    void aFetchCutMidwayChangesNothingAndTheNextOneWorks() throws Exception {
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        sharing(a, "a").sync();
        Path cut = tmp.resolve("cut-upload-pack");
        Files.writeString(cut, "#!/bin/sh\ngit-upload-pack --advertise-refs \"$@\" | head -c 120\nexit 1\n");
        Files.setPosixFilePermissions(cut, PosixFilePermissions.fromString("rwx------"));
        git(b, "config", "remote.origin.uploadpack", cut.toString());
        ReviewSharing sb = sharing(b, "b");
        Map<String, String> before = RepoSnapshot.of(b);
        SharedBranch.Report r = sb.sync();
        assertThat(r.repositories().get(0).result()).isEqualTo("offline");
        assertNull(ref(b, BRANCH));
        assertNull(ref(b, "refs/remotes/origin/brain/review"));
        assertEquals(before, RepoSnapshot.of(b));

        git(b, "config", "--unset", "remote.origin.uploadpack");
        assertThat(sb.sync().failed()).isFalse();
        assertEquals(made, ref(b, BRANCH));
    }

    @Test
    void aPasswordInTheRemoteAddressIsNeverShown() throws Exception {
        git(a, "remote", "set-url", "origin", "https://joel:s3cr3t-token@127.0.0.1:" + closedPort() + "/remote.git");
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(a, "a").sync();
        assertThat(r.toString()).doesNotContain("s3cr3t").contains("***@127.0.0.1");
        assertThat(Files.readString(tmp.resolve("ws-a/state/review-remote.json"))).doesNotContain("s3cr3t");
    }

    @Test
    void aKeyFileOthersCanReadIsRefusedWithTheChmodHint() throws Exception {
        Path key = tmp.resolve("id_test");
        Files.writeString(key, "not really a key\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
        git(a, "remote", "set-url", "origin", "ssh://git@127.0.0.1:" + closedPort() + "/remote.git");
        Workspace ws = GitRemotes.workspace(tmp.resolve("ws-key"), a,
                "\"reviewRemote\": \"origin\", \"reviewKeyFile\": \"" + key + "\"");
        SharedBranch.Report r = ReviewSharing.of(ws, Fixtures.CLOCK, tmp.resolve("home"), s -> { }).sync();
        assertThat(r.repositories().get(0).problem()).contains(key.toString(), "chmod 600").doesNotContain("not really");
        assertEquals("failed", r.repositories().get(0).result());

        Files.delete(key);
        r = ReviewSharing.of(ws, Fixtures.CLOCK, tmp.resolve("home"), s -> { }).sync();
        assertThat(r.repositories().get(0).problem()).contains(key.toString(), "does not exist");
    }

    @Test
    void aWrongReviewRemoteValueIsNamedWithItsFile() throws Exception {
        Workspace ws = GitRemotes.workspace(tmp.resolve("ws-bad"), a, "\"reviewRemote\": \"--upload-pack=x\"");
        ReviewSharing s = ReviewSharing.of(ws, Fixtures.CLOCK);
        assertThat(s.enabled()).isFalse();
        assertThat(s.sync().messages().get(0)).contains("workspace.json", "'reviewRemote'");
    }

    @Test
    void aRepositoryWithoutThatRemoteIsNotShared() throws Exception {
        git(a, "remote", "rename", "origin", "upstream");
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        ReviewSharing s = sharing(a, "a");
        assertThat(s.sync().repositories()).isEmpty();
        assertThat(s.pending().summary()).isEmpty();
    }

    static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
