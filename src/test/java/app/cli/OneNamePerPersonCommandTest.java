package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Walk (issue 37): {@code failed clear} on the command line recorded the operating-system user ("root") while
 * approvals recorded the workspace's reviewer ("joel"). Every command that records a person without {@code --by}
 * records the workspace's reviewer; a reason is {@code --reason} everywhere ({@code --why} kept as an alias).
 */
class OneNamePerPersonCommandTest {

    @TempDir
    Path tmp;

    private static JsonNode last(Path log) throws Exception {
        List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
        return new ObjectMapper().readTree(lines.get(lines.size() - 1));
    }

    @Test
    void theWorkspacesReviewerIsTheNameInEveryLogAndReasonIsOneWord() throws Exception {
        String ws = tmp.resolve("demo").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws, "--no-embeddings").code());
        String target = new ObjectMapper().readTree(run("failed", "list", "--workspace", ws, "--json").out())
                .get("targets").get(0).get("key").asText();

        DemoCommandTest.Run cleared = run("failed", "clear", target, "--reason", "fixed upstream", "--workspace", ws);
        assertEquals(0, cleared.code(), cleared.err());
        JsonNode clear = last(Path.of(ws, "state", "decisions.jsonl"));
        assertEquals("clear_failed", clear.get("action").asText());
        assertEquals("joel", clear.get("by").asText(), "the workspace's reviewer, not the user name");

        DemoCommandTest.Run frozen = run("policy", "freeze", "--reason", "bad week", "--workspace", ws);
        assertEquals(0, frozen.code(), frozen.err());
        assertThat(frozen.out()).contains("frozen by joel");
        DemoCommandTest.Run unfrozen = run("policy", "unfreeze", "--why", "the older spelling still works", "--workspace", ws);
        assertEquals(0, unfrozen.code(), unfrozen.err());
        assertThat(unfrozen.out()).contains("unfrozen by joel");
        DemoCommandTest.Run neither = run("policy", "freeze", "--workspace", ws);
        assertEquals(2, neither.code(), "a reason is required: a usage error");
        assertThat(neither.err()).contains("--reason");
    }

    /** Walk 2: a revert and a lesson deprecated by hand recorded no name ("hand") or needed --by; now the reviewer. */
    @Test
    void aRevertAndADeprecationWithoutByRecordTheWorkspacesReviewer() throws Exception {
        String ws = tmp.resolve("demo").toString();
        assertEquals(0, run("demo", ws).code());
        ObjectMapper json = new ObjectMapper();
        String sha = null;
        for (JsonNode a : json.readTree(run("amendments", "list", "--workspace", ws, "--json").out()).get("amendments")) {
            if (a.get("id").asText().equals("dream-2026-11-10-01")) {
                sha = a.get("sha").asText();
            }
        }
        DemoCommandTest.Run reverted = run("amendments", "revert", sha, "--workspace", ws);
        assertEquals(0, reverted.code(), reverted.err());
        JsonNode revert = last(Path.of(ws, "state", "decisions.jsonl"));
        assertEquals("revert", revert.get("action").asText());
        assertEquals("joel", revert.get("by").asText());

        assertEquals(0, run("sync", "--workspace", ws, "--no-embeddings").code());
        String lesson = json.readTree(run("lessons", "--workspace", ws, "--json").out()).get("lessons").get(0)
                .get("id").asText();
        DemoCommandTest.Run deprecated = run("lessons", "deprecate", lesson, "--why", "superseded", "--workspace", ws);
        assertEquals(0, deprecated.code(), deprecated.err());
        JsonNode transition = last(Path.of(ws, "state", "lessons.jsonl"));
        assertEquals(lesson, transition.get("id").asText());
        assertEquals("joel", transition.get("by").asText(), "a person's one name, not \"hand\"");
    }
}
