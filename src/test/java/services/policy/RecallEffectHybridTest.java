package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.EmbeddingCache;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.reach.Loop;
import services.reach.LoopHistory;
import services.reach.LoopPrds;
import services.recall.RecallBudget;
import services.recall.RecallService;
import services.review.PlannedChange;
import services.review.ProposalWriter;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.SyncedDocuments;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The effect on recall with semantic search on: the overlay embeds the changed skill (into the cache only) and
 * answers balanced and deep — keyword and meaning fused — exactly as the index does after really syncing and
 * embedding the change into a copy of it. The real model, the demo vault (a few dozen documents).
 */
@Tag("model")
class RecallEffectHybridTest {

    private static MiniLmEmbeddingModel model;
    /** The vector cache, shared by the tests: the demo is embedded once (a cached vector is the same vector). */
    @TempDir
    static Path shared;

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeAll
    static void loadModel() {
        model = new MiniLmEmbeddingModel();
    }

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        try (HybridKnowledgeIndex index = open(ws.indexDir(), cacheDir())) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            new EmbeddingBackfill(index, index.embeddings(), new BackfillState(tmp.resolve("state")), Telemetry.noop())
                    .run(ProgressSink.NONE);
            assertThat(index.semanticReady()).isTrue();
        }
        review = new ReviewService(ws, Fixtures.CLOCK);
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "dream-dev-servers.md", "dream-dev-servers",
                "PROPOSE_SKILL", "skills", "skills/dev-servers/SKILL.md", "none", List.of("session:s1"),
                RecallEffectTest.NEW_SKILL);
    }

    private static Path cacheDir() {
        return shared.resolve("cache");
    }

    private static HybridKnowledgeIndex open(Path dir, Path cache) {
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(cache, model.name(), model.dimensions()), null,
                MiniLmEmbeddingModel.MAX_CHARS);
        return new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir, 384), embeddings);
    }

    @Test
    void withSemanticOnEveryBudgetIsReplayedAndTheIndexIsNotWritten() throws Exception {
        Map<String, String> files = RecallEffectTest.files(ws.indexDir());
        RecallEffect.Effect e = new RecallEffect(ws, () -> open(ws.indexDir(), cacheDir()), () -> LoopPrds.NONE,
                Fixtures.CLOCK).of(review.find("dream-dev-servers").change(), 30);
        assertEquals(RecallEffect.BUDGETS, e.budgets());
        assertNull(e.notReplayed());
        assertThat(e.changes()).anySatisfy(c -> assertEquals("balanced", c.budget()))
                .anySatisfy(c -> assertEquals("deep", c.budget()))
                .noneSatisfy(c -> assertEquals("implementor", c.budget()));
        assertThat(e.changes()).filteredOn(c -> c.budget().equals("deep"))
                .anySatisfy(c -> assertThat(c.in()).contains("skill:dev-servers"));
        assertThat(e.summary()).contains("(implementor 0, lean " + e.changed("lean") + ", balanced "
                + e.changed("balanced") + ", deep " + e.changed("deep") + ")").doesNotContain("not replayed");
        assertEquals(files, RecallEffectTest.files(ws.indexDir()), "the index folder is untouched");
        try (KnowledgeIndex index = open(ws.indexDir(), cacheDir())) {
            assertThat(index.get("skill:dev-servers")).isEmpty();
        }
    }

    @Test
    void withSemanticOffOnlyTheImplementorAndLeanAreReplayedAndItSaysWhy() {
        RecallEffect.Effect e = new RecallEffect(ws, () -> new HybridKnowledgeIndex(new LuceneKnowledgeIndex(
                ws.indexDir(), 384), Embeddings.disabled("turned off in workspace.json.")), () -> LoopPrds.NONE,
                Fixtures.CLOCK).of(review.find("dream-dev-servers").change(), 30);
        assertEquals(RecallEffect.KEYWORD_BUDGETS, e.budgets());
        assertThat(e.notReplayed()).contains("semantic search is off", "turned off in workspace.json");
        assertThat(e.changes()).allSatisfy(c -> assertEquals("lean", c.budget()));
        assertThat(e.summary()).contains("(implementor 0, lean " + e.changed("lean") + "); balanced and deep not "
                + "replayed: semantic search is off");
    }

    @Test
    void theHybridOverlayRanksExactlyAsTheIndexAfterReallySyncingAndEmbeddingANewSkill() throws Exception {
        assertSameAsARealSync(review.find("dream-dev-servers").change());
    }

    @Test
    void theHybridOverlayRanksExactlyAsTheIndexAfterReallySyncingAndEmbeddingAChangedSkill() throws Exception {
        assertSameAsARealSync(review.find("sp-2026-11-18-loop-nanny-01").change());
    }

    private void assertSameAsARealSync(PlannedChange change) throws Exception {
        Path copy = tmp.resolve("copy").resolve("index");
        RecallEffectTest.copyTree(ws.indexDir(), copy);
        SyncedDocuments.Change docs = SyncedDocuments.of(ws, change.repo(), change.path(), change.after(),
                Fixtures.CLOCK.instant().getEpochSecond());
        List<String> questions = new ArrayList<>();
        for (Loop loop : new LoopHistory(ws.retrosDir(), LoopPrds.NONE).load(Instant.EPOCH,
                Fixtures.CLOCK.instant()).loops()) {
            loop.stories().forEach(s -> questions.add(s.title()));
        }
        questions.add("how do I stop the servers a story left running");
        questions.add("what keeps a stalled loop from holding a port");
        Map<String, String> files = RecallEffectTest.files(ws.indexDir());
        List<String> overlaid;
        try (HybridKnowledgeIndex index = open(ws.indexDir(), cacheDir());
             KnowledgeIndex overlay = index.overlay(docs.upserts(), docs.deleted()).orElseThrow()) {
            assertThat(overlay).isInstanceOf(HybridKnowledgeIndex.class);
            overlaid = searches(overlay, questions);
        }
        assertEquals(files, RecallEffectTest.files(ws.indexDir()), "the index folder is untouched");

        Path skill = ws.skillsRepo().resolve(change.path());
        Files.createDirectories(skill.getParent());
        Files.writeString(skill, change.after());
        List<String> real;
        try (HybridKnowledgeIndex synced = open(copy, cacheDir())) {
            var result = new VaultSync(ws, synced, Fixtures.CLOCK).run(new SyncOptions(false, SyncOptions.Scope.SKILLS),
                    ProgressSink.NONE);
            assertEquals(1, result.indexed(), "the sync wrote the one changed skill");
            new EmbeddingBackfill(synced, synced.embeddings(), new BackfillState(tmp.resolve("copy")), Telemetry.noop())
                    .run(ProgressSink.NONE);
            assertEquals(synced.status().documents(), synced.embeddedCount(), "every document embedded");
            real = searches(synced, questions);
        }
        assertThat(overlaid).hasSize(real.size());
        for (int i = 0; i < real.size(); i++) {
            assertEquals(real.get(i), overlaid.get(i), "search " + i);
        }
        String id = docs.upserts().get(0).id();
        assertThat(real).anySatisfy(line -> assertThat(line).startsWith("deep").contains(id));
        assertThat(real).anySatisfy(line -> assertThat(line).startsWith("dense").contains(id));
    }

    /** The balanced and deep previews of every question, and its dense half alone, as "id score" lines. */
    private static List<String> searches(KnowledgeIndex index, List<String> questions) {
        List<String> out = new ArrayList<>();
        RecallService recall = new RecallService(index);
        for (String q : questions) {
            for (RecallBudget b : List.of(RecallBudget.BALANCED, RecallBudget.DEEP)) {
                out.add(b.name().toLowerCase() + " " + q + ": " + hits(recall.preview(q, b).injected()));
            }
            SearchResult dense = index.search(KnowledgeQuery.text(q, 10).withRetrieval(KnowledgeQuery.Retrieval.DENSE));
            out.add("dense " + q + ": " + hits(dense.hits()));
        }
        return out;
    }

    private static String hits(List<SearchResult.Hit> hits) {
        StringBuilder t = new StringBuilder();
        hits.forEach(h -> t.append(h.doc().id()).append(' ').append(h.score()).append("; "));
        return t.toString();
    }
}
