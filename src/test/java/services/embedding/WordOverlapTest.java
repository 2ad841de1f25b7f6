package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WordOverlapTest {

    private static double overlap(String question, String content) {
        return new WordOverlap(question).of(EmbeddingBackfillTest.lesson("lesson:x", content));
    }

    @Test
    void theShareOfTheQuestionsContentWordsTheDocumentContains() {
        assertThat(overlap("escape typesense filter values", "Wrap every Typesense filter value in backticks."))
                .isCloseTo(0.75, within(1e-9)); // typesense, filter, value(s) — not escape
        assertThat(overlap("escape typesense filter values", "Rotate logs daily.")).isZero();
    }

    @Test
    void wordsAreComparedByTheirStems() {
        assertThat(overlap("retried", "Every retry gets a new key.")).isEqualTo(1);
        assertThat(overlap("certificate expires", "The TLS certificate's expiry date")).isEqualTo(1);
        assertThat(overlap("memory", "Memories of a loop")).isEqualTo(1);
    }

    @Test
    void stopWordsAndTheWordsThatAskAreNotContent() {
        assertThat(overlap("how do we rotate the logs", "Rotate logs daily.")).isEqualTo(1);
        assertThat(overlap("what could we do", "What could we do about it")).isZero(); // nothing to match
    }

    @Test
    void aMatchStartsAWord() {
        assertThat(overlap("ran out", "The transaction was rolled back.")).isZero();
    }
}
