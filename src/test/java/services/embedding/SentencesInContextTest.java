package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/**
 * Sentence vectors read in context ({@code -Dbrainconsole.sentenceVectors=context}): one pass over a text gives its
 * whole vector and its sentences' — with the real model, on a 1,000-character text that needs a second pass.
 */
class SentencesInContextTest {

    @TempDir
    Path dir;

    private static final KnowledgeDoc LONG = SentenceVectorsTest.LONG; // ten sentences, 1,000 characters

    private Embeddings embeddings(EmbeddingModel model, Embeddings.SentenceVectors mode) {
        return new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(), model.dimensions()), null,
                MiniLmEmbeddingModel.MAX_CHARS, false, mode);
    }

    private static float dot(float[] a, float[] b) {
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void onePassGivesTheSameWholeVectorAndAVectorForEverySentenceEvenPastWhatThePassReads() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        String text = EmbeddingText.of(LONG, MiniLmEmbeddingModel.MAX_CHARS);
        List<String> sentences = EmbeddingText.sentences(LONG, MiniLmEmbeddingModel.MAX_CHARS);
        String last = sentences.get(sentences.size() - 1);
        assertThat(text.indexOf(last)).as("the last sentence lies past what one pass reads")
                .isGreaterThan(model.charsRead(text));
        List<String> withOneNotInTheText = new ArrayList<>(sentences);
        withOneNotInTheText.add("A title that is not part of the text.");

        float[][] v = model.embedInContext(List.of(text), List.of(withOneNotInTheText)).get(0);

        assertThat(v.length).isEqualTo(1 + withOneNotInTheText.size());
        assertThat(v[0]).containsExactly(model.embed(List.of(text)).get(0)); // bit for bit: the cache stays valid
        List<float[]> alone = model.embed(withOneNotInTheText);
        for (int i = 0; i < sentences.size(); i++) {
            assertThat(dot(v[1 + i], v[1 + i])).as("unit length").isCloseTo(1f, Offset.offset(1e-4f));
            assertThat(dot(v[1 + i], alone.get(i))).as("sentence %d read in context is still about itself", i)
                    .isGreaterThan(0.5f).isLessThan(0.9999f);
        }
        assertThat(v[v.length - 1]).as("a sentence not in the text is read alone")
                .containsExactly(alone.get(alone.size() - 1));
    }

    @Test
    void aDocumentIsReadOnceForItsWholeVectorAndItsSentencesAndNeverAgain() {
        CountingModel model = new CountingModel();
        try (Embeddings e = embeddings(model, Embeddings.SentenceVectors.IN_CONTEXT)) {
            KnowledgeDoc copy = EmbeddingBackfillTest.lesson("lesson:copy", LONG.content());
            Embeddings.Embedded first = e.embedAll(List.of(LONG, copy));
            assertThat(model.readInContext).containsExactly(e.textOf(LONG)); // the same text once
            assertThat(model.embedded).isEmpty();
            assertThat(first.computed()).isEqualTo(2);
            assertThat(first.sentences()).isEqualTo(e.sentencesOf(LONG).size());
            assertThat(first.docs()).allSatisfy(d -> assertThat(d.embedding()).hasSize(384));

            Embeddings.Embedded again = e.embedAll(List.of(LONG));
            assertThat(again.computed()).isZero();
            assertThat(again.cached()).isEqualTo(1);
            assertThat(model.readInContext).hasSize(1);
            assertThat(e.embedSentences(List.of(LONG))).isZero();
        }
    }

    @Test
    void aQuestionFindsTheDocumentByItsClosestSentenceReadInContext() {
        CountingModel model = new CountingModel();
        float[] question = model.embed(List.of("customers got the same receipt several times")).get(0);
        try (Embeddings e = embeddings(model, Embeddings.SentenceVectors.IN_CONTEXT)) {
            KnowledgeDoc doc = e.embedAll(List.of(LONG)).docs().get(0);
            float whole = dot(question, doc.embedding());
            assertThat(e.similarity(question, LONG)).isGreaterThan(whole + 0.05f); // the receipt sentence wins
        }
    }

    @Test
    void compactionKeepsTheSentencesReadInContext() {
        CountingModel model = new CountingModel();
        float[] question = model.embed(List.of("customers got the same receipt several times")).get(0);
        try (Embeddings e = embeddings(model, Embeddings.SentenceVectors.IN_CONTEXT)) {
            e.embedAll(List.of(LONG));
            float before = e.similarity(question, LONG);
            e.cache().keepOnly(new HashSet<>(e.hashesOf(LONG)));
            assertThat(e.cache().size()).isEqualTo(1 + e.sentencesOf(LONG).size());
            assertThat(e.similarity(question, LONG)).isEqualTo(before);
        }
    }

    private static final String TWO_SENTENCES = EmbeddingBackfillTest.TWO_SENTENCES;

    @Test
    void theBackfillReadsEachDocumentOnceAndAnEditedOneAgainWhole() {
        CountingModel model = new CountingModel();
        Embeddings e = embeddings(model, Embeddings.SentenceVectors.IN_CONTEXT);
        try (HybridKnowledgeIndex index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384), e)) {
            EmbeddingBackfill backfill = new EmbeddingBackfill(index, e, new BackfillState(dir.resolve("cache")),
                    Telemetry.noop());
            index.upsert(List.of(EmbeddingBackfillTest.lesson("lesson:ttl", TWO_SENTENCES),
                    EmbeddingBackfillTest.lesson("lesson:utc", "Write every timestamp in UTC")));
            EmbeddingBackfill.Result first = backfill.run(ProgressSink.NONE);
            assertThat(first.summary()).isEqualTo("embedded 2 (0 from cache), 2 sentence vectors");
            assertThat(model.readInContext).containsExactlyInAnyOrder(TWO_SENTENCES, "Write every timestamp in UTC");
            assertThat(model.embedded).isEmpty();

            model.readInContext.clear();
            String edited = TWO_SENTENCES.replace("for months", "for weeks");
            index.upsert(List.of(EmbeddingBackfillTest.lesson("lesson:ttl", edited),
                    EmbeddingBackfillTest.lesson("lesson:utc", "Write every timestamp in UTC")));
            EmbeddingBackfill.Result second = backfill.run(ProgressSink.NONE);
            assertThat(model.readInContext).containsExactly(edited); // its other sentence reads differently now too
            assertThat(second.sentences()).isEqualTo(2);
            assertThat(index.embeddedCount()).isEqualTo(2);

            model.readInContext.clear();
            assertThat(backfill.run(ProgressSink.NONE).written()).isZero();
            assertThat(model.readInContext).isEmpty();
        }
    }

    @Test
    void aWorkspaceEmbeddedBeforeSentencesWereGetsThemInOnePassReadingEachDocumentOnce() throws Exception {
        CountingModel model = new CountingModel();
        Embeddings e = embeddings(model, Embeddings.SentenceVectors.IN_CONTEXT);
        try (HybridKnowledgeIndex index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384), e)) {
            float[] vector = new MiniLmEmbeddingModel().embed(List.of(TWO_SENTENCES)).get(0);
            index.upsert(List.of(EmbeddingBackfillTest.lesson("lesson:ttl", TWO_SENTENCES).withEmbedding(vector)));
            Files.createDirectories(dir.resolve("cache"));
            Files.writeString(dir.resolve("cache/backfill.json"),
                    "{\"scannedUpTo\": 0, \"lastRun\": 1700000000}"); // a version without sentence vectors
            EmbeddingBackfill backfill = new EmbeddingBackfill(index, e, new BackfillState(dir.resolve("cache")),
                    Telemetry.noop());

            EmbeddingBackfill.Result r = backfill.run(ProgressSink.NONE);
            assertThat(r.summary()).isEqualTo("embedded 0 (0 from cache), 2 sentence vectors");
            assertThat(model.readInContext).containsExactly(TWO_SENTENCES);
            assertThat(model.embedded).isEmpty();

            model.readInContext.clear();
            backfill.run(ProgressSink.NONE);
            assertThat(model.readInContext).isEmpty(); // once
        }
    }
}
