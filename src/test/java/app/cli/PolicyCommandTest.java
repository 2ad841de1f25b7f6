package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headless face of the trust dial: show, freeze, run, simulate, set, and the level beside each proposal. */
class PolicyCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void freezeRunUnfreezeAndTheLevelOfEachProposal() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());

        DemoCommandTest.Run shown = run("proposals", "show", "dream-2026-11-20-02", "--workspace", ws);
        assertThat(shown.out()).contains("policy: manual (protected path SOUL.md)");
        JsonNode list = json.readTree(run("proposals", "list", "--workspace", ws, "--json").out());
        assertThat(list.findValuesAsText("policy")).contains("auto", "supervised", "manual");

        DemoCommandTest.Run frozen = run("policy", "freeze", "--by", "joel", "--why", "bad week", "--workspace", ws);
        assertEquals(0, frozen.code(), frozen.err());
        JsonNode run = json.readTree(run("policy", "run", "--workspace", ws, "--json").out());
        assertThat(run.get("frozen").asBoolean()).isTrue();
        assertThat(run.get("outcomes").findValuesAsText("action")).doesNotContain("applied");

        assertEquals(0, run("policy", "unfreeze", "--by", "joel", "--why", "ok", "--workspace", ws).code());
        DemoCommandTest.Run applied = run("policy", "run", "--workspace", ws);
        assertEquals(0, applied.code(), applied.err());
        assertThat(applied.out()).contains("sp-2026-11-18-loop-nanny-01: applied (auto)");

        JsonNode show = json.readTree(run("policy", "show", "--workspace", ws, "--json").out());
        assertThat(show.get("frozen").asBoolean()).isFalse();
        assertThat(show.get("risk").get("medium").asText()).isEqualTo("supervised");

        DemoCommandTest.Run bad = run("policy", "simulate", "--risk", "medium=always", "--workspace", ws);
        assertEquals(2, bad.code()); // a bad option value is a usage error
        assertThat(bad.err()).contains("Invalid value for option '--risk'").contains("medium=always");

        DemoCommandTest.Run person = run("proposals", "approve", "dream-2026-11-20-02", "--by", "policy:auto", "--workspace", ws);
        assertEquals(1, person.code());
        assertThat(person.err()).contains("reserved for the trust dial");

        DemoCommandTest.Run set = run("policy", "set", "--risk", "high=supervised", "--by", "joel", "--why", "trial",
                "--workspace", ws);
        assertEquals(0, set.code(), set.err());
        assertEquals("supervised", new ObjectMapper().readTree(Path.of(ws, "workspace.json")
                .toFile()).path("policy").path("risk").path("high").asText()); // saved, in the user's format
        assertThat(Files.readString(Path.of(ws, "state/decisions.jsonl"))).contains("\"action\":\"policy.set\"",
                "\"reason\":\"trial\"", "\"action\":\"policy.freeze\"");
    }
}
