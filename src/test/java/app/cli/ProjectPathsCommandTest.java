package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Every real project is an absolute path (running-system.md part 10): `failed list`, its --json and the brief show
 * it as written — never {@code \/Users\/joel/…} — and the path typed as written finds it.
 */
@Tag("model") // its sync embeds the whole demo with the real model
class ProjectPathsCommandTest {

    static final String PROJECT = "/Users/joel/Code/joelhooks/joelclaw";

    @TempDir
    Path tmp;

    @Test
    void anAbsoluteProjectPathIsShownAndTypedAsWritten() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
        Workspace w = Fixtures.loader().load(Path.of(ws));
        long now = Instant.now().getEpochSecond();
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(w.indexDir(), 384)) {
            // as retro.ts writes a failed story: id failed_target:<loopId>:<storyId>, the PRD's project path
            index.upsert(List.of(new KnowledgeDoc("failed_target:loop-mgs8chkw-x1:US-004", "failed_target",
                    "Failed: Wire the OTEL outbox drain", "Story US-004 failed after 3 attempt(s) with codex. Loop: "
                    + "loop-mgs8chkw-x1, Project: " + PROJECT, "loop", PROJECT, "loop-mgs8chkw-x1", null, null,
                    List.of("failed_target", "loop"), now, null)));
            index.flush();
        }
        String key = PROJECT + "/US-004";

        DemoCommandTest.Run text = run("failed", "list", "--workspace", ws);
        assertEquals(0, text.code(), text.err());
        assertThat(text.out()).contains("  " + key + " ").doesNotContain("\\/");

        DemoCommandTest.Run json = run("failed", "list", "--workspace", ws, "--json");
        assertThat(json.out()).doesNotContain("\\/").doesNotContain("\\\\/");
        JsonNode found = null;
        for (JsonNode t : new ObjectMapper().readTree(json.out()).get("targets")) {
            if (t.get("project").asText().equals(PROJECT)) {
                found = t;
            }
        }
        assertThat(found).isNotNull();
        assertThat(found.get("key").asText()).isEqualTo(key);

        DemoCommandTest.Run only = run("failed", "list", "--project", PROJECT, "--workspace", ws);
        assertThat(only.out()).startsWith("1 failed target").contains(key);
        assertThat(only.err()).doesNotContain("no failed target");

        DemoCommandTest.Run brief = run("brief", "--workspace", ws);
        assertThat(brief.out()).contains("- " + key + " — ").doesNotContain("\\/");
        assertThat(run("brief", "--workspace", ws, "--json").out()).doesNotContain("\\/");

        DemoCommandTest.Run clear = run("failed", "clear", key, "--reason", "Fixed upstream.", "--by", "joel",
                "--workspace", ws);
        assertEquals(0, clear.code(), clear.err());
        assertThat(clear.out()).startsWith(key + ": ");
        assertThat(run("failed", "list", "--project", PROJECT, "--workspace", ws).out()).startsWith("0 failed targets");
    }
}
