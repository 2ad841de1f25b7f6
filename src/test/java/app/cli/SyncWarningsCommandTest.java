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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file with a warning that does not change is skipped by the next, incremental sync; its warning is still
 * reported (text and --json) until the file changes. On a real vault in a temp dir.
 */
class SyncWarningsCommandTest {

    @TempDir
    Path tmp;

    private static List<String> warnings(DemoCommandTest.Run r) throws Exception {
        assertEquals(0, r.code(), r.err());
        List<String> out = new ArrayList<>();
        for (JsonNode w : new ObjectMapper().readTree(r.out()).get("warnings")) {
            out.add(w.get("path").asText() + ": " + w.get("reason").asText());
        }
        return out;
    }

    @Test
    void anUnchangedFilesWarningsAreReportedAgainUntilItChanges() throws Exception {
        Path ws = tmp.resolve("ws");
        Path adrs = ws.resolve("vault/docs/decisions");
        Files.createDirectories(adrs);
        Files.createDirectories(ws.resolve("skills/skills"));
        Files.writeString(ws.resolve("workspace.json"), "{ \"name\": \"w\", \"vault\": \"vault\", \"skillsRepo\": \"skills\" }");
        Files.writeString(adrs.resolve("0001-odd-status.md"), "# ADR-0001: Odd status\n\nStatus: pondering\n\nBody.\n");
        Files.writeString(adrs.resolve("0002-fine.md"), "# ADR-0002: Fine\n\nStatus: accepted\n\nBody.\n");
        Files.writeString(adrs.resolve("0003-first.md"), "# ADR-0003: First\n\nStatus: accepted\n\nBody.\n");
        Files.writeString(adrs.resolve("0003-second.md"), "# ADR-0003: Second\n\nStatus: accepted\n\nBody.\n");
        String dir = ws.toString();

        List<String> first = warnings(run("sync", "--workspace", dir, "--no-embeddings", "--json"));
        assertThat(first).anySatisfy(w -> assertThat(w).startsWith("docs/decisions/0001-odd-status.md: unknown status"))
                .anySatisfy(w -> assertThat(w).startsWith("docs/decisions/0003-second.md: duplicate ADR number 0003"));

        DemoCommandTest.Run again = run("sync", "--workspace", dir, "--no-embeddings", "--json");
        JsonNode second = new ObjectMapper().readTree(again.out());
        assertThat(second.get("indexed").asInt()).as("nothing was read again").isZero();
        assertThat(warnings(again)).as("the same warnings, though both files were skipped").containsExactlyElementsOf(first);
        assertThat(run("sync", "--workspace", dir, "--no-embeddings").out())
                .contains("warning docs/decisions/0001-odd-status.md: unknown status \"pondering\"")
                .contains("warning docs/decisions/0003-second.md: duplicate ADR number 0003");

        // fixed: the warning goes with the change; the other file's stays
        Files.writeString(adrs.resolve("0001-odd-status.md"), "# ADR-0001: Odd status\n\nStatus: accepted\n\nBody.\n");
        List<String> fixed = warnings(run("sync", "--workspace", dir, "--no-embeddings", "--json"));
        assertThat(fixed).noneMatch(w -> w.startsWith("docs/decisions/0001-odd-status.md"))
                .anySatisfy(w -> assertThat(w).startsWith("docs/decisions/0003-second.md: duplicate ADR number 0003"));
        assertThat(warnings(run("sync", "--workspace", dir, "--no-embeddings", "--json"))).isEqualTo(fixed);
    }
}
