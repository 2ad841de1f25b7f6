package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Secrets;
import services.workspace.WorkspaceFile;
import testsupport.FakeTypesense;

/** {@code sync --copy-to typesense}: the embedded index into a Typesense collection (HTTP level, local fake server). */
@Tag("model") // its sync embeds the whole demo with the real model
class CopyToTypesenseCommandTest {

    @TempDir
    Path tmp;

    @Test
    void copiesEveryDocumentOfTheSystemsTypesInBatchesAndRefusesAnUnknownBackend() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
        try (FakeTypesense server = new FakeTypesense()) {
            server.always("POST", "/collections", 201, "{\"name\": \"system_knowledge\"}")
                    .answer("POST", "/collections/system_knowledge/documents/import", FakeTypesense::importOk);
            Secrets.writePrivate(Path.of(ws, "state/typesense.key"), "copy-key");
            new WorkspaceFile(Path.of(ws)).update(root -> root.putObject("index").put("backend", "lucene")
                    .put("apiKeyFile", "state/typesense.key").putArray("nodes").add(server.url()));
            DemoCommandTest.Run copy = run("sync", "--copy-to", "typesense", "--workspace", ws, "--json");
            assertEquals(0, copy.code(), copy.err());
            JsonNode result = new ObjectMapper().readTree(copy.out());
            // everything but the demo's brain notes, the console's own type, which stay out of the running system's
            // collection (RunningSystemTypes) and are counted as kept
            assertThat(result.get("keptBrainPages").asInt()).isEqualTo(10);
            assertThat(result.get("copied").asInt() + result.get("keptBrainPages").asInt())
                    .isEqualTo(result.get("source").asInt());
            assertThat(result.get("copied").asInt()).isGreaterThan(100);
            long lines = server.requests("POST", "/collections/system_knowledge/documents/import").stream()
                    .mapToLong(r -> r.body().lines().count()).sum();
            assertThat(lines).isEqualTo(result.get("copied").asLong());
            assertThat(server.requests()).allSatisfy(r -> assertThat(r.apiKey()).isEqualTo("copy-key"));
        }
        DemoCommandTest.Run bad = run("sync", "--copy-to", "elastic", "--workspace", ws);
        assertEquals(2, bad.code());
        assertThat(bad.err()).contains("Invalid value for option '--copy-to': \"elastic\" is not an index backend; use one "
                + "of lucene, typesense.");
    }
}
