package services.review.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static testsupport.GitRemotes.decide;
import static testsupport.GitRemotes.git;
import static testsupport.GitRemotes.ref;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.GitRemotes;
import testsupport.SshServer;

/** The review branch shared over SSH with a real OpenSSH sshd on the loopback address, started by the test. */
@Tag("server")
@Tag("sshd")
class SshReviewRemoteTest {

    private static final String BRANCH = "refs/heads/brain/review";

    @TempDir
    Path tmp;

    private SshServer sshd;
    private Path bare;
    private Path a;
    private Path home;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(SshServer.binary() != null, SshServer.MISSING);
        sshd = new SshServer(tmp.resolve("sshd"));
        bare = GitRemotes.bare(tmp);
        a = GitRemotes.clone(bare, tmp.resolve("a"));
        git(a, "remote", "set-url", "origin", sshd.url(bare));
        home = sshd.home(tmp.resolve("home"));
    }

    @AfterEach
    void stop() {
        if (sshd != null) {
            sshd.close();
        }
    }

    private ReviewSharing sharing(String keyFile) throws Exception {
        Workspace ws = GitRemotes.workspace(tmp.resolve("ws"), a, "\"reviewRemote\": \"origin\""
                + (keyFile == null ? "" : ", \"reviewKeyFile\": \"" + keyFile + "\""));
        return ReviewSharing.of(ws, Fixtures.CLOCK, home, step -> { });
    }

    @Test
    void theWorkspacesKeyFilePushesAndFetchesOverSsh() throws Exception {
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(sshd.userKey().toString()).sync();
        assertThat(r.failed()).as(r.messages().toString()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
        assertThat(r.repositories().get(0).remote()).contains("ssh://", "127.0.0.1:" + sshd.port());

        Path b = GitRemotes.clone(bare, tmp.resolve("b"));
        git(b, "remote", "set-url", "origin", sshd.url(bare));
        Workspace wb = GitRemotes.workspace(tmp.resolve("wb"), b, "\"reviewRemote\": \"origin\", \"reviewKeyFile\": \""
                + sshd.userKey() + "\"");
        ReviewSharing.of(wb, Fixtures.CLOCK, home, s -> { }).sync();
        assertEquals(made, ref(b, BRANCH));
    }

    @Test
    void theUsersOwnSshKeyIsUsedWhenTheWorkspaceNamesNone() throws Exception {
        Files.copy(sshd.userKey(), home.resolve(".ssh/id_ed25519"));
        Files.setPosixFilePermissions(home.resolve(".ssh/id_ed25519"), PosixFilePermissions.fromString("rw-------"));
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        assertThat(sharing(null).sync().failed()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
    }

    @Test
    void missingCredentialsAreRefusedAndTheDecisionWaits() throws Exception {
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(null).sync();
        assertEquals("failed", r.repositories().get(0).result());
        assertThat(r.repositories().get(0).problem()).contains("Could not fetch from", "check the key");
        assertNull(ref(bare, BRANCH));
        assertEquals("1 decision not pushed", r.summary());
    }

    @Test
    void aWrongKeyIsRefusedWithoutShowingIt() throws Exception {
        Path wrong = tmp.resolve("wrong_key");
        SshServer.keygen(wrong);
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(wrong.toString()).sync();
        assertEquals("failed", r.repositories().get(0).result());
        String secret = Files.readString(wrong).lines().filter(l -> !l.startsWith("-----")).findFirst().orElseThrow();
        assertThat(r.toString()).doesNotContain(secret);
        assertNull(ref(bare, BRANCH));
    }

    @Test
    void aWorldReadableKeyIsRefusedBeforeConnecting() throws Exception {
        Path open = tmp.resolve("open_key");
        Files.copy(sshd.userKey(), open);
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(open.toString()).sync();
        assertThat(r.repositories().get(0).problem()).contains("chmod 600 '" + open + "'");
        assertNull(ref(bare, BRANCH));
    }

    @Test
    void anUnknownHostKeyIsRefusedWithTheHint() throws Exception {
        Files.writeString(home.resolve(".ssh/known_hosts"), "");
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(sshd.userKey().toString()).sync();
        assertEquals("failed", r.repositories().get(0).result());
        assertThat(r.repositories().get(0).problem()).contains("known_hosts");
        assertNull(ref(bare, BRANCH));
    }

    @Test
    void aPreReceiveHookThatRejectsIsReportedInItsWords() throws Exception {
        Path hook = bare.resolve("hooks/pre-receive");
        Files.writeString(hook, "#!/bin/sh\necho 'refs/heads/brain/review is protected' >&2\nexit 1\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = sharing(sshd.userKey().toString()).sync();
        assertEquals("failed", r.repositories().get(0).result());
        assertThat(r.repositories().get(0).problem()).contains("refused", "is protected");
        assertNull(ref(bare, BRANCH));
    }

    @Test
    void theServerGoneIsOfflineAndTheQueueGoesWhenItIsBack() throws Exception {
        ReviewSharing s = sharing(sshd.userKey().toString());
        sshd.close();
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        SharedBranch.Report r = s.sync();
        assertEquals("offline", r.repositories().get(0).result(), r.toString());
        assertEquals("1 decision not pushed", s.pending().summary());
        sshd = new SshServer(tmp.resolve("sshd2"));
        Files.writeString(tmp.resolve("sshd2/authorized_keys"), Files.readString(tmp.resolve("sshd/user_key.pub")));
        git(a, "remote", "set-url", "origin", sshd.url(bare));
        home = sshd.home(tmp.resolve("home"));
        assertThat(s.sync().failed()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
    }
}
