package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.GitRemotes;

/** {@code sync-review}: ahead / behind per repository, pushes on demand, nothing without reviewRemote. */
class SyncReviewCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void syncReviewPushesOnDemandAndShowsAheadAndBehindAsJson() throws Exception {
        Path bare = GitRemotes.bare(tmp);
        Path repo = GitRemotes.clone(bare, tmp.resolve("a"));
        GitRemotes.workspace(tmp.resolve("none"), repo, "");
        DemoCommandTest.Run off = run("sync-review", "--workspace", tmp.resolve("none").toString(), "--json");
        assertEquals(0, off.code(), off.err());
        assertThat(json.readTree(off.out()).get("enabled").asBoolean()).isFalse();

        GitRemotes.workspace(tmp.resolve("ws"), repo, "\"reviewRemote\": \"origin\"");
        String made = GitRemotes.decide(repo, "skills/x.md", "x\n", "p-1", "joel");
        DemoCommandTest.Run status = run("sync-review", "--workspace", tmp.resolve("ws").toString(), "--status", "--json");
        JsonNode s = json.readTree(status.out());
        assertEquals(1, s.get("repositories").get(0).get("ahead").asInt());
        assertEquals("1 decision not pushed", s.get("summary").asText());
        assertEquals("1 decision not pushed", s.get("status").asText());
        // the same words as the window's status bar, on the command line's status and in its inbox
        assertThat(run("sync-review", "--workspace", tmp.resolve("ws").toString(), "--status").out())
                .contains("origin", "1 ahead, 0 behind").contains("\n1 decision not pushed.");
        assertThat(run("inbox", "--workspace", tmp.resolve("ws").toString()).out())
                .contains("- 1 decision not pushed", "shared review branch: They go with the next sync");

        DemoCommandTest.Run pushed = run("sync-review", "--workspace", tmp.resolve("ws").toString());
        assertEquals(0, pushed.code(), pushed.out() + pushed.err());
        assertThat(pushed.out()).contains("Pushed 1 commit", "0 ahead, 0 behind", "Every decision is on the remote.");
        assertEquals(made, GitRemotes.ref(bare, "refs/heads/brain/review"));

        GitRemotes.git(repo, "remote", "set-url", "origin", "ssh://git@127.0.0.1:9/remote.git");
        GitRemotes.decide(repo, "skills/y.md", "y\n", "p-2", "joel");
        DemoCommandTest.Run offline = run("sync-review", "--workspace", tmp.resolve("ws").toString(), "--json");
        assertEquals(3, offline.code(), "a decision left unpushed");
        assertEquals("offline", json.readTree(offline.out()).get("repositories").get(0).get("result").asText());
    }
}
