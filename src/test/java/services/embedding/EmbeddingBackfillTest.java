package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;
import services.telemetry.Telemetry;

/** The embedding backfill with a counting model: what is embedded, refilled from the cache, cancelled, compacted. */
@Tag("model")
class EmbeddingBackfillTest extends EmbeddingBackfillFixture {

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
