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
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import testsupport.Fixtures;
import services.tasks.ProgressSink;
import services.workspace.Workspace;

class RecallServiceTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private RecallService recall;

    @BeforeEach
    void setUp() {
        Workspace ws = Fixtures.loader().load(Fixtures.demoAt(tmp.resolve("d")));
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
    void budgetsFollowJoelclawRecallsPlan() {
        // resolveBudgetPlan: lean ×1.8 / inject 5 / no rewrite; balanced ×3 / 10 / rewrite; deep ×5 / 10 / rewrite;
        // fetch = min(max(ceil(min(limit,10) × m), min(limit,10) + 4), 60); inject = min(limit, maxInject, 10)
        assertThat(List.of(RecallBudget.LEAN.fetched(5), RecallBudget.BALANCED.fetched(5), RecallBudget.DEEP.fetched(5)))
                .containsExactly(9, 15, 25);
        assertThat(List.of(RecallBudget.LEAN.injected(5), RecallBudget.BALANCED.injected(5), RecallBudget.DEEP.injected(5)))
                .containsExactly(5, 5, 5);
        assertThat(List.of(RecallBudget.LEAN.fetched(10), RecallBudget.BALANCED.fetched(10), RecallBudget.DEEP.fetched(10)))
                .containsExactly(18, 30, 50);
        assertThat(List.of(RecallBudget.LEAN.injected(10), RecallBudget.BALANCED.injected(10), RecallBudget.DEEP.injected(10)))
                .containsExactly(5, 10, 10);
        assertThat(RecallBudget.DEEP.fetched(40)).isEqualTo(50); // the limit is capped at 10 first
        assertThat(RecallBudget.DEEP.injected(40)).isEqualTo(10);
        assertThat(RecallBudget.LEAN.fetched(1)).isEqualTo(5);
        assertThat(RecallBudget.LEAN.rewrite()).isFalse();
        assertThat(RecallBudget.BALANCED.rewrite()).isTrue();
        assertThat(RecallBudget.DEEP.rewrite()).isTrue();
    }

    @Test
    void budgetsInjectUpToTheirPlanFromEveryTypeAndRewriteWhereUpstreamDoes() {
        String question = "why do we commit approved skill changes to a review branch";
        RecallPreview lean = recall.preview(question, RecallBudget.LEAN);
        RecallPreview balanced = recall.preview(question, RecallBudget.BALANCED);
        RecallPreview deep10 = recall.preview(question, RecallBudget.DEEP, Map.of(),
                RecallBudget.DEEP.retrieval(), 10);
        assertThat(ids(lean)).contains("adr:0141"); // no budget restricts the types
        assertThat(lean.injected()).hasSizeLessThanOrEqualTo(5);
        assertThat(balanced.injected()).hasSizeLessThanOrEqualTo(5);
        assertThat(deep10.injected().size()).isGreaterThan(balanced.injected().size()).isLessThanOrEqualTo(10);
        assertEquals(question, lean.query());
        assertThat(balanced.query()).doesNotContain("why").contains("commit");
        // upstream does not rewrite short questions, quoted literals, identifiers or commands
        assertEquals("retry email", recall.preview("retry email", RecallBudget.DEEP).query());
        assertEquals("show failed targets for joelclaw",
                recall.preview("show failed targets for joelclaw", RecallBudget.BALANCED).query());
    }

    @Test
    void theRewritePolicyCanLeaveTheQuestionAsAsked() {
        String question = "why do we commit approved skill changes to a review branch";
        assertThat(recall.preview(question, RecallBudget.DEEP).query()).doesNotContain("why");
        RecallService asAsked = recall.withRewrite(RecallService.Rewrite.NONE);
        assertEquals(question, asAsked.preview(question, RecallBudget.DEEP).query());
        assertThat(asAsked.preview(question, RecallBudget.DEEP).contextBlock()).doesNotContain("query rewritten");
        assertThat(recall.withRewrite(RecallService.Rewrite.BOTH_HALVES).preview(question, RecallBudget.BALANCED).query())
                .doesNotContain("why").contains("commit");
    }

    @Test
    void rewriteIsSkippedWhereUpstreamSkipsIt() {
        // the cases of typesense-recall.test.ts
        assertEquals("skip.short_query", RecallBudget.rewriteSkipReason("hi"));
        assertEquals("skip.literal_query", RecallBudget.rewriteSkipReason("\"exact match\""));
        assertEquals("skip.direct_identifier", RecallBudget.rewriteSkipReason("packages/cli/src/foo.ts"));
        assertEquals("skip.command_like", RecallBudget.rewriteSkipReason("show me tasks"));
        assertEquals(null, RecallBudget.rewriteSkipReason(
                "How does the memory write gate decision flow work for long-running gateway sessions?"));
        assertEquals("skip.empty_query", RecallBudget.rewriteSkipReason("   "));
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
    void autoPicksDeepAsUpstreamDoes() {
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto("Add idempotency keys"));
        assertEquals(RecallBudget.DEEP, RecallBudget.auto("so why do loops stall?"));
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto("Why do loops stall?")); // upstream is case-sensitive
        assertEquals(RecallBudget.DEEP, RecallBudget.auto("retries and email"));
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto("retries, android email")); // " and " as a word
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto("Retries AND email"));
        String ninety = "x".repeat(90);
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto(ninety));
        assertEquals(RecallBudget.DEEP, RecallBudget.auto(ninety + "y"));
        // measured after trimming and collapsing white space, as upstream's normalizeQuery does
        assertEquals(RecallBudget.BALANCED, RecallBudget.auto("  " + "x".repeat(45) + "      " + "x".repeat(44) + "  "));
        assertEquals("auto-complex-query", RecallBudget.autoReason("retries and email"));
        assertEquals(RecallBudget.LEAN, RecallBudget.parse("Lean", "x"));
        assertEquals(RecallBudget.DEEP, RecallBudget.parse("auto", "why"));
    }

    @Test
    void aBrainNoteIsNotInjectedBesideTheRetroItRepeats() {
        String question = "flaky network tests quarantine loop";
        for (RecallBudget budget : RecallBudget.values()) {
            RecallPreview p = recall.preview(question, budget, Map.of(), budget.retrieval(), 10);
            List<String> loopsWithRetro = p.injected().stream().filter(h -> h.doc().type().equals("retro"))
                    .map(h -> h.doc().loopId()).toList();
            assertThat(p.injected()).noneMatch(h -> h.doc().type().equals("brain_note")
                    && loopsWithRetro.contains(h.doc().loopId()));
            assertThat(ids(p)).doesNotHaveDuplicates();
        }
    }

    @Test
    void extraFiltersNarrowAndATypeFilterReplacesTheBudgetsTypes() {
        RecallPreview p = recall.preview("idempotency", RecallBudget.LEAN, Map.of("type", List.of("adr")));
        assertThat(p.injected()).isNotEmpty().allMatch(h -> h.doc().type().equals("adr"));
    }

    @Test
    void theRetroTakesTheBetterPlaceOfItselfAndItsBrainNote() {
        KnowledgeDoc retro = new KnowledgeDoc("retro:loop-7", "retro",
                "Loop loop-7 retro — 3 passed, 1 failed", "Summary of the loop", "vault:system/retrospectives/loop-7.md",
                "/Users/joel/Code/x", "loop-7", null, null, List.of("retro", "loop"), 1L, null);
        KnowledgeDoc note = new KnowledgeDoc("brain:loop-7", "brain_note",
                "Brain note: loop loop-7", "# Loop loop-7\n\n## Summary\nSummary of the loop", null, "/Users/joel/Code/x",
                "loop-7", null, null, List.of("brain", "loop"), 1L, null);
        KnowledgeDoc otherNote = new KnowledgeDoc("brain:loop-8", "brain_note",
                "Brain note: loop loop-8", "# Loop loop-8", null, null, "loop-8", null, null, List.of(), 1L, null);
        KnowledgeDoc lesson = new KnowledgeDoc("lesson:loop-7:0", "lesson",
                "A lesson", "A lesson", null, null, "loop-7", null, null, List.of(), 1L, null);
        List<SearchResult.Hit> hits = List.of(new SearchResult.Hit(note, 3),
                new SearchResult.Hit(lesson, 2), new SearchResult.Hit(otherNote, 2),
                new SearchResult.Hit(retro, 1));
        assertThat(RecallService.withoutRepeatedBrainNotes(hits)).extracting(h -> h.doc().id())
                .containsExactly("retro:loop-7", "lesson:loop-7:0", "brain:loop-8", "retro:loop-7");
    }
}
