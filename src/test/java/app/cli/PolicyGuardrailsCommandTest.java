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

/** {@code policy run} and {@code policy show} with the run's cap and a post-apply check, as text and --json. */
class PolicyGuardrailsCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    private void policy(Path ws, String key, String value) throws Exception {
        Path file = ws.resolve("workspace.json");
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        ObjectNode policy = root.has("policy") ? (ObjectNode) root.get("policy") : root.putObject("policy");
        policy.set(key, json.readTree(value));
        json.writeValue(file.toFile(), root);
    }

    @Test
    void runJsonSaysHowManyWaitedForTheCapAndWhatEachCheckDid() throws Exception {
        Path ws = tmp.resolve("ws");
        assertEquals(0, run("demo", ws.toString()).code());
        policy(ws, "autoPerRun", "0");
        JsonNode capped = json.readTree(run("policy", "run", "--workspace", ws.toString(), "--json").out());
        assertEquals(0, capped.get("autoPerRun").asInt());
        int eligible = capped.get("capped").asInt();
        assertThat(eligible).isPositive();
        assertThat(capped.get("outcomes").findValuesAsText("reason")).anyMatch(r -> r.contains("policy.autoPerRun"));
        assertThat(capped.get("checks").isArray()).isTrue();

        policy(ws, "autoPerRun", "1");
        policy(ws, "checks", "[{\"name\": \"everything parses\", \"path\": \"**\", \"command\": [\"sh\", \"-c\", "
                + "\"echo 'token redis://u:S3cr3t@host/0'; echo line one; printf 'bad\\\\033[31m end'; exit 4\"], "
                + "\"timeoutSeconds\": 20}]");
        DemoCommandTest.Run text = run("policy", "run", "--workspace", ws.toString());
        assertEquals(0, text.code(), text.err());
        assertThat(text.out()).contains("reverted after a failed check", "check everything parses on ", "FAILED (exit 4)",
                "output: bad\\u001B[31m end").doesNotContain("S3cr3t").doesNotContain("\u001B");
        assertThat(text.out()).contains((eligible - 1) + " of them because of the cap of 1 per run");

        policy(ws, "checks", "[{\"path\": \"**\", \"command\": [\"true\"]}]");
        JsonNode r = json.readTree(run("policy", "run", "--workspace", ws.toString(), "--json").out());
        assertEquals(1, r.get("autoPerRun").asInt());
        JsonNode check = r.get("checks").get(0);
        for (String field : new String[] {"id", "check", "passed", "timedOut", "exitCode", "ending", "millis", "output",
                "revertCommit", "heldAs", "problem"}) {
            assertThat(check.has(field)).as(field).isTrue();
        }
        assertThat(check.get("passed").asBoolean()).isTrue();
        assertThat(r.get("outcomes").findValuesAsText("action")).contains("applied");
        assertThat(Files.readString(ws.resolve("state/decisions.jsonl"))).contains("\"automatic\":true",
                "\"by\":\"policy:check\"").doesNotContain("S3cr3t");
    }

    @Test
    void showListsTheCapAndTheChecksWithoutTheirArguments() throws Exception {
        Path ws = tmp.resolve("ws");
        assertEquals(0, run("demo", ws.toString()).code());
        policy(ws, "checks", "[{\"path\": \"rules/*.md\", \"command\": [\"sh\", \"-c\", \"TOKEN=abc123 make\"]}]");
        DemoCommandTest.Run shown = run("policy", "show", "--workspace", ws.toString());
        assertThat(shown.out()).contains("at most 2 change(s) applied by one run", "check rules/*.md: sh …")
                .doesNotContain("abc123");
        JsonNode show = json.readTree(run("policy", "show", "--workspace", ws.toString(), "--json").out());
        assertEquals(2, show.get("autoPerRun").asInt());
        assertEquals("sh", show.get("checks").get(0).get("program").asText());
        assertThat(show.toString()).doesNotContain("abc123");

        policy(ws, "autoPerRun", "101");
        DemoCommandTest.Run bad = run("policy", "run", "--workspace", ws.toString());
        assertEquals(1, bad.code());
        assertThat(bad.out() + bad.err()).contains("\"policy.autoPerRun\"", "from 0 to 100");
    }
}
