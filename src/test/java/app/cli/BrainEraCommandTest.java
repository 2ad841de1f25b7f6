package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.BrainPages;
import testsupport.CriticalDbFixture;
import testsupport.CriticalDbFixture.Doc;

/** {@code search --budget critical} and {@code sync --status} over real Brain pages and a critical.db. */
@Tag("model") // its sync embeds the whole demo with the real model
class BrainEraCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private Path db;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void setUp() throws Exception {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        Path repo = BrainPages.copyRepo(tmp.resolve("code"));
        db = tmp.resolve("search/critical.db");
        Files.createDirectories(db.getParent());
        Instant now = Instant.now();
        new CriticalDbFixture().allSourcesOk(now.minusSeconds(3600)).builtAt(now.minusSeconds(1800))
                .add(Doc.of("brain_pages", "joelclaw:resources/decisions/files-are-truth-databases-are-projections.svx",
                        "decision", "Files are truth, databases are projections",
                        "The system of record for Brain content is the filesystem.", "files:brain",
                        now.getEpochSecond() - 100))
                .add(Doc.of("system_knowledge", "adr:0247", "adr", "Typesense reboot recovery",
                        "Databases hold projections of files.", "files:knowledge", now.getEpochSecond() - 1000))
                .write(db);
        Path file = Path.of(ws, "workspace.json");
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        ArrayNode brain = root.putArray("brain");
        brain.add(repo.toString());
        root.put("criticalDb", db.toString());
        json.writeValue(file.toFile(), root);
    }

    @Test
    void budgetCriticalShowsWhatRecallReturnsFromCriticalDb() throws Exception {
        DemoCommandTest.Run r = run("search", "--workspace", ws, "--budget", "critical", "--json", "files", "databases");
        assertEquals(0, r.code(), r.err());
        JsonNode out = json.readTree(r.out());
        assertEquals("critical", out.get("budget").asText());
        assertEquals("\"files\" OR \"databases\"", out.get("match").asText());
        assertThat(out.get("injected").findValuesAsText("")).isEmpty();
        assertThat(out.get("injected").get(0).asText())
                .isEqualTo("joelclaw:resources/decisions/files-are-truth-databases-are-projections.svx");
        assertEquals(2, out.get("injected").size());
        assertEquals("ok", out.get("freshness").get("status").asText());
        assertEquals("fresh", out.get("freshness").get("sources").get("files:brain").get("freshness").asText());

        DemoCommandTest.Run human = run("search", "--workspace", ws, "--budget", "critical", "files");
        assertThat(human.out()).startsWith("joelclaw recall reads critical.db first: " + db)
                .contains("MATCH \"files\"");
    }

    @Test
    void aMissingCriticalDbIsSaidWithItsPath() throws Exception {
        Files.delete(db);
        DemoCommandTest.Run r = run("search", "--workspace", ws, "--budget", "critical", "files");
        assertEquals(1, r.code());
        assertThat(r.err()).contains("critical.db not found: " + db).doesNotContain("Exception");
    }

    @Test
    void syncStatusSaysWhichEraEachSourceIsFrom() throws Exception {
        assertEquals(0, run("sync", "--workspace", ws).code());
        DemoCommandTest.Run r = run("sync", "--status", "--workspace", ws, "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode era = json.readTree(r.out()).get("era");
        assertThat(era.get("lastAdr").asText()).matches("\\d{4}");
        assertEquals(11, era.get("brainPages").asInt());
        assertThat(era.get("newestBrainPage").asText()).contains("newest Review Receipts on the Surface (2026-08-20)");
        assertEquals("ok", era.get("criticalDbStatus").asText());
        String human = run("sync", "--status", "--workspace", ws).out();
        assertThat(human).contains("Vault ADRs: last ADR").contains("Brain pages: 11 indexed")
                .contains("critical.db: built 30 min ago");
    }
}
