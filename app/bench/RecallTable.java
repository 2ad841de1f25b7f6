package app.bench;

import java.util.List;

/** The recall benchmark's quality table and what it says about the targets. */
final class RecallTable {

    /**
     * Scores are sums of 1/rank, so two of them can be equal in exact arithmetic and differ in the last bits of a
     * double; comparisons allow for that.
     */
    static final double EXACT = 1e-9;
    static final double TARGET_ALL = 0.93;
    static final double TARGET_PARAPHRASE = 0.85;

    private RecallTable() {
    }

    static String of(RecallBenchmark.Quality q) {
        RecallBenchmark.Score tuneDeep = q.score(RecallBenchmark.DEEP, RecallCorpus.TUNING);
        RecallBenchmark.Score heldDeep = q.score(RecallBenchmark.DEEP, RecallCorpus.HELD_OUT);
        StringBuilder out = new StringBuilder(String.format("Labeled set: %d questions (%d paraphrases) over %d answers "
                        + "and %d distractors — tuning split %d (%d paraphrases), held-out split %d (%d paraphrases); "
                        + "embedded at %.0f docs/s.%n", q.questions(), q.paraphrases(), q.answers(), q.distractors(),
                tuneDeep.questions(), tuneDeep.paraphrases(), heldDeep.questions(), heldDeep.paraphrases(),
                q.docsPerSecond()));
        out.append("| variant | model (MB) | tuning MRR@5 | tuning paraphrase | held-out MRR@5 | held-out direct | "
                + "held-out paraphrase | held-out hit@5 | ms/question |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (RecallBenchmark.Score s : q.scores()) {
            if (!s.split().equals(RecallCorpus.HELD_OUT)) {
                continue;
            }
            RecallBenchmark.Score t = q.score(s.variant(), RecallCorpus.TUNING);
            out.append(String.format("| %s | %s (%.0f) | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f |%n", s.variant(),
                    s.model(), s.modelMb(), t.mrr(), t.mrrParaphrase(), s.mrr(), s.mrrDirect(), s.mrrParaphrase(),
                    s.hit(), (s.msPerQuestion() * s.questions() + t.msPerQuestion() * t.questions())
                            / (s.questions() + t.questions())));
        }
        q.notes().forEach(n -> out.append(n).append('\n'));
        for (String split : List.of(RecallCorpus.TUNING, RecallCorpus.HELD_OUT)) {
            double lean = q.score(RecallBenchmark.LEAN, split).mrr();
            double balanced = q.score(RecallBenchmark.BALANCED, split).mrr();
            double deep = q.score(RecallBenchmark.DEEP, split).mrr();
            double leanP = q.score(RecallBenchmark.LEAN, split).mrrParaphrase();
            double balancedP = q.score(RecallBenchmark.BALANCED, split).mrrParaphrase();
            double deepP = q.score(RecallBenchmark.DEEP, split).mrrParaphrase();
            boolean met = deep >= balanced - EXACT && balanced >= lean - EXACT && deepP >= balancedP - EXACT
                    && balancedP >= leanP - EXACT;
            out.append(String.format("%s split: deep %.3f ≥ balanced %.3f ≥ lean %.3f (paraphrases %.3f ≥ %.3f ≥ %.3f): %s.%n",
                    split, deep, balanced, lean, deepP, balancedP, leanP, met ? "met" : "MISSED"));
        }
        double oneRankAll = 0.5 / heldDeep.questions();
        double oneRankParaphrase = 0.5 / heldDeep.paraphrases();
        out.append(String.format("Held-out deep MRR@5 %.3f (target ≥ %.2f: %s, margin %+.3f = %.1f one-rank changes) and "
                        + "%.3f on paraphrases (target ≥ %.2f: %s, margin %+.3f = %.1f one-rank changes). One answer moving "
                        + "from 1st to 2nd moves MRR@5 by %.4f over all held-out questions and %.4f over its paraphrases.%n",
                heldDeep.mrr(), TARGET_ALL, heldDeep.mrr() >= TARGET_ALL - EXACT ? "met" : "MISSED",
                heldDeep.mrr() - TARGET_ALL, (heldDeep.mrr() - TARGET_ALL) / oneRankAll,
                heldDeep.mrrParaphrase(), TARGET_PARAPHRASE,
                heldDeep.mrrParaphrase() >= TARGET_PARAPHRASE - EXACT ? "met" : "MISSED",
                heldDeep.mrrParaphrase() - TARGET_PARAPHRASE, (heldDeep.mrrParaphrase() - TARGET_PARAPHRASE)
                        / oneRankParaphrase, oneRankAll, oneRankParaphrase));
        return out.toString();
    }
}
