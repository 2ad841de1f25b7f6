package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.tasks.Cancellation;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;
import services.telemetry.Telemetry;

/**
 * A hybrid search superseded by the next keystroke stops between the candidates it weighs by meaning, instead of
 * weighing every one of them first (jstack of a frozen search: both task threads in {@code closeness}).
 */
@Tag("model")
class HybridSearchCancelledTest {

    @TempDir
    Path dir;

    private HybridKnowledgeIndex index;

    @BeforeEach
    void open() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(),
                model.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS);
        index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384), embeddings);
        List<KnowledgeDoc> docs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            docs.add(VectorlessHybridTest.lesson("loop-" + i, 0, "Lesson " + i + ": every email step carries an "
                    + "idempotency key so a retried step cannot send the receipt twice"));
        }
        index.upsert(docs);
        index.flush();
        new EmbeddingBackfill(index, index.embeddings(), new BackfillState(dir.resolve("cache")), Telemetry.noop())
                .run(ProgressSink.NONE);
    }

    @AfterEach
    void close() {
        index.close();
    }

    /** A task's sink that counts how often it was asked and says cancelled from the {@code cancelAt}-th time on. */
    private static ProgressSink sink(AtomicInteger asked, int cancelAt) {
        return new ProgressSink() {
            @Override
            public void update(double fraction, String message) {
            }

            @Override
            public boolean isCancelled() {
                return asked.incrementAndGet() >= cancelAt;
            }
        };
    }

    private static KnowledgeQuery question() {
        return new KnowledgeQuery("stop a retried job from emailing the customer twice", Map.of(), null, null, null,
                KnowledgeQuery.SortOrder.RELEVANCE, 0, 20, false, false).withRetrieval(KnowledgeQuery.Retrieval.HYBRID);
    }

    @Test
    void aSearchRunByATaskAsksWhetherItWasCancelledBetweenCandidates() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        SearchResult found = Cancellation.within(sink(asked, Integer.MAX_VALUE), p -> index.search(question()));
        assertThat(found.hits()).hasSize(20);
        assertThat(asked.get()).isGreaterThanOrEqualTo(20); // once per candidate at least
    }

    @Test
    void aSearchWhoseTaskIsCancelledMidwayStopsWithTaskCancelled() {
        AtomicInteger asked = new AtomicInteger();
        assertThatThrownBy(() -> Cancellation.within(sink(asked, 5), p -> index.search(question())))
                .isInstanceOf(TaskCancelledException.class);
        assertThat(asked.get()).isEqualTo(5); // stopped at the first check that saw the cancel
    }

    @Test
    void aSearchOutsideAnyTaskIsNeverCancelled() {
        assertThat(index.search(question()).hits()).hasSize(20);
    }
}
