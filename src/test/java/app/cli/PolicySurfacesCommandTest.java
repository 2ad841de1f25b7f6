package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ladder on the command line: surfaces, a revert of an auto-applied change that demotes, sign-off, simulate. */
class PolicySurfacesCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void surfacesRevertDemotesSignoffIsRefusedInWordsAndSimulateReplays() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        Path file = Path.of(ws, "workspace.json");
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        root.putObject("policy").set("surfaces", json.readTree("[{\"name\": \"nanny\", \"repo\": \"skills\", "
                + "\"path\": \"skills/loop-nanny/*.md\", \"level\": \"auto\"}, {\"name\": \"soul\", \"repo\": "
                + "\"behaviour\", \"path\": \"SOUL.md\", \"level\": \"forbidden\"}]"));
        Files.writeString(file, json.writeValueAsString(root));

        JsonNode before = json.readTree(run("policy", "surfaces", "--workspace", ws, "--json").out());
        assertThat(before.get("surfaces").findValuesAsText("rung")).containsExactly("auto", "forbidden");
        DemoCommandTest.Run applied = run("policy", "run", "--workspace", ws);
        assertThat(applied.out()).contains("sp-2026-11-18-loop-nanny-01: applied (auto)");

        DemoCommandTest.Run reverted = run("policy", "revert", "sp-2026-11-18-loop-nanny-01", "--by", "joel",
                "--reason", "wrong port advice", "--workspace", ws);
        assertEquals(0, reverted.code(), reverted.err());
        JsonNode after = json.readTree(run("policy", "surfaces", "--workspace", ws, "--json").out()).get("surfaces").get(0);
        assertEquals("gated", after.get("rung").asText());
        assertEquals("auto", after.get("level").asText());
        assertEquals(0, after.get("cleanApplies").asInt());
        assertEquals(10, after.get("promoteAfter").asInt());
        assertEquals("joel", after.get("lastDemotion").get("by").asText());
        assertThat(after.get("lastDemotion").get("commit").asText()).hasSize(40);
        DemoCommandTest.Run text = run("policy", "surfaces", "--workspace", ws);
        assertThat(text.out()).contains("nanny", "gated", "0/10 clean applies", "last demotion:", "revert of");
        assertThat(Files.readString(Path.of(ws, "state/decisions.jsonl"))).contains("\"action\":\"surface.demote\"");

        DemoCommandTest.Run early = run("policy", "signoff", "nanny", "--by", "joel", "--reason", "ok", "--workspace", ws);
        assertEquals(1, early.code());
        assertThat(early.err()).contains("not eligible", "0 of 10");
        DemoCommandTest.Run soul = run("policy", "signoff", "soul", "--by", "joel", "--reason", "ok", "--workspace", ws);
        assertEquals(1, soul.code());
        assertThat(soul.err()).contains("forbidden");
        assertEquals(2, run("policy", "signoff", "nanny", "--reason", "ok", "--workspace", ws).code()); // --by is required
        assertEquals(2, run("policy", "surfaces", "--simulate", "--days", "0", "--workspace", ws).code());

        JsonNode sim = json.readTree(run("policy", "surfaces", "--simulate", "--days", "30", "--workspace", ws, "--json")
                .out());
        assertThat(sim.get("simulated").asBoolean()).isTrue();
        assertThat(sim.get("surfaces").get(0).get("events").findValuesAsText("what")).containsExactly("applied", "demoted");
        assertThat(run("policy", "surfaces", "--simulate", "--workspace", ws).out()).contains("demoted → gated");
    }
}
