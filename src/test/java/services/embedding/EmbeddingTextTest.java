package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;

class EmbeddingTextTest {

    @Test
    void aTextOfTwoSentencesOrMoreIsAlsoEmbeddedSentenceBySentence() {
        assertThat(EmbeddingText.sentences(EmbeddingBackfillTest.lesson("lesson:ttl", "Keys without a TTL piled up in "
                + "Redis for months until memory ran out.  Every key the loop writes gets an expiry; the watchdog "
                + "reports keys without one."), 1_000)).containsExactly(
                "Keys without a TTL piled up in Redis for months until memory ran out.",
                "Every key the loop writes gets an expiry; the watchdog reports keys without one.");
    }

    @Test
    void aOneSentenceTextHasNoSentencesOfItsOwn() {
        assertThat(EmbeddingText.sentences(EmbeddingBackfillTest.lesson("lesson:a", "Give every Redis key a TTL."),
                1_000)).isEmpty();
    }

    @Test
    void shortPiecesAreJoinedToTheSentenceBeforeThem() {
        assertThat(EmbeddingText.sentences(EmbeddingBackfillTest.lesson("lesson:disk", "The index could not write "
                + "because verbose logs filled the disk. Rotate daily. Keep seven days and stop writing debug logs."),
                1_000)).containsExactly("The index could not write because verbose logs filled the disk. Rotate daily.",
                "Keep seven days and stop writing debug logs.");
        // "e.g." and a version number do not end a sentence worth a vector of its own
        assertThat(EmbeddingText.sentences(EmbeddingBackfillTest.lesson("lesson:v", "Use v2. It is faster than v1 by "
                + "a wide margin on every benchmark we ran."), 1_000)).isEmpty();
    }

    @Test
    void sentencesCoverWhatTheWholeTextsVectorCoversAndNoMore() {
        String text = "First sentence of the lesson is here. " + "x".repeat(80) + ". Beyond the cut.";
        assertThat(EmbeddingText.sentences(EmbeddingBackfillTest.lesson("lesson:long", text), 70))
                .containsExactly("First sentence of the lesson is here.", "x".repeat(32));
    }

    @Test
    void aFailedTargetIsEmbeddedAsItsTitleItsContentIsATemplate() {
        KnowledgeDoc failed = VectorlessHybridTest.failedTarget("loop-x", "S3",
                "Retry the   email sender");
        assertThat(EmbeddingText.of(failed, 1_000)).isEqualTo("Failed: Retry the   email sender");
        assertThat(EmbeddingText.sentences(failed, 1_000)).isEmpty();
    }

    @Test
    void theEmbeddedTextIsTheContentWithItsWhitespaceCollapsedAndCutExactlyAsBefore() {
        Random random = new Random(7);
        String alphabet = "ab c\t\n\r\f\u000B\u00A0\u2003é東.";
        for (int round = 0; round < 2_000; round++) {
            StringBuilder b = new StringBuilder();
            int length = random.nextInt(round % 2 == 0 ? 40 : 2_500);
            for (int i = 0; i < length; i++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String content = b.toString();
            int max = 1 + random.nextInt(1_200);
            KnowledgeDoc doc = new KnowledgeDoc("l:" + round, "lesson", " Title ",
                    content, null, null, null, null, null, List.of(), 1L, null);
            String collapsed = content.strip().replaceAll("\\s+", " ");
            String expected = collapsed.isEmpty() ? "Title" : collapsed;
            expected = expected.length() > max ? expected.substring(0, max) : expected;
            Assertions.assertThat(EmbeddingText.of(doc, max)).as(content).isEqualTo(expected);
        }
    }
}
