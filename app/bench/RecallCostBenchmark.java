package app.bench;

import app.compose.IndexBackends;
import app.compose.Pools;
import app.window.StartupReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;

/**
 * {@code bench recall}, cost: a re-sync of the synthetic vault with 1% of its documents changed (keyword sync,
 * then embeddings), and search with the dense part over {@code docs} documents. Vectors for the large index are
 * real embeddings of the fixture's documents with a little noise added (embedding 100,000 documents would take
 * a quarter of an hour and measure nothing more about search), and so are their sentences' vectors in the cache,
 * which every semantic search reads for its candidates; the questions are the fixture's, embedded.
 */
public final class RecallCostBenchmark {

    public record Cost(int syncDocs, int changed, long resyncKeywordMs, long resyncEmbedMs, int reembedded,
                       int fromCache, int denseDocs, long indexBuildMs, double questionP50, double questionP95,
                       double denseP50, double denseP95, double hybridP50, double hybridP95, double browserP50,
                       double browserP95, long residentMb) {
    }

    private final Path base;
    private final Pools pools;

    public RecallCostBenchmark(Path base, Pools pools) {
        this.pools = pools;
        this.base = base;
    }

    public Cost run(int syncDocs, int denseDocs, PrintWriter log) throws IOException {
        Path dir = Files.createTempDirectory("bc-recall-cost");
        try {
            Path ws = dir.resolve("vault");
            SyntheticVault.write(ws, syncDocs);
            Workspace w = IndexBackends.shippedLoader().load(ws);
            long[] resync;
            try (HybridKnowledgeIndex index = RecallBenchmark.open(ws, pools)) {
                VaultSync sync = new VaultSync(w, index, Clock.systemUTC())
                        .preparingIn(pools.workLanes());
                EmbeddingBackfill backfill = new EmbeddingBackfill(index, index.embeddings(),
                        new BackfillState(ws.resolve("state/embeddings")), Telemetry.noop())
                        .writingBeside(pools.backfillWrites());
                log.printf("first sync and embeddings of %,d documents …%n", syncDocs);
                log.flush();
                sync.run(SyncOptions.all(), ProgressSink.NONE);
                EmbeddingBackfill.Result first = backfill.run(ProgressSink.NONE);
                log.printf("  embedded %,d in %.1f s (%.0f docs/s)%n", first.computed(), first.millis() / 1000.0,
                        first.computed() / (first.millis() / 1000.0));
                int changed = changeAdrs(ws, syncDocs / 100);
                long t = System.nanoTime();
                sync.run(SyncOptions.all(), ProgressSink.NONE);
                long keywordMs = (System.nanoTime() - t) / 1_000_000;
                EmbeddingBackfill.Result again = backfill.run(ProgressSink.NONE);
                resync = new long[] {changed, keywordMs, again.millis(), again.computed(), again.cached()};
            }
            return dense(dir.resolve("dense"), syncDocs, resync, denseDocs, log);
        } finally {
            RecallBenchmark.delete(dir);
        }
    }

    /** Rewrites the Decision section of {@code n} ADRs: n documents change, n new vectors are needed. */
    private static int changeAdrs(Path ws, int n) throws IOException {
        List<Path> adrs;
        try (var files = Files.list(ws.resolve("vault/docs/decisions"))) {
            adrs = files.sorted().limit(n).toList();
        }
        for (Path adr : adrs) {
            Files.writeString(adr, Files.readString(adr) + "\nAmended: the decision now also covers retries.\n");
        }
        return adrs.size();
    }

    private Cost dense(Path dir, int syncDocs, long[] resync, int docs, PrintWriter log) {
        RecallCorpus corpus = RecallCorpus.load();
        try (HybridKnowledgeIndex index = RecallBenchmark.open(dir, pools)) {
            List<KnowledgeDoc> seeds = index.embeddings().embedAll(corpus.all()).docs();
            Random random = new Random(3);
            log.printf("indexing %,d documents with vectors …%n", docs);
            log.flush();
            long t = System.nanoTime();
            List<KnowledgeDoc> batch = new ArrayList<>();
            Embeddings e = index.embeddings();
            int sentences = 0;
            for (int i = 0; i < docs; i++) {
                KnowledgeDoc seed = seeds.get(i % seeds.size());
                KnowledgeDoc doc = new KnowledgeDoc(seed.id() + "#" + i, seed.type(), seed.title(),
                        seed.content() + " (" + i + ")", null, "project-" + i % 12, null, seed.status(), null,
                        seed.tags(), seed.createdAt(), noisy(seed.embedding(), random));
                batch.add(doc);
                // the whole text's vector and the sentence vectors a backfill would have cached, so that search
                // reads them as it would (without the whole text's, hybrid search would embed the candidates again)
                e.cache().put(e.hashOf(doc), doc.embedding());
                List<String> own = e.sentencesOf(doc);
                List<String> seedSentences = e.sentencesOf(seed);
                for (int j = 0; j < own.size() && j < seedSentences.size(); j++) {
                    e.cache().put(e.sentenceKey(doc, own.get(j)), noisy(e.cache().get(
                            e.sentenceKey(seed, seedSentences.get(j))), random));
                    sentences++;
                }
                if (batch.size() == 5_000) {
                    index.upsert(batch);
                    batch.clear();
                }
            }
            index.upsert(batch);
            index.flush();
            e.cache().flush();
            long buildMs = (System.nanoTime() - t) / 1_000_000;
            log.printf("  with %,d sentence vectors in the cache%n", sentences);
            List<Double> question = new ArrayList<>();
            List<Double> dense = new ArrayList<>();
            List<Double> hybrid = new ArrayList<>();
            List<Double> browser = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (RecallCorpus.Question q : corpus.questions()) {
                    long a = System.nanoTime();
                    float[] v = index.embeddings().embedQuestion(q.text() + " " + round);
                    long b = System.nanoTime();
                    KnowledgeQuery query = new KnowledgeQuery(q.text(), Map.of(), null, null, null,
                            KnowledgeQuery.SortOrder.RELEVANCE, 0, 25, false, false);
                    index.search(query.nearest(v));
                    long c = System.nanoTime();
                    index.search(query.withRetrieval(KnowledgeQuery.Retrieval.HYBRID).withVector(v));
                    long d = System.nanoTime();
                    // the Knowledge browser with Semantic on: a page of 200, every word required, facets counted
                    index.search(new KnowledgeQuery(q.text(), Map.of(), null, null, null,
                            KnowledgeQuery.SortOrder.RELEVANCE, 0, 200, true, true)
                            .withRetrieval(KnowledgeQuery.Retrieval.HYBRID).withVector(v));
                    long f = System.nanoTime();
                    if (round > 0) { // the first round warms the JIT
                        question.add((b - a) / 1e6);
                        dense.add((c - b) / 1e6);
                        hybrid.add((d - c) / 1e6);
                        browser.add((f - d) / 1e6);
                    }
                }
            }
            List<float[]> sample = new ArrayList<>();
            for (RecallCorpus.Question q : corpus.questions()) {
                sample.add(index.embeddings().embedQuestion(q.text()));
            }
            try {
                LuceneKnnRecallCheck.print(LuceneKnnRecallCheck.run(dir.resolve("index"), sample, 25,
                        new int[] {25, 50, 64, 80, 100}), 25, sample.size(), log);
            } catch (IOException failed) {
                log.println("graph search against exact search: not measured (" + failed.getMessage() + ")");
            }
            return new Cost(syncDocs, (int) resync[0], resync[1], resync[2], (int) resync[3], (int) resync[4], docs,
                    buildMs, KnowledgeBenchmark.percentile(question, 50), KnowledgeBenchmark.percentile(question, 95),
                    KnowledgeBenchmark.percentile(dense, 50), KnowledgeBenchmark.percentile(dense, 95),
                    KnowledgeBenchmark.percentile(hybrid, 50), KnowledgeBenchmark.percentile(hybrid, 95),
                    KnowledgeBenchmark.percentile(browser, 50), KnowledgeBenchmark.percentile(browser, 95),
                    StartupReport.residentKb() < 0 ? -1 : StartupReport.residentKb() / 1024);
        }
    }

    private static float[] noisy(float[] v, Random random) {
        float[] out = new float[v.length];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] + random.nextGaussian() * 0.03);
            norm += out[i] * out[i];
        }
        float n = (float) Math.sqrt(norm);
        for (int i = 0; i < v.length; i++) {
            out[i] /= n;
        }
        return out;
    }

    public static String table(Cost c) {
        return String.format("| re-sync of %,d docs, %d changed (1%%): keyword sync | then embeddings | re-embedded / from cache "
                        + "|%n|---:|---:|---:|%n| %,d ms | %,d ms | %d / %d |%n%n"
                        + "| %,d docs with vectors | index build | question embedding p50 / p95 | dense search p50 / p95 "
                        + "| hybrid search p50 / p95 | browser page p50 / p95 | resident |%n|---:|---:|---:|---:|---:|---:|---:|%n"
                        + "| %,d | %.1f s | %.1f / %.1f ms | %.1f / %.1f ms | %.1f / %.1f ms | %.1f / %.1f ms | %,d MB |%n"
                        + "Targets at 100k docs: hybrid search p95 < 20 ms (dense and hybrid columns: recall's 25 "
                        + "candidates, the two halves side by side), the browser's page of 200 with facets p95 < 30 ms; "
                        + "the question's embedding comes on top, once per question.%n",
                c.syncDocs(), c.changed(), c.resyncKeywordMs(), c.resyncEmbedMs(), c.reembedded(), c.fromCache(),
                c.denseDocs(), c.denseDocs(), c.indexBuildMs() / 1000.0, c.questionP50(), c.questionP95(), c.denseP50(), c.denseP95(),
                c.hybridP50(), c.hybridP95(), c.browserP50(), c.browserP95(), c.residentMb());
    }
}
