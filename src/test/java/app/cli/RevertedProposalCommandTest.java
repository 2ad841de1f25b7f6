package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import services.workspace.WorkspaceFile;
import org.junit.jupiter.api.io.TempDir;

/** A supervised approval reverted by a person: 'proposals show' and 'proposals list' say reverted, by whom and why. */
class RevertedProposalCommandTest {

    @TempDir
    Path tmp;

    @Test
    void proposalsShowTellsWhoRevertedASupervisedApprovalAndWhy() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        // every eligible demo change in one policy run (the run's cap has its own tests)
        new WorkspaceFile(Path.of(ws)).update(root -> root.with("policy").put("autoPerRun", 100));
        DemoCommandTest.Run applied = run("policy", "run", "--workspace", ws);
        assertEquals(0, applied.code(), applied.err());
        assertThat(applied.out()).contains("dream-2026-11-20-03: applied (supervised)");
        DemoCommandTest.Run reverted = run("policy", "revert", "dream-2026-11-20-03", "--by", "joel", "--why",
                "too broad", "--workspace", ws);
        assertEquals(0, reverted.code(), reverted.err());

        DemoCommandTest.Run shown = run("proposals", "show", "dream-2026-11-20-03", "--workspace", ws);
        assertEquals(0, shown.code(), shown.err());
        assertThat(shown.out()).contains("\nreverted · dream · new rule · risk medium\n", "decided: reverted by joel at ", "reason: too broad",
                "Approved by policy:supervised");
        JsonNode json = new ObjectMapper().readTree(run("proposals", "show", "dream-2026-11-20-03", "--workspace", ws,
                "--json").out());
        assertEquals("reverted", json.get("status").asText());
        assertEquals("reverted", json.get("decision").get("status").asText());
        assertEquals("joel", json.get("decision").get("by").asText());
        assertEquals("too broad", json.get("decision").get("reason").asText());
        JsonNode list = new ObjectMapper().readTree(run("proposals", "list", "--status", "reverted", "--workspace", ws,
                "--json").out());
        assertThat(list.findValuesAsText("id")).containsExactly("dream-2026-11-20-03");
    }
}
