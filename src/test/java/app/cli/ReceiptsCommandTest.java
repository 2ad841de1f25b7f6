package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The last day's receipts of the trust dial in the inbox and the mise brief: what changed, why, which evidence. */
class ReceiptsCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theInboxAndTheBriefListWhatTheDialAppliedWhyAndFromWhichEvidence() throws Exception {
        Path ws = tmp.resolve("ws");
        assertEquals(0, run("demo", ws.toString()).code());
        JsonNode before = json.readTree(run("inbox", "--workspace", ws.toString(), "--json").out());
        assertThat(before.get("receipts")).isEmpty();
        assertThat(run("brief", "--workspace", ws.toString()).out())
                .contains("## Receipts of the trust dial (last day)", "None: the dial applied nothing by itself.");

        JsonNode r = json.readTree(run("policy", "run", "--workspace", ws.toString(), "--json").out());
        JsonNode applied = null;
        for (JsonNode o : r.get("outcomes")) {
            if (o.get("action").asText().equals("applied")) {
                applied = o;
            }
        }
        assertThat(applied).as("the demo has a change the dial applies").isNotNull();

        JsonNode inbox = json.readTree(run("inbox", "--workspace", ws.toString(), "--json").out());
        JsonNode receipt = inbox.get("receipts").get(0);
        assertThat(inbox.get("receipts").findValuesAsText("proposal")).contains(applied.get("id").asText());
        for (String field : new String[] {"proposal", "commit", "branch", "repo", "target", "surface", "reason", "by",
                "at", "revertedBy", "revertCommit"}) {
            assertThat(receipt.has(field)).as(field).isTrue();
        }
        assertThat(receipt.get("by").asText()).startsWith("policy:");
        assertThat(receipt.get("reason").asText()).isNotBlank();
        assertThat(inbox.get("count").asInt()).isEqualTo(inbox.get("items").size()); // receipts are not waiting items

        String text = run("inbox", "--workspace", ws.toString()).out();
        assertThat(text).contains("Applied by the trust dial in the last day:", applied.get("id").asText() + ", commit "
                + applied.get("commit").asText().substring(0, 10) + " by policy:");

        String brief = run("brief", "--workspace", ws.toString()).out();
        assertThat(brief).contains("## Receipts of the trust dial (last day)", applied.get("id").asText() + ", commit "
                + applied.get("commit").asText().substring(0, 10));
        JsonNode briefJson = json.readTree(run("brief", "--workspace", ws.toString(), "--json").out());
        assertThat(briefJson.get("receipts").findValuesAsText("proposal")).contains(applied.get("id").asText());
    }

    @Test
    void aReceiptRevertedByAFailedCheckSaysSo() throws Exception {
        Path ws = tmp.resolve("ws");
        assertEquals(0, run("demo", ws.toString()).code());
        Path file = ws.resolve("workspace.json");
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        ObjectNode policy = root.has("policy") ? (ObjectNode) root.get("policy") : root.putObject("policy");
        policy.set("checks", json.readTree("[{\"path\": \"**\", \"command\": [\"false\"], \"timeoutSeconds\": 10}]"));
        json.writeValue(file.toFile(), root);
        assertEquals(0, run("policy", "run", "--workspace", ws.toString()).code());
        JsonNode inbox = json.readTree(run("inbox", "--workspace", ws.toString(), "--json").out());
        assertThat(inbox.get("receipts").findValuesAsText("revertedBy")).contains("policy:check");
        assertThat(inbox.get("items").findValuesAsText("subject")).anyMatch(s -> s.endsWith("-held"));
        assertThat(run("inbox", "--workspace", ws.toString()).out()).contains("reverted by policy:check");
    }
}
