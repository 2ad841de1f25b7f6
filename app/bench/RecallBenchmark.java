package app.bench;

import app.compose.Pools;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.EmbeddingCache;
import services.embedding.EmbeddingModel;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.embedding.Ranking;
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
 * distractors, for the budgets as shipped and for every variant tried (how candidates are found and fused, the
 * rewrite, what is embedded, which model), each on the tuning split and on the held-out split. A question scores
 * 1/rank when its answer is among the first five documents the budget would inject, else 0 (MRR@5); hit@5 counts
 * it found at all. Cost: milliseconds per question (the question's embedding included) and the model's megabytes.
 */
public final class RecallBenchmark {

    private final Pools pools;

    public RecallBenchmark(Pools pools) {
        this.pools = pools;
    }

    /** MRR@5 and hit@5 of one variant on one split: over all its questions, direct ones and paraphrases. */
    public record Score(String variant, String model, String split, int questions, int paraphrases, double mrr,
                        double hit, double mrrDirect, double mrrParaphrase, double hitParaphrase, double msPerQuestion,
                        double modelMb) {
    }

    /** One way of answering: a budget's plan, how candidates are found and fused, and which half is rewritten. */
    record Variant(String name, RecallBudget budget, KnowledgeQuery.Retrieval retrieval, Ranking ranking,
                   RecallService.Rewrite rewrite, Rerank rerank) {

        static Variant of(String name, RecallBudget budget, KnowledgeQuery.Retrieval retrieval) {
            return new Variant(name, budget, retrieval, Ranking.DEFAULT, RecallService.Rewrite.KEYWORD_HALF, Rerank.NONE);
        }

        Variant ranking(Ranking r) {
            return new Variant(name, budget, retrieval, r, rewrite, rerank);
        }

        Variant rewrite(RecallService.Rewrite r) {
            return new Variant(name, budget, retrieval, ranking, r, rerank);
        }

        Variant rerank(Rerank r) {
            return new Variant(name, budget, retrieval, ranking, rewrite, r);
        }
    }

    /** A second pass over the fused candidates ({@link EnsembleRerank}): none, the models' vote, or with the first pass's. */
    enum Rerank { NONE, MODELS, MODELS_AND_FIRST_PASS, FEEDBACK }

    /** What an index is embedded with: a model, and whether titles get a vector of their own. */
    record Setup(String label, EmbeddingModel model, boolean titles, Embeddings.SentenceVectors sentences,
                 List<Variant> variants) {
    }

    public record Quality(int answers, int distractors, int questions, int paraphrases, List<Score> scores,
                          List<String> notes, double embedMs, double docsPerSecond) {

        public Score score(String variant, String split) {
            return scores.stream().filter(s -> s.variant().equals(variant) && s.split().equals(split)).findFirst()
                    .orElseThrow();
        }
    }

    static final String LEAN = "lean (shipped: keyword)";
    static final String BALANCED = "balanced (shipped: hybrid)";
    static final String DEEP = "deep (shipped: hybrid)";

    /** The variants over the shipped model's index: the budgets as shipped, then deep's plan done other ways. */
    static List<Variant> shippedModelVariants() {
        KnowledgeQuery.Retrieval hybrid = KnowledgeQuery.Retrieval.HYBRID;
        RecallBudget deep = RecallBudget.DEEP;
        return List.of(
                Variant.of(LEAN, RecallBudget.LEAN, RecallBudget.LEAN.retrieval()),
                Variant.of(BALANCED, RecallBudget.BALANCED, RecallBudget.BALANCED.retrieval()),
                Variant.of(DEEP, deep, deep.retrieval()),
                Variant.of("lean · hybrid", RecallBudget.LEAN, hybrid),
                Variant.of("deep · keyword only", deep, KnowledgeQuery.Retrieval.KEYWORD),
                Variant.of("deep · dense only", deep, KnowledgeQuery.Retrieval.DENSE),
                Variant.of("deep · reciprocal-rank fusion", deep, hybrid).ranking(Ranking.DEFAULT.withFusion(Ranking.Fusion.RRF)),
                Variant.of("deep · weighted, dense weight 0.7", deep, hybrid).ranking(Ranking.DEFAULT.withDenseWeight(0.7)),
                Variant.of("deep · weighted, dense weight 0.9", deep, hybrid).ranking(Ranking.DEFAULT.withDenseWeight(0.9)),
                Variant.of("deep · rerank 60 dense candidates by closest sentence", deep, hybrid)
                        .ranking(Ranking.DEFAULT.withDensePool(60)),
                Variant.of("deep · no rewrite", deep, hybrid).rewrite(RecallService.Rewrite.NONE),
                Variant.of("deep · rewrite both halves", deep, hybrid).rewrite(RecallService.Rewrite.BOTH_HALVES),
                Variant.of("deep · no rewrite, dense weight 0.9", deep, hybrid).rewrite(RecallService.Rewrite.NONE)
                        .ranking(Ranking.DEFAULT.withDenseWeight(0.9)),
                Variant.of("deep · question moved towards its 3 nearest documents (feedback)", deep, hybrid)
                        .rerank(Rerank.FEEDBACK),
                Variant.of("deep · rerank by 3 models (MiniLM, BGE, E5)", deep, hybrid).rewrite(RecallService.Rewrite.NONE)
                        .rerank(Rerank.MODELS),
                Variant.of("deep · rerank by 3 models + first pass", deep, hybrid).rewrite(RecallService.Rewrite.NONE)
                        .rerank(Rerank.MODELS_AND_FIRST_PASS));
    }

    /** The variants over another index: deep's plan, dense alone and hybrid. */
    static List<Variant> otherIndexVariants(String prefix) {
        return List.of(Variant.of(prefix + " · deep, dense only", RecallBudget.DEEP, KnowledgeQuery.Retrieval.DENSE),
                Variant.of(prefix + " · deep, hybrid", RecallBudget.DEEP, KnowledgeQuery.Retrieval.HYBRID));
    }

    /** An index over the fixture, to be embedded, in {@code dir} (a fresh folder). */
    public static HybridKnowledgeIndex open(Path dir, Pools pools) {
        return open(dir, pools.embeddingModel(), false, Embeddings.SentenceVectors.configured(), pools);
    }

    static HybridKnowledgeIndex open(Path dir, EmbeddingModel model, boolean titles, Embeddings.SentenceVectors sentences,
                                     Pools pools) {
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("state/embeddings"), model.name(),
                model.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS, titles, sentences);
        return new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), model.dimensions())
                .searchingBeside(pools.searchLanes()), embeddings);
    }

    public Quality quality(PrintWriter log) throws IOException {
        RecallCorpus corpus = RecallCorpus.load();
        List<Setup> setups = new ArrayList<>();
        Embeddings.SentenceVectors shipped = Embeddings.SentenceVectors.configured();
        setups.add(new Setup("all-minilm-l6-v2-q", pools.embeddingModel(), false, shipped,
                shippedModelVariants()));
        setups.add(new Setup("all-minilm-l6-v2-q", pools.embeddingModel(), true, shipped,
                otherIndexVariants("titles embedded on their own too")));
        if (shipped != Embeddings.SentenceVectors.NONE) {
            // the labeled set's texts are all shorter than what the whole text's vector reads, so here "past the
            // whole text" embeds no sentence: the same rows as none
            setups.add(new Setup("all-minilm-l6-v2-q", pools.embeddingModel(), false,
                    Embeddings.SentenceVectors.NONE, otherIndexVariants("no sentence vectors (whole texts only)")));
        }
        if (shipped != Embeddings.SentenceVectors.EVERY) {
            setups.add(new Setup("all-minilm-l6-v2-q", pools.embeddingModel(), false,
                    Embeddings.SentenceVectors.EVERY, otherIndexVariants("every sentence embedded on its own")));
        }
        if (shipped != Embeddings.SentenceVectors.IN_CONTEXT) {
            setups.add(new Setup("all-minilm-l6-v2-q", pools.embeddingModel(), false,
                    Embeddings.SentenceVectors.IN_CONTEXT, otherIndexVariants("sentences read in context (one pass)")));
        }
        if (Boolean.getBoolean("brainconsole.bench.shippedOnly")) {
            setups.subList(1, setups.size()).clear();
        }
        List<String> notes = new ArrayList<>();
        List<EmbeddingModel> others = new ArrayList<>();
        for (BenchModels.Candidate c : BenchModels.OTHERS) {
            EmbeddingModel m = BenchModels.load(c);
            if (m == null) {
                notes.add(c.name() + ": not on the class path, not measured (see the README: the recall benchmark).");
            } else {
                others.add(m);
                setups.add(new Setup(c.name(), m, false, shipped, otherIndexVariants(c.name())));
            }
        }
        List<Score> scores = new ArrayList<>();
        double embedMs = 0;
        double perSecond = 0;
        for (Setup setup : setups) {
            Path dir = Files.createTempDirectory("bc-recall");
            try (HybridKnowledgeIndex index = open(dir, setup.model(), setup.titles(), setup.sentences(), pools)) {
                index.embeddings().embedQuestion("warm up"); // the model loads once per process
                index.upsert(corpus.all());
                index.flush();
                long started = System.nanoTime();
                EmbeddingBackfill.Result r = new EmbeddingBackfill(index, index.embeddings(),
                        new BackfillState(dir.resolve("state/embeddings")), Telemetry.noop()).run(ProgressSink.NONE);
                double ms = (System.nanoTime() - started) / 1e6;
                log.printf("%s%s: embedded %d documents in %.1f s%n", setup.label(), setup.titles() ? " (titles too)" : "",
                        r.computed(), ms / 1000);
                log.flush();
                if (setups.get(0) == setup) {
                    embedMs = ms;
                    perSecond = r.computed() / (ms / 1000);
                }
                RecallService plain = new RecallService(index, Telemetry.noop(), index::question);
                double mb = BenchModels.megabytes(setup.model());
                List<Embeddings> rerankers = new ArrayList<>();
                for (EmbeddingModel m : others.stream().filter(BenchModels::votes).toList()) {
                    rerankers.add(new Embeddings(m, new EmbeddingCache(dir.resolve("state/rerank-" + m.name()), m.name(),
                            m.dimensions()), null, MiniLmEmbeddingModel.MAX_CHARS));
                }
                for (Variant v : setup.variants()) {
                    if ((v.rerank() == Rerank.MODELS || v.rerank() == Rerank.MODELS_AND_FIRST_PASS)
                            && others.stream().filter(BenchModels::votes).count() < BenchModels.voters()) {
                        continue; // the other models are not on the class path
                    }
                    index.ranking(v.ranking());
                    RecallService recall = switch (v.rerank()) {
                        case NONE -> plain;
                        case FEEDBACK -> new RecallService(new FeedbackQuery(index, 3, 0.5f), Telemetry.noop(),
                                index::question);
                        default -> new RecallService(new EnsembleRerank(index, rerankers,
                                v.rerank() == Rerank.MODELS_AND_FIRST_PASS), Telemetry.noop(), index::question);
                    };
                    double megabytes = mb + (v.rerank() == Rerank.NONE || v.rerank() == Rerank.FEEDBACK ? 0
                            : others.stream().filter(BenchModels::votes).mapToDouble(BenchModels::megabytes).sum());
                    for (String split : List.of(RecallCorpus.TUNING, RecallCorpus.HELD_OUT)) {
                        scores.add(score(recall.withRewrite(v.rewrite()), corpus.questions().stream()
                                .filter(q -> q.split().equals(split)).toList(), v, setup.label(), split, megabytes));
                    }
                }
                rerankers.forEach(Embeddings::close);
            } finally {
                delete(dir);
            }
        }
        int paraphrases = (int) corpus.questions().stream().filter(RecallCorpus.Question::paraphrase).count();
        return new Quality(corpus.answers().size(), corpus.distractors().size(), corpus.questions().size(),
                paraphrases, scores, notes, embedMs, perSecond);
    }

    private static Score score(RecallService recall, List<RecallCorpus.Question> questions, Variant v, String model,
                               String split, double mb) {
        double[] sum = new double[5]; // mrr, hit, mrr direct, mrr paraphrase, hit paraphrase
        int paraphrases = 0;
        long started = System.nanoTime();
        for (RecallCorpus.Question q : questions) {
            double rr = reciprocalRank(recall.preview(q.text(), v.budget(), Map.of(), v.retrieval()), q.answer());
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
        double ms = (System.nanoTime() - started) / 1e6 / questions.size();
        int n = questions.size();
        return new Score(v.name(), model, split, n, paraphrases, sum[0] / n, sum[1] / n, sum[2] / (n - paraphrases),
                sum[3] / paraphrases, sum[4] / paraphrases, ms, mb);
    }

    /** 1/rank of the answer among the first five injected, 0 when it is not there. */
    static double reciprocalRank(RecallPreview p, String answer) {
        List<SearchResult.Hit> injected = p.injected();
        for (int i = 0; i < Math.min(5, injected.size()); i++) {
            if (injected.get(i).doc().id().equals(answer)) {
                return 1.0 / (i + 1);
            }
        }
        return 0;
    }

    public static String table(Quality q) {
        return RecallTable.of(q);
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
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
        out.put("notes", q.notes());
        return out;
    }
}
