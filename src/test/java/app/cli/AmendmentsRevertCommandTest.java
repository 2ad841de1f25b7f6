package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code amendments revert} with several ids: reverts what can be, names each one and what happened to it. */
class AmendmentsRevertCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
    }

    private String sha(JsonNode list, String id) {
        for (JsonNode a : list.get("amendments")) {
            if (a.get("id").asText().equals(id)) {
                return a.get("sha").asText();
            }
        }
        throw new AssertionError(id);
    }

    @Test
    void aMixedRequestRevertsTheAppliedOneAndNamesTheOneLeftOut() throws Exception {
        JsonNode list = json.readTree(run("amendments", "list", "--workspace", ws, "--json").out());
        String reverted = sha(list, "dream-2026-11-15-03");
        String applied = sha(list, "dream-2026-11-10-01");
        DemoCommandTest.Run revert = run("amendments", "revert", reverted, applied, "--by", "joel", "--workspace", ws);
        assertEquals(0, revert.code(), revert.err());
        assertThat(revert.out().lines().toList()).satisfiesExactly(
                l -> assertThat(l).startsWith("Reverted dream-2026-11-10-01 (" + applied.substring(0, 10) + " → ")
                        .endsWith(" on dream/applied, behaviour repo)"),
                l -> assertThat(l).startsWith("Not reverted: dream-2026-11-15-03 (" + reverted.substring(0, 10)
                        + ") — already reverted by "));
        JsonNode after = json.readTree(run("amendments", "list", "--status", "applied", "--workspace", ws, "--json").out());
        assertThat(after.get("amendments").findValuesAsText("id")).doesNotContain("dream-2026-11-10-01");

        // --json names each one too; asking for only those that cannot be reverted still refuses, exit 1
        DemoCommandTest.Run again = run("amendments", "revert", reverted, applied, "--by", "joel", "--workspace", ws,
                "--json");
        assertEquals(1, again.code());
        assertThat(again.err()).contains("Nothing was reverted: dream-2026-11-15-03 is already reverted by ")
                .contains("dream-2026-11-10-01 is already reverted by ");
    }

    @Test
    void theJsonListsTheRevertedAndTheLeftOut() throws Exception {
        JsonNode list = json.readTree(run("amendments", "list", "--workspace", ws, "--json").out());
        DemoCommandTest.Run revert = run("amendments", "revert", sha(list, "dream-2026-11-17-04"),
                sha(list, "dream-2026-11-13-02"), "--by", "joel", "--workspace", ws, "--json");
        assertEquals(0, revert.code(), revert.err());
        JsonNode out = json.readTree(revert.out());
        assertEquals("dream-2026-11-13-02", out.get("reverted").get(0).get("id").asText());
        assertEquals("dream-2026-11-17-04", out.get("leftOut").get(0).get("id").asText());
        assertThat(out.get("leftOut").get(0).get("why").asText()).startsWith("missing its commit (no commit ");
    }
}
