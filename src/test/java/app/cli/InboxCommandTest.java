package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code inbox} and {@code inbox --json}: the window's first screen on the command line — what waits for a person,
 * most urgent first, exit 0, a stable JSON document for a cron job or a status bar, one calm line when empty.
 */
class InboxCommandTest {

    @TempDir
    Path tmp;

    @Test
    void theDemosInboxAsTextAndAsStableJson() throws Exception {
        String ws = tmp.resolve("demo").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws, "--no-embeddings").code());

        DemoCommandTest.Run json = run("inbox", "--workspace", ws, "--json");
        assertEquals(0, json.code(), json.err());
        JsonNode inbox = new ObjectMapper().readTree(json.out());
        assertThat(inbox.get("count").asInt()).isPositive().isEqualTo(inbox.get("items").size());
        List<String> keys = new ArrayList<>();
        inbox.get("items").get(0).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("kind", "label", "what", "why", "since", "due", "section", "subject", "rank");
        int previous = -1;
        int perSection = 0;
        for (JsonNode item : inbox.get("items")) {
            assertThat(item.get("rank").asInt()).as("most urgent first").isGreaterThanOrEqualTo(previous);
            previous = item.get("rank").asInt();
            assertThat(item.get("label").asText()).as("words, not codes").doesNotContain("_");
            assertThat(item.get("what").asText()).doesNotContain("\n").isNotBlank();
        }
        for (var section : (Iterable<Map.Entry<String, JsonNode>>) inbox.get("sections")::fields) {
            perSection += section.getValue().asInt();
        }
        assertEquals(inbox.get("count").asInt(), perSection, "the sections' counts add up to the count");
        assertThat(inbox.get("sections").has("review")).as("the demo's pending proposals wait").isTrue();
        // the protected file (SOUL.md is protected by default) comes before every other proposal
        JsonNode firstProposal = null;
        for (JsonNode item : inbox.get("items")) {
            if (item.get("kind").asText().equals("proposal")) {
                firstProposal = item;
                break;
            }
        }
        assertThat(firstProposal).isNotNull();

        DemoCommandTest.Run text = run("inbox", "--workspace", ws);
        assertEquals(0, text.code(), text.err());
        assertThat(text.out()).contains("need you, most urgent first:").contains("\n- ");
        assertThat(text.out()).doesNotContain("failed_target", "brain_note");
    }

    @Test
    void anEmptyWorkspaceSaysNothingNeedsYou() throws Exception {
        Path ws = tmp.resolve("empty");
        Files.createDirectories(ws);
        Files.writeString(ws.resolve("workspace.json"), "{\"name\": \"empty\"}\n");
        DemoCommandTest.Run text = run("inbox", "--workspace", ws.toString());
        assertEquals(0, text.code(), text.err());
        assertEquals("Nothing needs you.", text.out().strip());
        JsonNode json = new ObjectMapper().readTree(run("inbox", "--workspace", ws.toString(), "--json").out());
        assertEquals(0, json.get("count").asInt());
        assertThat(json.get("items").isEmpty()).isTrue();
    }

    @Test
    void aMissingWorkspaceIsAUsageError() {
        DemoCommandTest.Run r = run("inbox", "--workspace", tmp.resolve("nowhere").toString());
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("nowhere");
    }
}
