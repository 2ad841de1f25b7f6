package services.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RealShapes;
import testsupport.RealShapes.Story;

/**
 * Issue 36 item 7: the implementor preview injects the retro document the running system indexes (title
 * "Loop … retro — N passed, M failed"; summary, analysis, narrative, patterns; no story table), not the console's.
 */
class ImplementorSystemRetroTest {

    private static final String PROJECT = "/Users/joel/Code/joelhooks/joelclaw";

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private ImplementorRecall implementor;

    @BeforeEach
    void setUp() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        Files.writeString(dir.resolve("workspace.json"), "{\"vault\": \"vault\", \"skillsRepo\": \"repo\"}");
        Path retros = Files.createDirectories(dir.resolve("vault/system/retrospectives"));
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.createDirectories(dir.resolve("repo/skills"));
        Files.writeString(retros.resolve("loop-mwx1abc-q7r8s9.md"), RealShapes.retro("loop-mwx1abc-q7r8s9", PROJECT,
                "2026-10-30T10:00:00.000Z", List.of(
                        new Story("S1", "Wire the webhook signature verifier", true, false, 1, "codex"),
                        new Story("S2", "Backfill gateway telemetry spans", false, false, 3, "claude"),
                        new Story("S3", "Skip | me", false, true, 2, "pi")),
                "## Codebase Patterns\n- Inngest steps are named verb-noun and carry an idempotency key.",
                "- S2 failed because the telemetry exporter dropped spans on retry."));
        Files.writeString(retros.resolve("loop-other-0001.md"), RealShapes.retro("loop-other-0001", "/Users/joel/Code/other",
                "2026-10-31T10:00:00.000Z", List.of(new Story("S1", "Telemetry exporter retry", true, false, 1,
                        "codex")), "", "- The telemetry exporter retry needs a bounded queue to stay sane."));
        Workspace ws = Fixtures.loader().load(dir);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        implementor = new ImplementorRecall(index);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    @Test
    void theRetroInjectedIsTheSystemsDocument() {
        ImplementorRecall.Injection in = implementor.inject("Telemetry exporter retry", "spans", PROJECT);
        KnowledgeDoc retro = in.docs().stream().filter(d -> d.type().equals("retro")).findFirst().orElseThrow();
        assertEquals("Loop loop-mwx1abc-q7r8s9 retro — 1 passed, 1 failed", retro.title());
        assertEquals("Loop finished.\n\n- S2 failed because the telemetry exporter dropped spans on retry.\n\n"
                + "The loop ran overnight and mostly went well.\n\n## Codebase Patterns\n"
                + "- Inngest steps are named verb-noun and carry an idempotency key.", retro.content());
        assertThat(in.section()).startsWith("## System Context (from prior loops)\n\n### [")
                .contains("### [retro] Loop loop-mwx1abc-q7r8s9 retro — 1 passed, 1 failed\nLoop finished.")
                .doesNotContain("| id | title |", "Story Outcomes", "What Worked", "Retrospective ",
                        "loop-other-0001"); // filtered by project
        assertThat(in.docs()).allSatisfy(d -> assertThat(ImplementorRecall.TYPES).contains(d.type()));
    }

    @Test
    void aRetroThatMatchedOnlyThroughItsStoryTableIsNotInjected() {
        // "webhook signature verifier" is only in the story table, which the system's retro document leaves out
        ImplementorRecall.Injection in = implementor.inject("Wire the webhook signature verifier", "", PROJECT);
        assertThat(in.docs()).extracting(KnowledgeDoc::id).doesNotContain("retro:loop-mwx1abc-q7r8s9");
    }
}
