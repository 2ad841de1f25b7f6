package app.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.EmbeddingCache;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.recall.RecallBudget;
import services.recall.RecallPreview;
import services.recall.RecallService;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/**
 * {@code bench recall}, quality: the labeled questions of {@link RecallCorpus} against its documents and
 * distractors, for each budget and each way of finding candidates (keyword, dense, hybrid). A question scores
 * 1/rank when its answer is among the first five documents the budget would inject, else 0 (MRR@5); hit@5 counts
 * it found at all.
 */
public final class RecallBenchmark {

    /** MRR@5 and hit@5 of one budget and retrieval, over all questions, direct ones and paraphrases. */
    public record Score(String budget, String retrieval, double mrr, double hit, double mrrDirect, double mrrParaphrase,
                        double hitParaphrase) {
    }

    public record Quality(int answers, int distractors, int questions, int paraphrases, List<Score> scores,
                          double embedMs, double docsPerSecond) {

        public Score score(RecallBudget budget, KnowledgeQuery.Retrieval retrieval) {
            return scores.stream().filter(s -> s.budget().equals(budget.label())
                    && s.retrieval().equals(retrieval.name().toLowerCase())).findFirst().orElseThrow();
        }
    }

    /** An index over the fixture, embedded, in {@code dir} (a fresh folder). */
    public static HybridKnowledgeIndex open(Path dir) {
        MiniLmEmbeddingModel model = app.AppContext.embeddingModel();
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("state/embeddings"), model.name(),
                model.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS);
        return new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), model.dimensions()), embeddings);
    }

    public Quality quality(PrintWriter log) throws IOException {
        RecallCorpus corpus = RecallCorpus.load();
        Path dir = Files.createTempDirectory("bc-recall");
        try (HybridKnowledgeIndex index = open(dir)) {
            index.embeddings().embedQuestion("warm up"); // the model loads once per process
            index.upsert(corpus.all());
            index.flush();
            long started = System.nanoTime();
            EmbeddingBackfill.Result r = new EmbeddingBackfill(index, index.embeddings(),
                    new BackfillState(dir.resolve("state/embeddings")), Telemetry.noop()).run(ProgressSink.NONE);
            double ms = (System.nanoTime() - started) / 1e6;
            log.printf("embedded %d documents in %.1f s%n", r.computed(), ms / 1000);
            log.flush();
            RecallService recall = new RecallService(index, Telemetry.noop(), index::question);
            List<Score> scores = new ArrayList<>();
            for (RecallBudget budget : RecallBudget.values()) {
                for (KnowledgeQuery.Retrieval how : KnowledgeQuery.Retrieval.values()) {
                    scores.add(score(recall, corpus.questions(), budget, how));
                }
            }
            int paraphrases = (int) corpus.questions().stream().filter(RecallCorpus.Question::paraphrase).count();
            return new Quality(corpus.answers().size(), corpus.distractors().size(), corpus.questions().size(),
                    paraphrases, scores, ms, r.computed() / (ms / 1000));
        } finally {
            delete(dir);
        }
    }

    private static Score score(RecallService recall, List<RecallCorpus.Question> questions, RecallBudget budget,
                               KnowledgeQuery.Retrieval how) {
        double[] sum = new double[5]; // mrr, hit, mrr direct, mrr paraphrase, hit paraphrase
        int paraphrases = 0;
        for (RecallCorpus.Question q : questions) {
            RecallPreview p = recall.preview(q.text(), budget, Map.of(), how);
            double rr = 0;
            List<SearchResult.Hit> injected = p.injected();
            for (int i = 0; i < Math.min(5, injected.size()); i++) {
                if (injected.get(i).doc().id().equals(q.answer())) {
                    rr = 1.0 / (i + 1);
                    break;
                }
            }
            sum[0] += rr;
            sum[1] += rr > 0 ? 1 : 0;
            if (q.paraphrase()) {
                paraphrases++;
                sum[3] += rr;
                sum[4] += rr > 0 ? 1 : 0;
            } else {
                sum[2] += rr;
            }
        }
        int n = questions.size();
        return new Score(budget.label(), how.name().toLowerCase(), sum[0] / n, sum[1] / n, sum[2] / (n - paraphrases),
                sum[3] / paraphrases, sum[4] / paraphrases);
    }

    /**
     * Scores are sums of 1/rank over 72 questions, so two of them can be equal in exact arithmetic and differ in
     * the last bits of a double (10.8/72 − 2.2/72 is 0.15, but not as doubles); comparisons allow for that.
     */
    static final double EXACT = 1e-9;

    public static String table(Quality q) {
        StringBuilder out = new StringBuilder(String.format("Labeled set: %d questions (%d paraphrases) over %d answers and "
                + "%d distractors; embedded at %.0f docs/s.%n", q.questions(), q.paraphrases(), q.answers(),
                q.distractors(), q.docsPerSecond()));
        out.append("| budget | retrieval | MRR@5 | hit@5 | MRR@5 direct | MRR@5 paraphrase | hit@5 paraphrase |\n")
                .append("|---|---|---:|---:|---:|---:|---:|\n");
        for (Score s : q.scores()) {
            boolean asSpecified = RecallBudget.parse(s.budget(), "").retrieval().name().toLowerCase().equals(s.retrieval());
            out.append(String.format("| %s | %s%s | %.3f | %.3f | %.3f | %.3f | %.3f |%n", s.budget(), s.retrieval(),
                    asSpecified ? " ◀" : "", s.mrr(), s.hit(), s.mrrDirect(), s.mrrParaphrase(), s.hitParaphrase()));
        }
        Score lean = q.score(RecallBudget.LEAN, KnowledgeQuery.Retrieval.KEYWORD);
        Score balancedKeyword = q.score(RecallBudget.BALANCED, KnowledgeQuery.Retrieval.KEYWORD);
        Score balanced = q.score(RecallBudget.BALANCED, KnowledgeQuery.Retrieval.HYBRID);
        Score deep = q.score(RecallBudget.DEEP, KnowledgeQuery.Retrieval.HYBRID);
        double gain = balanced.mrr() - balancedKeyword.mrr();
        out.append(String.format("◀ = the budget as shipped. Hybrid − keyword (balanced): %+.3f MRR@5 (target ≥ +0.15: %s). "
                        + "deep %.3f, balanced %.3f, lean %.3f — deep ≥ balanced ≥ lean: %s.%n", gain, gain >= 0.15 - EXACT ? "met" : "MISSED",
                deep.mrr(), balanced.mrr(), lean.mrr(),
                deep.mrr() >= balanced.mrr() - EXACT && balanced.mrr() >= lean.mrr() - EXACT ? "met" : "MISSED"));
        return out.toString();
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The scores as rows for --json. */
    public static Map<String, Object> json(Quality q) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("questions", q.questions());
        out.put("paraphrases", q.paraphrases());
        out.put("answers", q.answers());
        out.put("distractors", q.distractors());
        out.put("scores", q.scores());
        return out;
    }
}
