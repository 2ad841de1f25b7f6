package services.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import testsupport.Fixtures;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import services.workspace.WorkspaceLoader;

class RecallServiceTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private RecallService recall;

    @BeforeEach
    void setUp() {
        Workspace ws = new WorkspaceLoader().load(new DemoWorkspace(Fixtures.CLOCK).write(tmp.resolve("d")).dir());
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        recall = new RecallService(index);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private static List<String> ids(RecallPreview p) {
        return p.injected().stream().map(h -> h.doc().id()).toList();
    }

    @Test
    void budgetsReallyDifferInTypesDepthAndCap() {
        String question = "why do we commit approved skill changes to a review branch";
        RecallPreview lean = recall.preview(question, RecallBudget.LEAN);
        RecallPreview balanced = recall.preview(question, RecallBudget.BALANCED);
        RecallPreview deep = recall.preview(question, RecallBudget.DEEP);
        assertThat(lean.injected()).allMatch(h -> List.of("lesson", "pattern", "failed_target").contains(h.doc().type()));
        assertThat(ids(lean)).doesNotContain("adr:0141");
        assertThat(ids(balanced)).contains("adr:0141");
        assertThat(ids(deep)).contains("adr:0141");
        assertThat(lean.injected()).hasSizeLessThanOrEqualTo(3);
        assertThat(balanced.injected()).hasSizeLessThanOrEqualTo(5);
        assertThat(deep.injected().size()).isGreaterThan(balanced.injected().size());
        assertThat(deep.query()).doesNotContain("why").contains("commit");
        assertEquals(question, balanced.query());
    }

    @Test
    void theContextBlockIsWhatAnAgentGets() {
        RecallPreview p = recall.preview("idempotency key for email steps", RecallBudget.LEAN);
        assertThat(p.contextBlock()).startsWith("## System Context\n")
                .contains("**[lesson] Every step that sends email must carry an idempotency key");
        assertThat(recall.preview("zzzz qqqq", RecallBudget.LEAN).contextBlock())
                .contains("No relevant system knowledge was found.");
    }

    @Test
    void theSameLessonLearnedInSeveralLoopsIsInjectedOnce() {
        RecallPreview deep = recall.preview("stories that edit more than five files fail twice", RecallBudget.DEEP);
        long copies = deep.injected().stream().filter(h -> h.doc().content().startsWith("Stories that edit more than five")).count();
        assertEquals(1, copies);
    }

    @Test
    void autoPicksDeepForLongOrWhyOrAndQuestions() {
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto("Add idempotency keys"));
        assertEquals(RecallBudget.DEEP, RecallBudget.auto("Why do loops stall?"));
        assertEquals(RecallBudget.DEEP, RecallBudget.auto("retries and email"));
        assertEquals(RecallBudget.DEEP, RecallBudget.auto("one two three four five six seven eight nine ten eleven twelve thirteen"));
        assertEquals(RecallBudget.LEAN, RecallBudget.parse("Lean", "x"));
    }

    @Test
    void extraFiltersNarrowAndATypeFilterReplacesTheBudgetsTypes() {
        RecallPreview p = recall.preview("idempotency", RecallBudget.LEAN, Map.of("type", List.of("adr")));
        assertThat(p.injected()).isNotEmpty().allMatch(h -> h.doc().type().equals("adr"));
    }
}
