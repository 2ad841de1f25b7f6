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
        // a proposal Review refuses (its target climbs out of the repository) never reads as waiting for a decision
        for (JsonNode item : inbox.get("items")) {
            if (item.get("what").asText().contains("etc/passwd")) {
                assertThat(item.get("what").asText()).startsWith("Blocked proposal");
                assertThat(item.get("why").asText()).doesNotContain("waiting for a decision");
            }
        }

        DemoCommandTest.Run text = run("inbox", "--workspace", ws);
        assertEquals(0, text.code(), text.err());
        assertThat(text.out()).contains("need you, most urgent first:").contains("\n- ");
        assertThat(text.out()).doesNotContain("failed_target", "brain_note");
    }

    @Test
    void aDecidedProposalWhoseFileAnAgentRewroteIsListedTampered() throws Exception {
        String ws = tmp.resolve("demo").toString();
        assertEquals(0, run("demo", ws).code());
        JsonNode listed = new ObjectMapper().readTree(run("proposals", "list", "--workspace", ws, "--json").out());
        String id = null;
        Path file = null;
        for (JsonNode p : listed) {
            if ("pending".equals(p.path("status").asText()) && p.path("approvable").asBoolean()) {
                id = p.path("id").asText();
                file = Path.of(p.path("file").asText());
                break;
            }
        }
        assertThat(id).as("a pending proposal in the demo").isNotNull();
        assertEquals(0, run("proposals", "reject", id, "--reason", "Not now.", "--by", "joel", "--workspace", ws).code());
        assertThat(Files.readString(file)).contains("status: rejected");
        Files.writeString(file, Files.readString(file).replaceFirst("status: rejected", "status: pending"));

        JsonNode inbox = new ObjectMapper().readTree(run("inbox", "--workspace", ws, "--json").out());
        boolean tampered = false;
        for (JsonNode item : inbox.get("items")) {
            tampered |= item.get("subject").asText().equals(id) && item.get("what").asText().startsWith("Tampered");
            assertThat(item.get("subject").asText().equals(id) && item.get("why").asText().contains("waiting"))
                    .as("a decided id never waits again").isFalse();
        }
        assertThat(tampered).isTrue();
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
