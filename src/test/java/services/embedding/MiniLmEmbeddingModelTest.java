package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The shipped model, run for real on the CPU (no network): deterministic, unit-length, 384 dimensions. */
class MiniLmEmbeddingModelTest {

    private final MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();

    @Test
    void sameTextGivesTheSameVectorEveryTimeAndInEveryBatch() {
        String text = "Every step that sends email must carry an idempotency key";
        float[] alone = model.embed(List.of(text)).get(0);
        float[] again = model.embed(List.of(text)).get(0);
        float[] inBatch = model.embed(List.of("something else entirely", text, "and a third text")).get(1);
        assertThat(again).containsExactly(alone);
        assertThat(inBatch).containsExactly(alone);
        assertThat(alone).hasSize(384);
        assertThat(dot(alone, alone)).isCloseTo(1.0, Offset.offset(1e-4));
    }

    @Test
    void aParaphraseIsCloserThanAnUnrelatedText() {
        List<float[]> v = model.embed(List.of("how do we stop a retried job from emailing the customer twice",
                "Every step that sends email must carry an idempotency key",
                "Use UTC timestamps in every log line"));
        assertThat(dot(v.get(0), v.get(1))).isGreaterThan(dot(v.get(0), v.get(2)) + 0.1);
    }

    @Test
    void blankAndVeryLongTextsAreEmbeddedToo() {
        List<float[]> v = model.embed(List.of("", "word ".repeat(5_000)));
        assertThat(v).hasSize(2).allSatisfy(x -> assertThat(x).hasSize(384));
    }

    @Test
    void theVectorsAreThoseOfTheModelsOwnPackageToTheLastBit() {
        var packaged = new AllMiniLmL6V2QuantizedEmbeddingModel(
                Runnable::run);
        List<String> texts = List.of("Every step that sends email must carry an idempotency key.",
                "Résumé: naïve façade — 東京 🚀 tabs\tand\nnew lines",
                "Why did the deploy fail? The TLS certificate expired on Saturday; renew it 30 days early.",
                ("Long paragraphs are cut by the tokenizer where the model stops reading, at 128 word pieces: "
                        + "the rest of a 1,000-character text does not change its vector. ").repeat(8)
                        .substring(0, MiniLmEmbeddingModel.MAX_CHARS));
        List<float[]> ours = model.embed(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(ours.get(i)).as(texts.get(i)).containsExactly(packaged.embed(texts.get(i)).content().vector());
        }
    }

    @Test
    void textsSpreadOverWorkersGetTheSameVectorsInTheSameOrder() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                texts.add("Lesson " + i + ": " + "retry with backoff and an idempotency key ".repeat(1 + i % 7));
            }
            List<float[]> spread = new MiniLmEmbeddingModel(pool, 4).embed(texts);
            List<float[]> alone = model.embed(texts);
            assertThat(spread).hasSize(40);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(spread.get(i)).containsExactly(alone.get(i));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void aLongTextIsReadOnlyToItsLastKeptWordPieceAndAShortOneWhole() {
        String shortText = "Every step that sends email must carry an idempotency key.";
        assertThat(model.charsRead(shortText)).isEqualTo(shortText.length());
        String longText = "The retry loop in the email worker had no upper bound, so make every operation safe to repeat. "
                .repeat(10);
        int read = model.charsRead(longText);
        assertThat(read).isBetween(300, 800); // 128 word pieces of plain English
        String cut = longText.substring(0, read);
        assertThat(model.embed(List.of(cut)).get(0)).isEqualTo(model.embed(List.of(longText)).get(0));
    }
}
