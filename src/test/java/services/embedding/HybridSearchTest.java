package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.recall.RecallBudget;
import services.recall.RecallService;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/** A small fixture where words miss and meaning finds the answer: real Lucene, the real model. */
class HybridSearchTest {

    @TempDir
    Path dir;

    private HybridKnowledgeIndex index;

    private static final String QUESTION = "how do we stop a retried job from emailing the customer twice";

    @BeforeEach
    void open() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(),
                model.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS);
        index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384), embeddings);
        index.upsert(List.of(
                EmbeddingBackfillTest.lesson("lesson:idem", "Every step that sends mail must carry an idempotency key"),
                EmbeddingBackfillTest.lesson("lesson:utc", "Write every timestamp in UTC with an explicit offset"),
                EmbeddingBackfillTest.lesson("lesson:ttl", "Give every Redis key a TTL so memory does not grow"),
                EmbeddingBackfillTest.lesson("lesson:job", "The nightly job runs at three in the morning"),
                EmbeddingBackfillTest.lesson("lesson:customer", "Ask the customer before changing a public API")));
        index.flush();
    }

    @AfterEach
    void close() {
        index.close();
    }

    private List<String> ids(KnowledgeQuery.Retrieval how, int limit) {
        KnowledgeQuery q = new KnowledgeQuery(QUESTION, Map.of(), null, null, null, KnowledgeQuery.SortOrder.RELEVANCE, 0,
                limit, false, false).withRetrieval(how);
        return index.search(q).hits().stream().map(h -> h.doc().id()).toList();
    }

    @Test
    void beforeEmbeddingsExistEverySearchIsAKeywordSearch() {
        assertThat(index.semanticReady()).isFalse();
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 2)).isEqualTo(ids(KnowledgeQuery.Retrieval.KEYWORD, 2));
    }

    @Test
    void keywordMissesTheAnswerDenseFindsItFirstAndHybridAmongTheFirstThree() {
        new EmbeddingBackfill(index, index.embeddings(), new BackfillState(dir.resolve("cache")), Telemetry.noop())
                .run(ProgressSink.NONE);
        assertThat(index.semanticReady()).isTrue();
        assertThat(ids(KnowledgeQuery.Retrieval.KEYWORD, 2)).doesNotContain("lesson:idem");
        assertThat(ids(KnowledgeQuery.Retrieval.DENSE, 1)).containsExactly("lesson:idem");
        // a lesson sharing a word with the question ("job") and somewhat alike may come first: both count
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 3)).contains("lesson:idem");
    }

    @Test
    void aQuestionAboutNothingInTheIndexGetsNoDenseMatches() {
        new EmbeddingBackfill(index, index.embeddings(), new BackfillState(dir.resolve("cache")), Telemetry.noop())
                .run(ProgressSink.NONE);
        KnowledgeQuery q = KnowledgeQuery.text("medieval cathedral architecture in northern France", 5)
                .withRetrieval(KnowledgeQuery.Retrieval.DENSE);
        SearchResult found = index.search(q);
        assertThat(found.hits()).isEmpty();
    }

    @Test
    void budgetsDifferAsSpecified() {
        new EmbeddingBackfill(index, index.embeddings(), new BackfillState(dir.resolve("cache")), Telemetry.noop())
                .run(ProgressSink.NONE);
        RecallService recall = new RecallService(index, Telemetry.noop(), index::question);
        List<String> lean = recall.preview(QUESTION, RecallBudget.LEAN).injected().stream().map(h -> h.doc().id()).toList();
        List<String> balanced = recall.preview(QUESTION, RecallBudget.BALANCED).injected().stream()
                .map(h -> h.doc().id()).toList();
        List<String> deep = recall.preview(QUESTION, RecallBudget.DEEP).injected().stream().map(h -> h.doc().id()).toList();
        assertThat(lean).doesNotContain("lesson:idem"); // keyword only
        assertThat(balanced).contains("lesson:idem"); // hybrid
        assertThat(deep).contains("lesson:idem"); // hybrid, rewritten, more candidates
        assertThat(deep.size()).isGreaterThanOrEqualTo(balanced.size());
    }

    @Test
    void fusionWeighsMeaningAboveWordsAndWordsByHowMuchOfTheQuestionTheyCover() {
        KnowledgeDoc a = EmbeddingBackfillTest.lesson("a", "Quarantine flaky tests");
        KnowledgeDoc b = EmbeddingBackfillTest.lesson("b", "Tests of the billing service");
        KnowledgeDoc c = EmbeddingBackfillTest.lesson("c", "Flaky network");
        KnowledgeQuery q = KnowledgeQuery.text("flaky tests", 5);
        SearchResult keyword = new SearchResult(List.of(new SearchResult.Hit(a, 9f), new SearchResult.Hit(c, 9f),
                new SearchResult.Hit(b, 3f)), 3, Map.of(), 0);
        SearchResult dense = new SearchResult(List.of(new SearchResult.Hit(b, 0.6f), new SearchResult.Hit(a, 0.1f)), 2,
                Map.of(), 0);
        SearchResult fused = HybridKnowledgeIndex.fuse(q, keyword, dense, 0);
        // b: 0.8·0.6 + 0.2·(3/9)·½ = 0.513; a: 0.2·1·1 = 0.2 (its 0.1 similarity is below the floor);
        // c: as many points from words as a, but it holds only half the question: 0.2·1·½ = 0.1
        assertThat(fused.hits()).extracting(h -> h.doc().id()).containsExactly("b", "a", "c");
        assertThat(fused.hits().get(0).score()).isCloseTo(0.513f, Offset.offset(0.001f));
        assertThat(fused.total()).isEqualTo(3);
        assertThat(fused.facets()).isEmpty();
        // the browser asks for facets: they count the fused candidates, so they agree with the list
        SearchResult browsing = HybridKnowledgeIndex.fuse(q.withFacets(true), keyword, dense, 0);
        assertThat(browsing.facets().get("type")).containsExactly(new SearchResult.FacetCount("lesson", 3));
        assertThat(browsing.facets().get("project")).containsExactly(new SearchResult.FacetCount("p", 3));
    }

    @Test
    void aDocumentIsAsCloseToAQuestionAsItsClosestSentence() {
        KnowledgeDoc ttl = EmbeddingBackfillTest.lesson("lesson:ttl", "The watchdog runs every four hours and reports "
                + "to the console. Keys without a TTL made the Redis server run out of memory.");
        index.upsert(List.of(ttl));
        index.embeddings().embedAll(List.of(ttl));
        Embeddings e = index.embeddings(); // the shipped choice: sentences read in context
        float[] question = e.embedQuestion("the cache server's memory kept growing until it fell over");
        float whole = dot(question, e.cache().get(e.hashOf(ttl)));
        float[][] inContext = e.model().embedInContext(List.of(e.textOf(ttl)), List.of(e.sentencesOf(ttl))).get(0);
        float best = Float.NEGATIVE_INFINITY;
        for (int i = 1; i < inContext.length; i++) {
            best = Math.max(best, dot(question, inContext[i]));
        }
        assertThat(best).isGreaterThan(whole); // the second sentence says it; the first dilutes the whole
        assertThat(e.similarity(question, ttl)).isCloseTo(best, Offset.offset(1e-5f));
        // a document nothing is known of: no similarity rather than a guess
        assertThat(e.similarity(question, EmbeddingBackfillTest.lesson("lesson:new", "Never embedded."))).isNaN();

        // each sentence embedded on its own (-Dbrainconsole.sentenceVectors=every): the same, with those vectors
        try (Embeddings every = new Embeddings(e.model(), new EmbeddingCache(dir.resolve("cache-every"),
                e.model().name(), e.model().dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS, false,
                Embeddings.SentenceVectors.EVERY)) {
            every.embedAll(List.of(ttl));
            float bestAlone = Float.NEGATIVE_INFINITY;
            for (String sentence : every.sentencesOf(ttl)) {
                bestAlone = Math.max(bestAlone, dot(question, e.model().embed(List.of(sentence)).get(0)));
            }
            assertThat(bestAlone).isGreaterThan(whole);
            assertThat(every.similarity(question, ttl)).isCloseTo(bestAlone, Offset.offset(1e-5f));
        }
    }

    private static float dot(float[] a, float[] b) {
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
