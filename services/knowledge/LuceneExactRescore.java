package services.knowledge;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

/**
 * The graph search scores with the int4 vectors; the neighbours it found are scored again with their float
 * vectors (read from the file beside, not memory-mapped: see {@link LuceneFiles#directory}), so their order and
 * cosines are the floats' — int4 alone moved dense-only recall by two ranks on the labeled set. {@code
 * -Dbrainconsole.exactRescore=false} to measure without.
 */
public final class LuceneExactRescore {

    public static final boolean ON = !"false".equals(System.getProperty("brainconsole.exactRescore"));

    private LuceneExactRescore() {
    }

    /** These hits scored by their float vectors (Lucene's cosine score, (1+cos)/2), best first. */
    public static ScoreDoc[] rescore(IndexSearcher searcher, float[] question, ScoreDoc[] hits) throws IOException {
        ScoreDoc[] byDoc = hits.clone();
        Arrays.sort(byDoc, Comparator.comparingInt(h -> h.doc));
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        ScoreDoc[] out = new ScoreDoc[byDoc.length];
        int leaf = -1;
        FloatVectorValues values = null;
        for (int i = 0; i < byDoc.length; i++) {
            int at = ReaderUtil.subIndex(byDoc[i].doc, leaves);
            if (at != leaf) {
                leaf = at;
                values = leaves.get(at).reader().getFloatVectorValues("embedding");
            }
            int local = byDoc[i].doc - leaves.get(at).docBase;
            float score = byDoc[i].score;
            if (values != null && (values.docID() == local || values.docID() < local && values.advance(local) == local)) {
                score = VectorSimilarityFunction.COSINE.compare(question, values.vectorValue());
            }
            out[i] = new ScoreDoc(byDoc[i].doc, score);
        }
        Arrays.sort(out, (a, b) -> a.score != b.score ? Float.compare(b.score, a.score) : Integer.compare(a.doc, b.doc));
        return out;
    }

}
