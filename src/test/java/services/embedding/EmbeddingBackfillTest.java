package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;
import services.telemetry.Telemetry;

/** Embeddings in the background after a sync: real Lucene, the real model, a real cache file. */
@Tag("model")
class EmbeddingBackfillTest {

    @TempDir
    Path dir;

    private CountingModel model;
    private HybridKnowledgeIndex index;
    private EmbeddingBackfill backfill;

    @BeforeEach
    void open() {
        model = new CountingModel();
        index = open(model);
    }

    private HybridKnowledgeIndex open(EmbeddingModel m) {
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
    private static ProgressSink cancelAfter(int updates) {
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

    @Test
    void everyDocumentGetsAVectorAndOnlyChangedOnesAreEmbeddedAgain() {
        index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests that touch the network"),
                lesson("lesson:b", "Write every timestamp in UTC"), lesson("lesson:c", "Give every Redis key a TTL")));
        index.flush();
        assertThat(index.embeddedCount()).isZero();

        EmbeddingBackfill.Result first = backfill.run(ProgressSink.NONE);
        assertThat(first.computed()).isEqualTo(3);
        assertThat(first.remaining()).isZero();
        assertThat(index.embeddedCount()).isEqualTo(3);

        // a re-sync rewrites b unchanged and c changed: b keeps its vector from the cache at once, c waits
        model.embedded.clear();
        index.upsert(List.of(lesson("lesson:b", "Write every timestamp in UTC"),
                lesson("lesson:c", "Give every Redis key a TTL and report keys without one")));
        index.flush();
        assertThat(index.embeddedCount()).isEqualTo(2);
        EmbeddingBackfill.Result second = backfill.run(ProgressSink.NONE);
        assertThat(model.embedded).containsExactly("Give every Redis key a TTL and report keys without one");
        assertThat(second.computed()).isEqualTo(1);
        assertThat(index.embeddedCount()).isEqualTo(3);

        // nothing changed: nothing to do
        model.embedded.clear();
        assertThat(backfill.run(ProgressSink.NONE).written()).isZero();
        assertThat(model.embedded).isEmpty();
    }

    static final String TWO_SENTENCES = "Keys without a TTL piled up in Redis for months until memory ran "
            + "out. Every key the loop writes gets an expiry and the watchdog reports keys without one.";

    @Test
    void aDocumentOfSeveralSentencesIsEmbeddedWholeAndSentenceBySentenceOnce() {
        index.upsert(List.of(lesson("lesson:ttl", TWO_SENTENCES)));
        EmbeddingBackfill.Result first = backfill.run(ProgressSink.NONE);
        assertThat(first.computed()).isEqualTo(1);
        assertThat(first.sentences()).isEqualTo(2);
        assertThat(first.summary()).isEqualTo("embedded 1 (0 from cache), 2 sentence vectors");
        assertThat(model.embedded).containsExactly(TWO_SENTENCES,
                "Keys without a TTL piled up in Redis for months until memory ran out.",
                "Every key the loop writes gets an expiry and the watchdog reports keys without one.");

        // one sentence changes: the whole text and that sentence are embedded again, the other comes from the cache
        model.embedded.clear();
        String edited = TWO_SENTENCES.replace("for months", "for weeks");
        index.upsert(List.of(lesson("lesson:ttl", edited)));
        backfill.run(ProgressSink.NONE);
        assertThat(model.embedded).containsExactly(edited,
                "Keys without a TTL piled up in Redis for weeks until memory ran out.");
    }

    @Test
    void aWorkspaceEmbeddedBeforeSentencesWereGetsThemInOnePass() throws Exception {
        float[] vector = new MiniLmEmbeddingModel().embed(List.of(TWO_SENTENCES)).get(0);
        index.upsert(List.of(lesson("lesson:ttl", TWO_SENTENCES).withEmbedding(vector))); // embedded, no sentences
        Files.createDirectories(dir.resolve("state/embeddings"));
        Files.writeString(dir.resolve("state/embeddings/backfill.json"),
                "{\"scannedUpTo\": 0, \"lastRun\": 1700000000}"); // written by a version without sentence vectors
        assertThat(new BackfillState(dir.resolve("state/embeddings")).needsSentences()).isTrue();

        EmbeddingBackfill.Result r = backfill.run(ProgressSink.NONE);
        assertThat(r.computed()).isZero(); // the document already had its vector
        assertThat(r.summary()).isEqualTo("embedded 0 (0 from cache), 2 sentence vectors");
        assertThat(model.embedded).hasSize(2).allSatisfy(s -> assertThat(TWO_SENTENCES).contains(s));
        assertThat(new BackfillState(dir.resolve("state/embeddings")).needsSentences()).isFalse();

        model.embedded.clear();
        backfill.run(ProgressSink.NONE);
        assertThat(model.embedded).isEmpty(); // once
    }

    @Test
    void aSentencePassCancelledHalfwayRunsAgainAndKeepsWhatItEmbedded() throws Exception {
        float[] vector = new MiniLmEmbeddingModel().embed(List.of(TWO_SENTENCES)).get(0);
        index.upsert(List.of(lesson("lesson:ttl", TWO_SENTENCES).withEmbedding(vector)));
        Files.createDirectories(dir.resolve("state/embeddings"));
        Files.writeString(dir.resolve("state/embeddings/backfill.json"),
                "{\"scannedUpTo\": 0, \"lastRun\": 1700000000}");
        ProgressSink cancelAfterAPage = new ProgressSink() {
            boolean paged;

            @Override
            public void update(double fraction, String message) {
                paged |= message.startsWith("embedding the sentences");
            }

            @Override
            public boolean isCancelled() {
                return paged;
            }
        };
        assertThatThrownBy(() -> backfill.run(cancelAfterAPage)).isInstanceOf(TaskCancelledException.class);
        assertThat(new BackfillState(dir.resolve("state/embeddings")).needsSentences()).isTrue();
        assertThat(model.embedded).hasSize(2);

        model.embedded.clear();
        backfill.run(ProgressSink.NONE);
        assertThat(model.embedded).isEmpty(); // the page done before the cancel came from the cache
        assertThat(new BackfillState(dir.resolve("state/embeddings")).needsSentences()).isFalse();
    }

    @Test
    void aFreshWorkspaceNeedsNoSentencePassAndAnUnreadableStateGetsOne() throws Exception {
        BackfillState state = new BackfillState(dir.resolve("state/embeddings"));
        assertThat(state.needsSentences()).isFalse();
        Files.createDirectories(dir.resolve("state/embeddings"));
        Files.writeString(dir.resolve("state/embeddings/backfill.json"), "{\"scannedUp"); // torn
        assertThat(state.needsSentences()).isTrue();
        assertThat(state.scannedUpTo()).isZero(); // and everything is looked at
        backfill.run(ProgressSink.NONE);
        assertThat(state.needsSentences()).isFalse();
    }

    @Test
    void aRecreatedIndexIsRefilledFromTheCacheWithoutTheModel() {
        index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests"), lesson("lesson:b", "Write every timestamp in UTC")));
        backfill.run(ProgressSink.NONE);
        index.close();

        model = new CountingModel();
        index = open(model); // a new process: the cache file is all that is left of the vectors
        index.recreate();
        index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests"), lesson("lesson:b", "Write every timestamp in UTC")));
        index.flush();
        assertThat(index.embeddedCount()).isEqualTo(2);
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void cancellingKeepsTheVectorsWrittenSoFar() {
        for (int i = 0; i < 70; i++) {
            index.upsert(List.of(lesson("lesson:" + i, "Lesson number " + i + " about retries and idempotency")));
        }
        index.flush();
        ProgressSink cancelAfterFirstBatch = cancelAfter(1);
        assertThatThrownBy(() -> backfill.run(cancelAfterFirstBatch)).isInstanceOf(TaskCancelledException.class);
        assertThat(index.embeddedCount()).isEqualTo(EmbeddingBackfill.BATCH);
        assertThat(backfill.run(ProgressSink.NONE).computed()).isEqualTo(70 - EmbeddingBackfill.BATCH);
    }

    private void seventyLessons() {
        seventyLessons("retries and idempotency");
    }

    private void seventyLessons(String about) {
        for (int i = 0; i < 70; i++) {
            index.upsert(List.of(lesson("lesson:" + i, "Lesson number " + i + " about " + about)));
        }
        index.flush();
    }

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

    @Test
    void aDocumentDeletedOrRewrittenWhileItWasBeingEmbeddedIsNotWrittenBack() {
        index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests"), lesson("lesson:b", "Write every timestamp in UTC"),
                lesson("lesson:c", "Give every Redis key a TTL")));
        index.flush();
        // while the model works on the batch, a prune deletes b and a sync rewrites c
        model.beforeEmbedding = () -> {
            index.delete(List.of("lesson:b"));
            index.upsert(List.of(lesson("lesson:c", "Give every Redis key a TTL, and report keys without one")));
        };
        backfill.run(ProgressSink.NONE);
        model.beforeEmbedding = () -> { };
        assertThat(index.get("lesson:b")).isEmpty(); // stays deleted
        assertThat(index.get("lesson:c").orElseThrow().content()).endsWith("report keys without one"); // keeps the new words
        assertThat(index.embeddedCount()).isEqualTo(1);
        assertThat(backfill.run(ProgressSink.NONE).computed()).isEqualTo(1); // the new c, next time
        assertThat(index.embeddedCount()).isEqualTo(2);
    }

    @Test
    void aCacheMostlyOfWordsNoDocumentHasAnyMoreIsCompacted() {
        backfill.compactSlack = 0;
        for (int edit = 0; edit < 3; edit++) { // one lesson edited three times: four vectors, one of them live
            index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests, edit " + edit)));
            backfill.run(ProgressSink.NONE);
        }
        index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests, final"), lesson("lesson:ttl", TWO_SENTENCES)));
        backfill.run(ProgressSink.NONE);
        for (int edit = 0; edit < 6; edit++) {
            index.upsert(List.of(lesson("lesson:a", "Quarantine flaky tests, final " + edit)));
            backfill.run(ProgressSink.NONE);
        }
        assertThat(index.embeddedCount()).isEqualTo(2);
        // in use: the two documents' vectors and the second one's two sentences
        assertThat(index.embeddings().cache().size()).isLessThanOrEqualTo(2 * 4);
        KnowledgeDoc ttl = lesson("lesson:ttl", TWO_SENTENCES);
        assertThat(index.embeddings().hashesOf(ttl)).hasSize(3).allSatisfy(h -> assertThat(index.embeddings().cache()
                .contains(HexFormat.of().parseHex(h))).isTrue());
        assertThat(index.embeddings().cache().get(index.embeddings().hashOf(
                lesson("lesson:a", "Quarantine flaky tests, final 5")))).isNotNull();
    }


    @Test
    void semanticSearchOffSaysWhy() {
        EmbeddingBackfill off = new EmbeddingBackfill(index, Embeddings.disabled("turned off in workspace.json"),
                new BackfillState(dir), Telemetry.noop());
        assertThatThrownBy(() -> off.run(ProgressSink.NONE)).hasMessageContaining("turned off in workspace.json");
    }
}
