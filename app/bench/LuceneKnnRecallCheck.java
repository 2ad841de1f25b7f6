package app.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import services.knowledge.LuceneExactRescore;

/**
 * How much the graph search's nearest neighbours miss against exact search, for several numbers of neighbours
 * explored: recall of the exact top {@code k} (brute force over every vector of the index) among the approximate
 * top {@code k}, averaged over the questions, and the graph search's median time.
 */
final class LuceneKnnRecallCheck {

    record Row(int explore, double recallAtK, double recallAt5, double p50Ms) {
    }

    private LuceneKnnRecallCheck() {
    }

    static List<Row> run(Path indexDir, List<float[]> questions, int k, int[] explores) throws IOException {
        try (FSDirectory dir = FSDirectory.open(indexDir); DirectoryReader reader = DirectoryReader.open(dir)) {
            IndexSearcher searcher = new IndexSearcher(reader);
            List<int[]> exact = new ArrayList<>();
            for (float[] q : questions) {
                exact.add(exact(reader, q, k));
            }
            List<Row> rows = new ArrayList<>();
            for (int explore : explores) {
                double atK = 0;
                double at5 = 0;
                List<Double> ms = new ArrayList<>();
                for (int round = 0; round < 2; round++) {
                    for (int i = 0; i < questions.size(); i++) {
                        long t = System.nanoTime();
                        TopDocs top = searcher.search(new KnnFloatVectorQuery("embedding", questions.get(i),
                                Math.max(k, explore)), Math.max(k, explore));
                        // as the console searches: the neighbours found, ordered by their float vectors
                        ScoreDoc[] found = LuceneExactRescore.ON
                                ? LuceneExactRescore.rescore(searcher, questions.get(i), top.scoreDocs)
                                : top.scoreDocs;
                        if (round == 0) {
                            continue; // warms the JIT and the vector files
                        }
                        ms.add((System.nanoTime() - t) / 1e6);
                        atK += overlap(exact.get(i), found, k);
                        at5 += overlap(exact.get(i), found, 5);
                    }
                }
                rows.add(new Row(explore, atK / questions.size(), at5 / questions.size(),
                        KnowledgeBenchmark.percentile(ms, 50)));
            }
            return rows;
        }
    }

    private static double overlap(int[] exact, ScoreDoc[] found, int n) {
        Set<Integer> got = new HashSet<>();
        for (int i = 0; i < Math.min(n, found.length); i++) {
            got.add(found[i].doc);
        }
        int hit = 0;
        for (int i = 0; i < Math.min(n, exact.length); i++) {
            hit += got.contains(exact[i]) ? 1 : 0;
        }
        return (double) hit / Math.min(n, exact.length);
    }

    /** The global doc ids of the {@code k} vectors most similar to {@code q}, best first. */
    private static int[] exact(DirectoryReader reader, float[] q, int k) throws IOException {
        PriorityQueue<float[]> best = new PriorityQueue<>((a, b) -> Float.compare(a[0], b[0]));
        for (LeafReaderContext leaf : reader.leaves()) {
            FloatVectorValues values = leaf.reader().getFloatVectorValues("embedding");
            if (values == null) {
                continue;
            }
            for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
                float s = VectorSimilarityFunction.COSINE.compare(q, values.vectorValue());
                if (best.size() < k) {
                    best.add(new float[] {s, leaf.docBase + doc});
                } else if (s > best.peek()[0]) {
                    best.poll();
                    best.add(new float[] {s, leaf.docBase + doc});
                }
            }
        }
        int[] out = new int[best.size()];
        for (int i = out.length - 1; i >= 0; i--) {
            out[i] = (int) best.poll()[1];
        }
        return out;
    }

    static void print(List<Row> rows, int k, int questions, PrintWriter log) {
        log.printf("graph search against exact search (%d questions, top %d, no filter):%n", questions, k);
        for (Row r : rows) {
            log.printf("  explore %3d: recall@%d %.4f, recall@5 %.4f, p50 %.1f ms%n", r.explore(), k, r.recallAtK(),
                    r.recallAt5(), r.p50Ms());
        }
        log.flush();
    }
}
