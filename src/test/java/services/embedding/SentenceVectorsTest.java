package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;

/**
 * Which sentences get a vector of their own: every one (shipped), only those past what the whole text's vector
 * reads, or none — with the real model, whose tokenizer keeps 128 word pieces of a 1,000-character text.
 */
@Tag("model")
class SentenceVectorsTest {

    @TempDir
    Path dir;

    static final KnowledgeDoc LONG = EmbeddingBackfillTest.lesson("lesson:long", String.join(" ", List.of(
            "The email worker retried a failed send without any upper bound on the number of attempts.",
            "Every retry sent the same message again, so customers received up to six copies of one receipt.",
            "The step had no idempotency key, and the provider accepted each request as a new message.",
            "We added a key derived from the order id and the template, stored for a day in Redis.",
            "The provider now rejects a second request carrying the same key within that day.",
            "Retries are capped at three attempts with exponential backoff starting at ten seconds.",
            "A dead-letter queue keeps the sends that still fail, for a person to look at in the morning.",
            "The dashboard shows how many sends were deduplicated, which stayed near zero after the fix.",
            "Lesson: a step with a side effect outside the system must be safe to run twice.",
            "Review every step that talks to a payment or mail provider for the same problem.")));

    private Embeddings embeddings(CountingModel model, Embeddings.SentenceVectors mode) {
        return new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(), model.dimensions()), null,
                MiniLmEmbeddingModel.MAX_CHARS, false, mode);
    }

    @Test
    void pastTheWholeTextEmbedsOnlyTheSentencesItsVectorDoesNotReadToTheEnd() {
        CountingModel model = new CountingModel();
        try (Embeddings every = embeddings(model, Embeddings.SentenceVectors.EVERY);
             Embeddings past = embeddings(new CountingModel(), Embeddings.SentenceVectors.PAST_THE_WHOLE_TEXT)) {
            List<String> all = every.sentencesToEmbed(LONG);
            List<String> later = past.sentencesToEmbed(LONG);
            int read = model.charsRead(every.textOf(LONG));
            assertThat(read).isLessThan(every.textOf(LONG).length());
            assertThat(all).hasSize(10);
            assertThat(later).isNotEmpty().hasSizeLessThan(all.size())
                    .containsExactlyElementsOf(all.subList(all.size() - later.size(), all.size()));
            String firstLater = later.get(0);
            assertThat(every.textOf(LONG).indexOf(firstLater) + firstLater.length()).isGreaterThan(read);
            String lastRead = all.get(all.size() - later.size() - 1);
            assertThat(every.textOf(LONG).indexOf(lastRead) + lastRead.length()).isLessThanOrEqualTo(read);
        }
    }

    @Test
    void eachChoiceEmbedsTheWholeTextAndItsOwnSentencesOnly() {
        for (Embeddings.SentenceVectors mode : Embeddings.SentenceVectors.values()) {
            CountingModel model = new CountingModel();
            Path cache = dir.resolve(mode.name());
            try (Embeddings e = new Embeddings(model, new EmbeddingCache(cache, model.name(), model.dimensions()), null,
                    MiniLmEmbeddingModel.MAX_CHARS, false, mode)) {
                Embeddings.Embedded out = e.embedAll(List.of(LONG));
                List<String> expected = new ArrayList<>();
                expected.add(e.textOf(LONG));
                expected.addAll(e.sentencesToEmbed(LONG));
                if (mode == Embeddings.SentenceVectors.IN_CONTEXT) { // one reading of the text gives them all
                    assertThat(model.embedded).as(mode.name()).isEmpty();
                    assertThat(model.readInContext).as(mode.name()).containsExactly(e.textOf(LONG));
                } else {
                    assertThat(model.embedded).as(mode.name()).containsExactlyInAnyOrderElementsOf(expected);
                }
                assertThat(out.sentences()).as(mode.name()).isEqualTo(expected.size() - 1);
                assertThat(out.docs().get(0).embedding()).hasSize(384);
            }
        }
    }

    @Test
    void aWorkspaceEmbeddedWithEverySentenceKeepsUsingThemWhateverIsChosenLater() {
        CountingModel model = new CountingModel();
        float[] question = model.embed(List.of("customers got the same receipt several times")).get(0);
        float withSentences;
        try (Embeddings every = embeddings(model, Embeddings.SentenceVectors.EVERY)) {
            every.embedAll(List.of(LONG));
            withSentences = every.similarity(question, LONG);
        }
        for (Embeddings.SentenceVectors choice : List.of(Embeddings.SentenceVectors.NONE,
                Embeddings.SentenceVectors.PAST_THE_WHOLE_TEXT, Embeddings.SentenceVectors.IN_CONTEXT)) {
            CountingModel later = new CountingModel();
            try (Embeddings e = embeddings(later, choice)) {
                assertThat(e.embedAll(List.of(LONG)).computed()).as(choice.name()).isZero(); // the whole text's is cached
                assertThat(e.similarity(question, LONG)).as(choice.name()).isEqualTo(withSentences);
                assertThat(later.embedded).as(choice.name()).isEmpty();
                assertThat(later.readInContext).as(choice.name()).isEmpty(); // the sentences alone still answer
            }
        }
    }

    @Test
    void theChoiceIsReadFromTheSystemProperty() {
        String before = System.getProperty("brainconsole.sentenceVectors");
        try {
            System.clearProperty("brainconsole.sentenceVectors");
            assertThat(Embeddings.SentenceVectors.configured()).isEqualTo(Embeddings.SentenceVectors.IN_CONTEXT);
            System.setProperty("brainconsole.sentenceVectors", "every");
            assertThat(Embeddings.SentenceVectors.configured()).isEqualTo(Embeddings.SentenceVectors.EVERY);
            System.setProperty("brainconsole.sentenceVectors", "past");
            assertThat(Embeddings.SentenceVectors.configured()).isEqualTo(Embeddings.SentenceVectors.PAST_THE_WHOLE_TEXT);
            System.setProperty("brainconsole.sentenceVectors", "NONE");
            assertThat(Embeddings.SentenceVectors.configured()).isEqualTo(Embeddings.SentenceVectors.NONE);
            System.setProperty("brainconsole.sentenceVectors", "context");
            assertThat(Embeddings.SentenceVectors.configured()).isEqualTo(Embeddings.SentenceVectors.IN_CONTEXT);
            System.setProperty("brainconsole.sentenceVectors", "pasts"); // not a choice: the default, and a warning
            assertThat(Embeddings.SentenceVectors.configured()).isEqualTo(Embeddings.SentenceVectors.IN_CONTEXT);
        } finally {
            if (before == null) {
                System.clearProperty("brainconsole.sentenceVectors");
            } else {
                System.setProperty("brainconsole.sentenceVectors", before);
            }
        }
    }
}
