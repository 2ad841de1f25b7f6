package app.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.knowledge.ForwardingKnowledgeIndex;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/**
 * A reranking pass over a hybrid search's candidates, measured by the recall benchmark: each candidate's closeness
 * to the question (best of its whole text and its closest sentence) by every model — the index's and the others
 * given — standardized over the candidates (z-scores) and averaged, optionally with the first pass's fused score
 * as one more vote. The other models embed the candidates when they first see them (cached).
 */
final class EnsembleRerank extends ForwardingKnowledgeIndex {

    private final HybridKnowledgeIndex hybrid;
    private final List<Embeddings> others;
    private final boolean firstPassVotes;

    EnsembleRerank(HybridKnowledgeIndex hybrid, List<Embeddings> others, boolean firstPassVotes) {
        super(hybrid);
        this.hybrid = hybrid;
        this.others = others;
        this.firstPassVotes = firstPassVotes;
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return queries.stream().map(this::search).toList();
    }

    @Override
    public SearchResult search(KnowledgeQuery q) {
        SearchResult first = index.search(q);
        if (q.retrieval() != KnowledgeQuery.Retrieval.HYBRID || first.hits().size() < 2) {
            return first;
        }
        List<SearchResult.Hit> hits = first.hits();
        List<KnowledgeDoc> docs = hits.stream().map(SearchResult.Hit::doc).toList();
        int n = hits.size();
        double[] combined = new double[n];
        int voters = 0;
        List<double[]> votes = new ArrayList<>();
        float[] asked = hybrid.question(q.text());
        votes.add(similarities(hybrid.embeddings(), asked, docs));
        for (Embeddings e : others) {
            e.embedAll(docs);
            votes.add(similarities(e, e.embedQuestion(q.text()), docs));
        }
        if (firstPassVotes) {
            votes.add(hits.stream().mapToDouble(SearchResult.Hit::score).toArray());
        }
        for (double[] v : votes) {
            double[] z = z(v);
            for (int i = 0; i < n; i++) {
                combined[i] += z[i];
            }
            voters++;
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> -combined[i]));
        List<SearchResult.Hit> out = new ArrayList<>();
        for (int i : order) {
            out.add(new SearchResult.Hit(hits.get(i).doc(), (float) (combined[i] / voters)));
        }
        return new SearchResult(out, first.total(), first.facets(), first.tookMicros());
    }

    private static double[] similarities(Embeddings e, float[] question, List<KnowledgeDoc> docs) {
        double[] out = new double[docs.size()];
        for (int i = 0; i < docs.size(); i++) {
            float s = e.similarity(question, docs.get(i).withEmbedding(null));
            out[i] = Float.isNaN(s) ? 0 : s;
        }
        return out;
    }

    private static double[] z(double[] v) {
        double mean = 0;
        for (double x : v) {
            mean += x;
        }
        mean /= v.length;
        double var = 0;
        for (double x : v) {
            var += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(var / v.length);
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = sd == 0 ? 0 : (v[i] - mean) / sd;
        }
        return out;
    }
}
