package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;

/** How the backfill writes its batches: one commit a second, beside the embedding, the same vectors, nothing lost on a crash or cancel. */
@Tag("model")
class EmbeddingBatchWritesTest extends EmbeddingBackfillFixture {

    @Test
    void theBatchesOfASecondAreWrittenInOneCommitAndEveryBatchWhenThatIsAsked() {
        seventyLessons(); // three batches
        backfill.writeEvery = Duration.ofHours(1);
        assertThat(backfill.run(ProgressSink.NONE).computed()).isEqualTo(70);
        assertThat(backfill.lastRunWrites).isEqualTo(1); // all three batches, at the end
        assertThat(index.embeddedCount()).isEqualTo(70);

        seventyLessons("timeouts and backoff"); // rewritten: three batches to embed again
        assertThat(index.embeddedCount()).isZero();
        backfill.writeEvery = Duration.ZERO;
        assertThat(backfill.run(ProgressSink.NONE).computed()).isEqualTo(70);
        assertThat(backfill.lastRunWrites).isEqualTo(3); // one a batch, as before
        assertThat(index.embeddedCount()).isEqualTo(70);
    }

    @Test
    void aBatchIsWrittenOnAnotherThreadWhileTheNextIsEmbedded() throws Exception {
        seventyLessons();
        backfill.writeEvery = Duration.ZERO;
        AtomicInteger embedCalls = new AtomicInteger();
        CountDownLatch secondBatchEmbedding = new CountDownLatch(1);
        model.beforeEmbedding = () -> {
            if (embedCalls.incrementAndGet() == 2) {
                secondBatchEmbedding.countDown();
            }
        };
        AtomicBoolean firstWriteSawIt = new AtomicBoolean();
        List<String> writers = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger writes = new AtomicInteger();
        backfill.writingBeside(task -> {
            boolean first = writes.incrementAndGet() == 1;
            Thread t = new Thread(() -> {
                writers.add(Thread.currentThread().getName());
                if (first) { // held until the caller's thread embeds the next batch: only possible if it is not waiting
                    try {
                        firstWriteSawIt.set(secondBatchEmbedding.await(30, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                task.run();
            }, "backfill-writes-test");
            t.start();
        });

        EmbeddingBackfill.Result r = backfill.run(ProgressSink.NONE);

        assertThat(firstWriteSawIt).isTrue();
        assertThat(writers).isNotEmpty().allMatch("backfill-writes-test"::equals);
        assertThat(r.computed()).isEqualTo(70);
        assertThat(r.remaining()).isZero();
        assertThat(index.embeddedCount()).isEqualTo(70);
    }

    @Test
    void theVectorsWrittenBesideAreTheOnesTheSequentialBackfillWrites() {
        seventyLessons();
        backfill.writeEvery = Duration.ZERO;
        backfill.run(ProgressSink.NONE); // the previous way: each batch written on this thread before the next
        LuceneKnowledgeIndex sequential = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        index.close();

        dir = dir.resolve("beside");
        model = new CountingModel();
        index = open(model); // a workspace of its own: its own cache, every vector computed again
        seventyLessons();
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            backfill.writingBeside(writer).run(ProgressSink.NONE);
        } finally {
            writer.shutdown();
        }
        assertThat(model.embedded).hasSize(70);
        LuceneKnowledgeIndex beside = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        try {
            for (int i = 0; i < 70; i += 7) {
                float[] v = index.embeddings().cache().get(index.embeddings().hashOf(
                        lesson("lesson:" + i, "Lesson number " + i + " about retries and idempotency")));
                KnowledgeQuery nearest = KnowledgeQuery.text("", 5).nearest(v);
                assertThat(beside.search(nearest).hits()).usingRecursiveFieldByFieldElementComparator()
                        .isEqualTo(sequential.search(nearest).hits());
                assertThat(beside.search(nearest).hits().get(0).doc().id()).isEqualTo("lesson:" + i);
            }
        } finally {
            beside.close();
            sequential.close();
        }
    }

    @Test
    void aProcessThatDiesBeforeTheWriteLeavesEveryVectorInTheCacheForTheNextRun() {
        seventyLessons();
        backfill.writeEvery = Duration.ofHours(1); // nothing written before the end
        backfill.writingBeside(task -> {
            throw new IllegalStateException("the process died");
        });
        assertThatThrownBy(() -> backfill.run(ProgressSink.NONE)).hasMessageContaining("the process died");
        assertThat(index.embeddedCount()).isZero();
        index.close();

        model = new CountingModel();
        index = open(model); // the next process
        EmbeddingBackfill.Result resumed = backfill.run(ProgressSink.NONE);
        assertThat(resumed.cached()).isEqualTo(70);
        assertThat(resumed.computed()).isZero();
        assertThat(model.embedded).isEmpty();
        assertThat(index.embeddedCount()).isEqualTo(70);
    }

    @Test
    void aCancelWritesWhatWasEmbeddedBeforeItEvenIfItsWriteWasNotDueYet() {
        seventyLessons();
        backfill.writeEvery = Duration.ofHours(1);
        ExecutorService writer = Executors.newSingleThreadExecutor();
        ProgressSink cancelAfterSecondBatch = cancelAfter(2);
        try {
            backfill.writingBeside(writer);
            assertThatThrownBy(() -> backfill.run(cancelAfterSecondBatch)).isInstanceOf(TaskCancelledException.class);
            assertThat(index.embeddedCount()).isEqualTo(2 * EmbeddingBackfill.BATCH);
            assertThat(backfill.lastRunWrites).isEqualTo(1);
            model.embedded.clear();
            EmbeddingBackfill.Result resumed = backfill.run(ProgressSink.NONE);
            assertThat(resumed.computed()).isEqualTo(70 - 2 * EmbeddingBackfill.BATCH);
            assertThat(model.embedded).hasSize(70 - 2 * EmbeddingBackfill.BATCH);
            assertThat(index.embeddedCount()).isEqualTo(70);
        } finally {
            writer.shutdown();
        }
    }
}
