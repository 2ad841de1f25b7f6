package services.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import services.embedding.MiniLmEmbeddingModel;

/**
 * The thresholds of {@link SimilarLessons}, measured on a labeled set of pairs written like the running system's
 * lessons ({@code similar-lessons.tsv}: 28 near-duplicates — the same advice in other words —, 8 contradictions —
 * the same subject, the opposite advice — and 29 unrelated pairs, 12 of them on the same topic). A pair is found
 * when the closest sentences of the two texts score at least the threshold; near-duplicates and contradictions
 * should be found, unrelated pairs not. Prints the figures the README quotes.
 */
@Tag("model")
class LessonSimilarityThresholdTest {

    record Labeled(String label, String a, String b) {
    }

    record Figures(int tp, int fp, int fn, int contraFlagged, int contraFound, int dupFlagged, int dupFound) {

        double precision() {
            return tp == 0 ? 0 : (double) tp / (tp + fp);
        }

        double recall() {
            return (double) tp / (tp + fn);
        }
    }

    static List<Labeled> pairs() throws Exception {
        List<Labeled> out = new ArrayList<>();
        try (var in = LessonSimilarityThresholdTest.class.getResourceAsStream("similar-lessons.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] f = line.split("\t");
                    out.add(new Labeled(f[0], f[1], f[2]));
                }
            }
        }
        return out;
    }

    static Figures measure(LessonSimilarity similarity, double threshold) throws Exception {
        int tp = 0;
        int fp = 0;
        int fn = 0;
        int contraFlagged = 0;
        int contraFound = 0;
        int dupFlagged = 0;
        int dupFound = 0;
        for (Labeled p : pairs()) {
            LessonSimilarity.Pair best = similarity.best(LessonSimilarity.sentences(p.a()),
                    LessonSimilarity.sentences(p.b()));
            boolean found = best.score() >= threshold;
            boolean alike = !p.label().equals("other");
            tp += found && alike ? 1 : 0;
            fp += found && !alike ? 1 : 0;
            fn += !found && alike ? 1 : 0;
            boolean flagged = found && similarity.contradicts(best.a(), best.b(), threshold);
            if (p.label().equals("contra") && found) {
                contraFound++;
                contraFlagged += flagged ? 1 : 0;
            }
            if (p.label().equals("dup") && found) {
                dupFound++;
                dupFlagged += flagged ? 1 : 0;
            }
        }
        return new Figures(tp, fp, fn, contraFlagged, contraFound, dupFlagged, dupFound);
    }

    private static void print(String how, double threshold, Figures f) {
        System.out.printf("%s at %.2f: precision %.2f (%d of %d found), recall %.2f (%d of %d alike); contradiction "
                        + "flagged on %d of %d contradictions found, falsely on %d of %d near-duplicates found%n", how,
                threshold, f.precision(), f.tp(), f.tp() + f.fp(), f.recall(), f.tp(), f.tp() + f.fn(),
                f.contraFlagged(), f.contraFound(), f.dupFlagged(), f.dupFound());
    }

    @Test
    void byMeaning() throws Exception {
        Figures f = measure(new LessonSimilarity(new MiniLmEmbeddingModel(), null), SimilarLessons.MEANING_THRESHOLD);
        print("meaning", SimilarLessons.MEANING_THRESHOLD, f);
        assertThat(f.precision()).isGreaterThanOrEqualTo(0.9);
        assertThat(f.recall()).isGreaterThanOrEqualTo(0.85);
        assertThat(f.contraFlagged()).isGreaterThanOrEqualTo(f.contraFound() / 2);
        assertThat(f.dupFlagged()).isLessThanOrEqualTo(3);
    }

    @Test
    void byWords() throws Exception {
        Figures f = measure(new LessonSimilarity(null, null), SimilarLessons.WORDS_THRESHOLD);
        print("words", SimilarLessons.WORDS_THRESHOLD, f);
        assertThat(f.precision()).isGreaterThanOrEqualTo(0.9);
        assertThat(f.recall()).isGreaterThanOrEqualTo(0.85);
    }

    @Test
    void theAdviceNotItsReasonDecidesPolarity() {
        assertThat(LessonSimilarity.opposite("Do not run the type checker before the test suite; it slows the loop.",
                "Run the type checker before the test suite; type errors hide behind failing tests.")).isTrue();
        assertThat(LessonSimilarity.opposite("Give every email step an idempotency key so a retry does not send twice.",
                "Every step that sends email must carry an idempotency key, or a retried step sends twice.")).isFalse();
        assertThat(LessonSimilarity.opposite("If Redis cannot be reached, fall back to the index.",
                "When Redis is unreachable the loop should degrade to the index, not stop.")).isFalse();
    }
}
