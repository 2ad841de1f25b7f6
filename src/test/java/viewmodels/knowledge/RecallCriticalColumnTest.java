package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.brain.SqliteCriticalSearch;
import services.knowledge.LuceneKnowledgeIndex;
import services.recall.RecallService;
import services.tasks.SynchronousTaskRunner;
import testsupport.CriticalDbFixture;
import testsupport.CriticalDbFixture.Doc;

/** Issue 36 item 8: the Recall preview says recall reads critical.db first, and shows that column when configured. */
class RecallCriticalColumnTest {

    private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;

    @BeforeEach
    void setUp() {
        index = new LuceneKnowledgeIndex(tmp.resolve("index"), 384);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    @Test
    void withoutCriticalDbTheNoteSaysWhereToPointIt() {
        RecallViewModel vm = new RecallViewModel(new RecallService(index), new SynchronousTaskRunner());
        assertThat(vm.eraProperty().get()).startsWith("Since July 2026 joelclaw recall and knowledge search read "
                + "critical.db first").contains("Set \"criticalDb\" in workspace.json")
                // the running fallback (packages/sdk typesense-recall.ts since 2026-07-17) reads observations and
                // brain_graph_nodes: the budget columns, over system_knowledge, are not what it returns
                .contains("observations and brain_graph_nodes").doesNotContain("preview the Typesense fallback");
        vm.questionProperty().set("files are truth");
        vm.preview();
        assertThat(vm.columns()).extracting(RecallViewModel.Column::budget).doesNotContain(RecallViewModel.CRITICAL);
    }

    @Test
    void theCriticalColumnShowsWhatRecallReturnsInOrder() throws Exception {
        Path db = new CriticalDbFixture().allSourcesOk(NOW.minusSeconds(3600)).builtAt(NOW.minusSeconds(7200))
                .add(Doc.of("brain_pages", "joelclaw:resources/decisions/files-are-truth-databases-are-projections.svx",
                        "decision", "Files are truth, databases are projections",
                        "The system of record is the filesystem.", "files:brain", NOW.getEpochSecond() - 100))
                .add(Doc.of("vault_notes", "notes/truth.md", "vault-note", "Notes", "files are where truth lives",
                        "files:vault", NOW.getEpochSecond() - 50))
                .write(Files.createDirectories(tmp.resolve("s")).resolve("critical.db"));
        RecallViewModel vm = new RecallViewModel(new RecallService(index), new SynchronousTaskRunner(),
                new SqliteCriticalSearch(db, Clock.fixed(NOW, ZoneOffset.UTC)));
        assertThat(vm.eraProperty().get()).contains("critical.db: " + db);
        vm.questionProperty().set("files are truth");
        vm.preview();
        assertEquals(RecallViewModel.CRITICAL, vm.columns().get(1).budget());
        RecallViewModel.Column c = vm.columns().get(1);
        assertThat(c.injectedIds()).containsExactly(
                "joelclaw:resources/decisions/files-are-truth-databases-are-projections.svx", "notes/truth.md");
        assertThat(c.heading()).contains("2 returned").contains("built 2 h ago").contains("— ok");
        assertThat(c.context()).startsWith("### [brain_pages · decision] Files are truth, databases are projections")
                .doesNotContain("<mark>");
    }

    @Test
    void aDegradedDatabaseSaysWhyBelowItsHitsAndKeepsItsHeadingShort() throws Exception {
        Path db = new CriticalDbFixture().allSourcesOk(NOW.minusSeconds(3600)).builtAt(NOW.minusSeconds(7200))
                .source("files:vault", 0, "unavailable", null)
                .source("files:brain", 516, "ok", NOW.minus(Duration.ofDays(97)))
                .add(Doc.of("brain_pages", "joelclaw:projects/x/keep-critical-db-fresh.svx", "step",
                        "Keep the Critical DB Fresh", "critical.db must not rot", "files:brain",
                        NOW.getEpochSecond() - 100))
                .write(Files.createDirectories(tmp.resolve("d")).resolve("critical.db"));
        RecallViewModel vm = new RecallViewModel(new RecallService(index), new SynchronousTaskRunner(),
                new SqliteCriticalSearch(db, Clock.fixed(NOW, ZoneOffset.UTC)));
        vm.questionProperty().set("critical db fresh");
        vm.preview();
        RecallViewModel.Column c = vm.columns().get(1);
        // the heading is a column's label: short, and the state in one word; what is wrong per source follows the hits
        assertThat(c.heading()).isEqualTo("critical.db — 1 returned of 1 match · built 2 h ago — degraded");
        assertThat(c.context()).startsWith("### [brain_pages · step] Keep the Critical DB Fresh")
                .contains("files:vault is unavailable").contains("files:brain is stale (newest document 97 days ago");
        assertThat(c.details()).contains("files:vault is unavailable");
    }

    @Test
    void aMissingDatabaseIsAColumnSayingWhy() {
        Path missing = tmp.resolve("gone/critical.db");
        RecallViewModel vm = new RecallViewModel(new RecallService(index), new SynchronousTaskRunner(),
                new SqliteCriticalSearch(missing, Clock.fixed(NOW, ZoneOffset.UTC)));
        vm.questionProperty().set("anything");
        vm.preview();
        RecallViewModel.Column c = vm.columns().get(1);
        assertEquals("critical.db — cannot be read", c.heading());
        assertThat(c.context()).startsWith("critical.db not found: " + missing);
    }
}
