package services.review.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static testsupport.GitRemotes.decide;
import static testsupport.GitRemotes.git;
import static testsupport.GitRemotes.ref;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Workspace;
import testsupport.ChildJvm;
import testsupport.Fixtures;
import testsupport.GitRemotes;

/** The console killed mid-push: the next sync ends with the decision on the remote exactly once, nothing forced. */
@Tag("slow") // a child JVM killed at each step of a push
class PushCrashTest {

    private static final String BRANCH = "refs/heads/brain/review";

    @TempDir
    Path tmp;

    private Process child(Workspace ws, String step) throws Exception {
        return new ProcessBuilder(ChildJvm.command(PushChild.class, ws.dir().toString(), tmp.resolve("home").toString(),
                step))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("child-" + step + ".log").toFile()).start();
    }

    @ParameterizedTest
    @ValueSource(strings = {"pushing", "pushed"})
    void killedBeforeOrAfterTheRemoteSaidYesTheNextSyncPushesOnce(String step) throws Exception {
        Path bare = GitRemotes.bare(tmp);
        Path a = GitRemotes.clone(bare, tmp.resolve("a"));
        Workspace ws = GitRemotes.workspace(tmp.resolve("ws"), a, "\"reviewRemote\": \"origin\"");
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        Process p = child(ws, step);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertEquals(137, p.exitValue(), Files.readString(tmp.resolve("child-" + step + ".log")));
        assertEquals(step.equals("pushed") ? made : null, ref(bare, BRANCH));

        ReviewSharing again = ReviewSharing.of(ws, Fixtures.CLOCK, tmp.resolve("home"), s -> { });
        assertThat(again.sync().failed()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
        assertEquals("1", git(bare, "rev-list", "--count", "main.." + BRANCH), "the decision is there once");
        assertThat(again.pending().summary()).isEmpty();
    }

    @Test
    void killedWhileTheRemoteRunsItsHookTheNextSyncConverges() throws Exception {
        Path bare = GitRemotes.bare(tmp);
        Path a = GitRemotes.clone(bare, tmp.resolve("a"));
        Path started = tmp.resolve("hook-started");
        Path hook = bare.resolve("hooks/pre-receive");
        Files.writeString(hook, "#!/bin/sh\ntouch '" + started + "'\nsleep 3\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        git(a, "config", "remote.origin.receivepack", "/usr/bin/git-receive-pack");
        Workspace ws = GitRemotes.workspace(tmp.resolve("ws"), a, "\"reviewRemote\": \"origin\"");
        String made = decide(a, "skills/x.md", "x\n", "p-1", "joel");
        Process p = child(ws, "never");
        long deadline = System.currentTimeMillis() + 120_000;
        while (!Files.exists(started) && p.isAlive() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(Files.exists(started)).as("the push reached the remote's hook").isTrue();
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        Thread.sleep(4_000); // the remote's receive-pack finishes (or gives up) on its own

        ReviewSharing again = ReviewSharing.of(ws, Fixtures.CLOCK, tmp.resolve("home"), s -> { });
        Files.delete(hook);
        assertThat(again.sync().failed()).isFalse();
        assertEquals(made, ref(bare, BRANCH));
        assertEquals(made, ref(a, BRANCH));
        assertThat(again.pending().summary()).isEmpty();
    }
}
