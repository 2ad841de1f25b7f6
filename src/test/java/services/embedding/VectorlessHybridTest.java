package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/**
 * The running system writes no vectors: a failed target its retro indexed since the console's last backfill has
 * none. Real Lucene, the real model, documents shaped as the running system's retro writes them.
 */
@Tag("model")
class VectorlessHybridTest {

    @TempDir
    Path dir;

    private HybridKnowledgeIndex index;

    private static final String STORY = "Add idempotency keys to the email sender";
    private static final String PROJECT = "/Users/joel/Code/joelhooks/joelclaw";

    /** As agent-loop/retro.ts writes a lesson: the bullet as content, its first 120 characters as title. */
    static KnowledgeDoc lesson(String loop, int i, String bullet) {
        return new KnowledgeDoc("lesson:" + loop + ":" + i, "lesson", bullet.length() > 120 ? bullet.substring(0, 120)
                : bullet, bullet, null, PROJECT, loop, null, null, List.of("lesson", "loop"), 1_790_000_000L, null);
    }

    /** As agent-loop/retro.ts writes a failed target. */
    static KnowledgeDoc failedTarget(String loop, String story, String title) {
        return new KnowledgeDoc("failed_target:" + loop + ":" + story, "failed_target", "Failed: " + title,
                "Story " + story + " failed after 3 attempt(s) with codex. Loop: " + loop + ", Project: " + PROJECT,
                null, PROJECT, loop, null, null, List.of("failed_target", "loop"), 1_795_000_000L, null);
    }

    @BeforeEach
    void open() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(),
                model.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS);
        index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384), embeddings);
        index.upsert(List.of(
                lesson("loop-a", 0, "Every step that sends mail must carry an idempotency key so a retry cannot send twice"),
                lesson("loop-a", 1, "Deduplicate outgoing emails by a key derived from the event id"),
                lesson("loop-b", 0, "A retried Inngest step re-sent the welcome email; store a sent marker before sending"),
                lesson("loop-b", 1, "Mail providers accept an idempotency header; pass the step id through"),
                lesson("loop-c", 0, "The email sender retried on timeouts and customers got duplicates of receipts"),
                lesson("loop-c", 1, "Exactly-once delivery of notifications needs a dedupe table keyed by message id"),
                lesson("loop-d", 0, "Give every Redis key a TTL so memory does not grow without bound")));
        index.flush();
        new EmbeddingBackfill(index, index.embeddings(), new BackfillState(dir.resolve("cache")), Telemetry.noop())
                .run(ProgressSink.NONE);
    }

    @AfterEach
    void close() {
        index.close();
    }

    private List<String> ids(KnowledgeQuery.Retrieval how, int limit) {
        KnowledgeQuery q = new KnowledgeQuery(STORY, Map.of(), null, null, null, KnowledgeQuery.SortOrder.RELEVANCE, 0,
                limit, false, false).withRetrieval(how);
        return index.search(q).hits().stream().map(h -> h.doc().id()).toList();
    }

    @Test
    void aFreshFailedTargetThatIsKeywordFirstStaysInTheHybridTopFive() {
        KnowledgeDoc fresh = failedTarget("loop-e", "S3", STORY);
        index.upsert(List.of(fresh)); // written after the backfill, as the running system's retro does
        index.flush();
        assertThat(ids(KnowledgeQuery.Retrieval.KEYWORD, 1)).containsExactly(fresh.id());
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 5)).contains(fresh.id());
        // it was embedded on the fly (as its title: its content is a template), so the backfill finds its vector
        assertThat(index.embeddings().cache().contains(index.embeddings().hashOf(fresh))).isTrue();
        assertThat(index.embeddings().textOf(fresh)).isEqualTo("Failed: " + STORY);
        // the next search (the cache has its vector now, the index still not) ranks it the same way
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 5)).contains(fresh.id());
        // once the backfill has written its vector into the index it is weighed like any other document
        new EmbeddingBackfill(index, index.embeddings(), new BackfillState(dir.resolve("cache")), Telemetry.noop())
                .run(ProgressSink.NONE);
        assertThat(ids(KnowledgeQuery.Retrieval.DENSE, 10)).contains(fresh.id());
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 5)).contains(fresh.id()); // its title is close in meaning
    }

    @Test
    void aVectorlessLessonWithOtherWordsKeepsItsKeywordRankToo() {
        KnowledgeDoc fresh = lesson("loop-f", 0, "Add idempotency keys to the email sender before the next release "
                + "of the billing worker, which retries every failed call five times");
        index.upsert(List.of(fresh));
        index.flush();
        int keywordRank = ids(KnowledgeQuery.Retrieval.KEYWORD, 10).indexOf(fresh.id());
        assertThat(keywordRank).isBetween(0, 4);
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 10).indexOf(fresh.id())).isBetween(0, keywordRank);
        assertThat(ids(KnowledgeQuery.Retrieval.HYBRID, 10).indexOf(fresh.id())).isBetween(0, keywordRank); // again
    }

    @Test
    void fusionNeverRanksAVectorlessDocumentBelowItsKeywordRank() {
        KnowledgeDoc a = VectorlessHybridTest.failedTarget("l", "S1", "Flaky tests in CI");
        KnowledgeDoc b = EmbeddingBackfillTest.lesson("b", "Quarantine flaky tests that touch the network");
        KnowledgeDoc c = EmbeddingBackfillTest.lesson("c", "Retry network calls in tests with a fake clock");
        KnowledgeDoc d = EmbeddingBackfillTest.lesson("d", "Tests that sleep are flaky");
        KnowledgeQuery q = KnowledgeQuery.text("flaky tests in CI", 3);
        SearchResult keyword = new SearchResult(List.of(new SearchResult.Hit(a, 9f), new SearchResult.Hit(d, 5f)), 2,
                Map.of(), 0);
        SearchResult dense = new SearchResult(List.of(new SearchResult.Hit(b, 0.7f), new SearchResult.Hit(c, 0.6f),
                new SearchResult.Hit(d, 0.5f)), 3, Map.of(), 0);
        // a missing vector counted as zero: a (0.2 · 1 · overlap) falls behind every document with a vector
        assertThat(HybridKnowledgeIndex.fuse(q, keyword, dense, 0).hits()).extracting(h -> h.doc().id())
                .containsExactly("b", "c", "d");
        SearchResult fused = HybridFusion.fuse(q, keyword, dense, Map.of(), Set.of(a.id()), 0, 0.8);
        assertThat(fused.hits()).extracting(h -> h.doc().id()).containsExactly(a.id(), "b", "c");
        assertThat(fused.hits().get(0).score()).isGreaterThanOrEqualTo(fused.hits().get(1).score());
        assertThat(fused.total()).isEqualTo(4);
        // meaning may lift a vectorless document above its keyword rank, never below it
        SearchResult lifted = HybridFusion.fuse(q, new SearchResult(List.of(new SearchResult.Hit(d, 9f),
                new SearchResult.Hit(a, 5f)), 2, Map.of(), 0), dense, Map.of(a.id(), 0.9f), Set.of(a.id()), 0, 0.8);
        assertThat(lifted.hits()).extracting(h -> h.doc().id()).startsWith(a.id());
    }

    /** Meaning as a test decides it: the question and the indexed lessons alike, the fresh document unlike both. */
    private static final class FixedMeanings implements EmbeddingModel {
        @Override
        public String name() {
            return "fixed-meanings";
        }

        @Override
        public int dimensions() {
            return 384;
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            return texts.stream().map(t -> {
                float[] v = new float[384];
                v[t.equals("retry budget") || !t.contains("retry") ? 0 : 1] = 1f;
                return v;
            }).toList();
        }
    }

    @Test
    void aDocumentEmbeddedDuringASearchKeepsItsKeywordRankUntilTheIndexHasItsVector(@TempDir Path other) {
        EmbeddingModel model = new FixedMeanings();
        try (HybridKnowledgeIndex fixed = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(other.resolve("index"), 384),
                new Embeddings(model, new EmbeddingCache(other.resolve("cache"), model.name(), 384), null, 1_000))) {
            for (int i = 0; i < 6; i++) {
                fixed.upsert(List.of(lesson("loop-a", i, "Loops stall when their budget runs out " + i)));
            }
            fixed.flush();
            new EmbeddingBackfill(fixed, fixed.embeddings(), new BackfillState(other.resolve("cache")), Telemetry.noop())
                    .run(ProgressSink.NONE);
            KnowledgeDoc fresh = lesson("loop-b", 0, "A retry budget of three: the retry budget caps every story");
            fixed.upsert(List.of(fresh));
            fixed.flush();
            KnowledgeQuery q = KnowledgeQuery.text("retry budget", 5).matchingAny()
                    .withRetrieval(KnowledgeQuery.Retrieval.HYBRID);
            // unlike the question in meaning, the six indexed lessons alike: without the floor it would be sixth
            assertThat(fixed.search(q.withRetrieval(KnowledgeQuery.Retrieval.KEYWORD)).hits().get(0).doc().id())
                    .isEqualTo(fresh.id());
            for (int search = 0; search < 2; search++) { // the second finds its vector in the cache, not in the index
                assertThat(fixed.search(q).hits().get(0).doc().id()).isEqualTo(fresh.id());
            }
            new EmbeddingBackfill(fixed, fixed.embeddings(), new BackfillState(other.resolve("cache")), Telemetry.noop())
                    .run(ProgressSink.NONE);
            // its vector is in the index now: weighed by its meaning like every other document
            assertThat(fixed.search(q).hits()).extracting(h -> h.doc().id()).doesNotContain(fresh.id());
        }
    }
}
