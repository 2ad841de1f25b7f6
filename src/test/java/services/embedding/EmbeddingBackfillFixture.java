package services.embedding;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/** A demo workspace's hybrid index over a counting model, the backfill, and the lessons and helpers its tests use. */
abstract class EmbeddingBackfillFixture {

    @TempDir
    Path dir;

    CountingModel model;
    HybridKnowledgeIndex index;
    EmbeddingBackfill backfill;

    @BeforeEach
    void open() {
        model = new CountingModel();
        index = open(model);
    }

    HybridKnowledgeIndex open(EmbeddingModel m) {
        // every sentence embedded on its own: what these tests count (sentences read in context, the shipped
        // choice, are counted by SentencesInContextTest)
        Embeddings embeddings = new Embeddings(m, new EmbeddingCache(dir.resolve("state/embeddings"), m.name(),
                m.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS, false, Embeddings.SentenceVectors.EVERY);
        HybridKnowledgeIndex opened = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384),
                embeddings);
        backfill = new EmbeddingBackfill(opened, embeddings, new BackfillState(dir.resolve("state/embeddings")),
                Telemetry.noop());
        return opened;
    }

    @AfterEach
    void close() {
        index.close();
    }

    /** Cancelled once more than {@code updates} progress updates were reported (one a batch). */
    static ProgressSink cancelAfter(int updates) {
        return new ProgressSink() {
            int seen;

            @Override
            public void update(double fraction, String message) {
                seen++;
            }

            @Override
            public boolean isCancelled() {
                return seen > updates;
            }
        };
    }

    static KnowledgeDoc lesson(String id, String text) {
        return new KnowledgeDoc(id, "lesson", text, text, null, "p", null, null, null, List.of("lesson"), 1_700_000_000L,
                null);
    }

    static final String TWO_SENTENCES = "Keys without a TTL piled up in Redis for months until memory ran "
            + "out. Every key the loop writes gets an expiry and the watchdog reports keys without one.";

    void seventyLessons() {
        seventyLessons("retries and idempotency");
    }

    void seventyLessons(String about) {
        for (int i = 0; i < 70; i++) {
            index.upsert(List.of(lesson("lesson:" + i, "Lesson number " + i + " about " + about)));
        }
        index.flush();
    }
}
