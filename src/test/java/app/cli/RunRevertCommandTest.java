package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code amendments revert --run}: a whole run, with one record; usage errors exit 2, refusals exit 1. */
class RunRevertCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
    }

    private JsonNode applied() throws Exception {
        JsonNode list = json.readTree(run("amendments", "list", "--status", "applied", "--workspace", ws, "--json")
                .out());
        return list.get("amendments").get(0);
    }

    @Test
    void aRunIsRevertedWithOneRecordAndTheJsonNamesEachRevert() throws Exception {
        JsonNode a = applied();
        String cycle = a.get("cycle").asText();

        DemoCommandTest.Run revert = run("amendments", "revert", "--run", cycle, "--by", "joel", "--reason",
                "the run misread the retro", "--workspace", ws, "--json");

        assertEquals(0, revert.code(), revert.err());
        JsonNode out = json.readTree(revert.out());
        assertEquals(cycle, out.get("run").asText());
        assertThat(out.get("reverted").findValuesAsText("sha")).contains(a.get("sha").asText());
        assertThat(Files.readString(Path.of(ws, "state", "decisions.jsonl"))).contains("\"action\":\"revert.run\"")
                .contains("the run misread the retro");
        DemoCommandTest.Run again = run("amendments", "revert", "--run", cycle, "--by", "joel", "--reason", "x",
                "--workspace", ws);
        assertEquals(1, again.code());
        assertThat(again.err()).contains("already reverted");
    }

    @Test
    void usageErrorsExitTwoAndAnUnknownRunIsRefusedInWords() {
        DemoCommandTest.Run noReason = run("amendments", "revert", "--run", "r1", "--by", "joel", "--workspace", ws);
        assertEquals(2, noReason.code());
        assertThat(noReason.err()).contains("--reason");
        DemoCommandTest.Run both = run("amendments", "revert", "abc123", "--run", "r1", "--by", "joel", "--reason",
                "x", "--workspace", ws);
        assertEquals(2, both.code());
        assertThat(both.err()).contains("not both");
        DemoCommandTest.Run none = run("amendments", "revert", "--by", "joel", "--workspace", ws);
        assertEquals(2, none.code());
        DemoCommandTest.Run unknown = run("amendments", "revert", "--run", "no-such-run", "--by", "joel", "--reason",
                "x", "--workspace", ws);
        assertEquals(1, unknown.code());
        assertThat(unknown.err()).contains("No amendment applied by run \"no-such-run\"");
    }
}
