package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;

/** Documents of several sentences: embedded whole and sentence by sentence, once, and the sentence pass of an older workspace. */
@Tag("model")
class EmbeddingSentencePassTest extends EmbeddingBackfillFixture {

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
}
