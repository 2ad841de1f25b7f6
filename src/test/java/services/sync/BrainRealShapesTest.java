package services.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.BrainPages;
import testsupport.Fixtures;

/**
 * The sync over more real Brain pages of other shapes ({@code src/test/resources/brain-shapes}, copied unchanged from
 * joelhooks/joelclaw 46c21139): a key written twice with one value, pages three folders deep, an empty page, the
 * root index with no frontmatter, a page whose own type is {@code decision}, unquoted frontmatter.
 */
class BrainRealShapesTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private VaultSync sync;
    private Path repo;

    @BeforeEach
    void setUp() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        repo = BrainPages.copyRepo(tmp.resolve("code"), "/brain-shapes/joelclaw");
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"brain\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"repo\", \"brain\": [\"" + repo + "\"]}");
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.createDirectories(dir.resolve("repo/skills"));
        Workspace ws = Fixtures.loader().load(dir);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        sync = new VaultSync(ws, index, Fixtures.CLOCK);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private SyncResult run() {
        return sync.run(SyncOptions.all(), ProgressSink.NONE);
    }

    private KnowledgeDoc doc(String id) {
        return index.get(id).orElseThrow(() -> new AssertionError("no document " + id));
    }

    private static long day(int month, int day) {
        return LocalDate.of(2026, month, day).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    }

    @Test
    void aRealPageThatWritesOneKeyTwiceWithTheSameValueIsIndexed() {
        SyncResult result = run();
        assertThat(result.errors()).isEmpty();
        KnowledgeDoc bench = doc("brain:joelclaw/projects/recall-consumption/bench-recall-quality");
        assertEquals("Bench Recall Quality (brainbench consumption leg)", bench.title());
        assertEquals("brain_page", bench.type());
        assertEquals("closed", bench.status());
        assertEquals(day(7, 13), bench.createdAt());
    }

    @Test
    void aKeyWrittenTwiceWithDifferentValuesIsReportedNamingTheKey() throws Exception {
        Path page = repo.resolve(".brain/projects/recall-consumption/bench-recall-quality.svx");
        String text = Files.readString(page);
        int second = text.lastIndexOf("closed_at: \"2026-07-13\"");
        Files.writeString(page, text.substring(0, second) + "closed_at: \"2026-07-14\""
                + text.substring(second + "closed_at: \"2026-07-13\"".length()));
        Files.writeString(repo.resolve(".brain/projects/nested-twice.svx"),
                "---\ntitle: Nested\nreview:\n  by: joel\n  by: joel\n---\n# Nested\n");
        SyncResult result = run();
        assertThat(result.errors()).extracting(FileIssue::path).containsExactlyInAnyOrder(
                "joelclaw/.brain/projects/recall-consumption/bench-recall-quality.svx",
                "joelclaw/.brain/projects/nested-twice.svx");
        assertThat(result.errors()).filteredOn(e -> e.path().endsWith("bench-recall-quality.svx"))
                .singleElement().satisfies(e -> assertThat(e.reason()).contains("'closed_at'")
                        .contains("twice with different values").contains("line 12"));
        assertThat(index.get("brain:joelclaw/projects/recall-consumption/bench-recall-quality")).isEmpty();
        assertThat(index.get("brain:joelclaw/index")).isPresent();
    }

    @Test
    void pagesOfEveryFolderDepthAndShapeGetTheirIdsAndTypes() {
        SyncResult result = run();
        assertThat(result.errors()).isEmpty();
        KnowledgeDoc deep = doc("brain:joelclaw/projects/video-pipeline/docs/e2e-mux-manual-run-2026-07-13");
        assertEquals("E2E receipt: manual agent-driven Mux publish run", deep.title());
        assertThat(deep.tags()).contains("brain-type:asset");
        KnowledgeDoc empty = doc("brain:joelclaw/projects/video-pipeline/docs/course-builder-video-yoink-audit");
        assertEquals("course-builder-video-yoink-audit", empty.title());
        assertEquals("Project Brain", doc("brain:joelclaw/index").title());
        assertEquals("Architecture", doc("brain:joelclaw/areas/architecture").title());

        KnowledgeDoc ownType = doc("brain:joelclaw/projects/messaging-stabilization/design-button-native-interactions");
        assertEquals("brain_page", ownType.type()); // not decide-*, not under resources/decisions
        assertThat(ownType.tags()).contains("brain-type:decision", "private");
        assertEquals("decision", doc("brain:joelclaw/projects/typesense-reboot-recovery/decide-availability-shape")
                .type());
        assertEquals("decision", doc("brain:joelclaw/resources/decisions/agentic-memory-system-vision").type());
        assertEquals("decision", doc("brain:joelclaw/resources/decisions/agentic-memory-system-vision").type());

        KnowledgeDoc data = doc("brain:joelclaw/data/telegram-signal-research/report-journal");
        assertThat(data.tags()).contains("private", "brain-type:reference");
        KnowledgeDoc task = doc("brain:joelclaw/tasks/telegram-flow-audit");
        assertThat(task.tags()).contains("private", "brain-type:task");
        assertEquals("deployed-verified", task.status());
        assertEquals(day(7, 15), task.createdAt());
    }
}
