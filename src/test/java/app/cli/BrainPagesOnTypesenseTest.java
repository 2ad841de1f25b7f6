package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Secrets;
import services.workspace.WorkspaceFile;
import testsupport.BrainPages;
import testsupport.FakeTypesense;

/**
 * Brain pages and the running system's Typesense collection (HTTP level, a local fake server, not Typesense): a sync
 * reads and checks every page but no request writes or deletes one — not after a sync into the embedded index
 * either, whose pages the workspace's sync state remembers — and it says why in one line; {@code --copy-to
 * typesense} copies none.
 */
class BrainPagesOnTypesenseTest {

    private static final String COLLECTION = "/collections/system_knowledge";
    private static final String PAGE = "brain:joelclaw/";
    /** The running system's collection, as Typesense describes it (five documents of its own). */
    private static final String SCHEMA = """
            {"name": "system_knowledge", "num_documents": 5, "default_sorting_field": "created_at", "fields": [
              {"name": "id", "type": "string"}, {"name": "type", "type": "string", "facet": true},
              {"name": "title", "type": "string"}, {"name": "content", "type": "string"},
              {"name": "source", "type": "string", "optional": true},
              {"name": "project", "type": "string", "facet": true, "optional": true},
              {"name": "loop_id", "type": "string", "optional": true},
              {"name": "status", "type": "string", "facet": true, "optional": true},
              {"name": "score", "type": "int32", "optional": true},
              {"name": "tags", "type": "string[]", "facet": true, "optional": true},
              {"name": "created_at", "type": "int64"},
              {"name": "embedding", "type": "float[]", "optional": true, "num_dim": 384}]}
            """;

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    private Path workspace(FakeTypesense server) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        Path repo = BrainPages.copyRepo(tmp.resolve("code"));
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.writeString(dir.resolve("vault/docs/decisions/0001-keep-files.md"),
                "---\nstatus: accepted\n---\n# ADR-0001: Keep files as the truth\n\nFiles are the truth.\n");
        Files.createDirectories(dir.resolve("repo/skills"));
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"real\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"repo\", \"brain\": [\"" + repo + "\"]}");
        Secrets.writePrivate(dir.resolve("state/typesense.key"), "ts-key");
        server.always("GET", COLLECTION, 200, SCHEMA)
                .always("GET", COLLECTION + "/documents/search", 200, "{\"found\": 0, \"hits\": []}")
                .answer("POST", "/multi_search", r -> "{\"results\": [" + String.join(", ", Collections.nCopies(
                        r.body().split("\"collection\"", -1).length - 1, "{\"found\": 0, \"hits\": []}")) + "]}")
                .always("POST", "/collections", 201, "{\"name\": \"system_knowledge\"}")
                .answer("POST", COLLECTION + "/documents/import", FakeTypesense::importOk)
                .always("DELETE", COLLECTION + "/documents", 200, "{\"num_deleted\": 0}");
        return dir;
    }

    private static void useTypesense(Path dir, FakeTypesense server) {
        new WorkspaceFile(dir).update(root -> root.putObject("index").put("backend", "typesense")
                .put("apiKeyFile", "state/typesense.key").putArray("nodes").add(server.url()));
    }

    /** No request names a Brain page: no import line, no delete filter, no document path. */
    private static void noBrainPageWrittenOrDeleted(FakeTypesense server) {
        assertThat(server.requests()).allSatisfy(r -> {
            assertThat(r.body()).as(r.method() + " " + r.path()).doesNotContain("\"" + PAGE);
            assertThat(r.path()).doesNotContain(PAGE);
            assertThat(String.valueOf(r.query().get("filter_by"))).doesNotContain(PAGE);
        });
    }

    @Test
    void aSyncIntoTypesenseReadsTheBrainPagesAndWritesOrDeletesNone() throws Exception {
        try (FakeTypesense server = new FakeTypesense()) {
            Path dir = workspace(server);
            Files.writeString(dir.resolve("../code/joelclaw/.brain/projects/broken.svx"),
                    "---\ntitle: [unclosed\n---\n# Broken\n");
            useTypesense(dir, server);
            DemoCommandTest.Run sync = run("sync", "--workspace", dir.toString(), "--json", "--no-embeddings");
            assertEquals(0, sync.code(), sync.err());
            JsonNode result = json.readTree(sync.out());
            JsonNode withheld = result.get("brainPagesWithheld");
            assertThat(withheld.get("read").asInt()).isEqualTo(12);
            assertThat(withheld.get("index").asText()).isEqualTo("Typesense system_knowledge");
            assertThat(withheld.get("line").asText()).isEqualTo("Brain pages: 12 read, not written to Typesense "
                    + "system_knowledge — it is the running system's collection; open a workspace with the embedded "
                    + "index to browse them.");
            assertThat(result.get("errors").findValuesAsText("path")).containsExactly("joelclaw/.brain/projects/broken.svx");
            assertThat(server.requests("POST", COLLECTION + "/documents/import")).isNotEmpty()
                    .anySatisfy(r -> assertThat(r.body()).contains("\"adr:0001\""));
            noBrainPageWrittenOrDeleted(server);

            DemoCommandTest.Run text = run("sync", "--workspace", dir.toString(), "--no-embeddings");
            assertThat(text.out()).contains("Brain pages: 12 read, not written to Typesense system_knowledge — it is "
                    + "the running system's collection");
            noBrainPageWrittenOrDeleted(server);

            DemoCommandTest.Run era = run("sync", "--status", "--workspace", dir.toString(), "--json");
            assertThat(json.readTree(era.out()).get("era").get("newestBrainPage").asText()).startsWith("not written to "
                    + "Typesense system_knowledge — it is the running system's collection");
        }
    }

    @Test
    void theEmbeddedIndexStillGetsEveryBrainPage() throws Exception {
        try (FakeTypesense server = new FakeTypesense()) {
            Path dir = workspace(server);
            DemoCommandTest.Run sync = run("sync", "--workspace", dir.toString(), "--json", "--no-embeddings");
            assertEquals(0, sync.code(), sync.err());
            JsonNode result = json.readTree(sync.out());
            assertThat(result.get("brainPagesWithheld").isNull()).isTrue();
            assertThat(result.get("indexed").asInt()).isEqualTo(12); // 11 pages and the ADR
            DemoCommandTest.Run found = run("search", "Component Library", "--workspace", dir.toString(), "--json");
            assertThat(found.out()).contains("brain:joelclaw/resources/component-library");
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void switchingFromTheEmbeddedIndexDeletesNoBrainPageFromTypesense() throws Exception {
        try (FakeTypesense server = new FakeTypesense()) {
            Path dir = workspace(server);
            assertEquals(0, run("sync", "--workspace", dir.toString(), "--no-embeddings").code());
            // pages the embedded index holds, one of them gone now: the state remembers them all
            Files.delete(dir.resolve("../code/joelclaw/.brain/resources/component-library.svx"));
            useTypesense(dir, server);
            DemoCommandTest.Run sync = run("sync", "--workspace", dir.toString(), "--json", "--no-embeddings");
            assertEquals(0, sync.code(), sync.err());
            assertThat(json.readTree(sync.out()).get("brainPagesWithheld").get("read").asInt()).isEqualTo(10);
            noBrainPageWrittenOrDeleted(server);

            DemoCommandTest.Run copy = run("sync", "--copy-to", "typesense", "--workspace", dir.toString(), "--json");
            assertEquals(0, copy.code(), copy.err());
            JsonNode copied = json.readTree(copy.out());
            assertThat(copied.get("keptBrainPages").asInt()).isEqualTo(11);
            assertThat(copied.get("brainPagesNote").asText()).startsWith("Brain pages: 11 not copied to Typesense "
                    + "system_knowledge — it is the running system's collection");
            assertThat(copied.get("copied").asInt()).isPositive();
            noBrainPageWrittenOrDeleted(server);
        }
    }
}
