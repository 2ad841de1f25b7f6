package app.bench;

import java.util.List;
import services.embedding.HybridKnowledgeIndex;
import services.knowledge.ForwardingKnowledgeIndex;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/**
 * Pseudo-relevance feedback for the meaning half, measured by the recall benchmark (Rocchio in embedding space):
 * the question's vector is moved towards the mean of its {@code k} nearest documents' vectors
 * ({@code q + β · mean}, normalized) before the hybrid search runs — one more nearest-neighbour search per question.
 */
final class FeedbackQuery extends ForwardingKnowledgeIndex {

    private final HybridKnowledgeIndex hybrid;
    private final int k;
    private final float beta;

    FeedbackQuery(HybridKnowledgeIndex hybrid, int k, float beta) {
        super(hybrid);
        this.hybrid = hybrid;
        this.k = k;
        this.beta = beta;
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return queries.stream().map(this::search).toList();
    }

    @Override
    public SearchResult search(KnowledgeQuery q) {
        if (q.retrieval() != KnowledgeQuery.Retrieval.HYBRID || q.text().isBlank()) {
            return index.search(q);
        }
        float[] asked = q.vector() != null ? q.vector() : hybrid.question(q.text());
        SearchResult nearest = index.search(q.withVector(asked).withRetrieval(KnowledgeQuery.Retrieval.DENSE).withPage(0, k));
        float[] moved = asked.clone();
        int used = 0;
        for (SearchResult.Hit hit : nearest.hits()) {
            KnowledgeDoc doc = hit.doc();
            float[] v = hybrid.embeddings().cache().get(hybrid.embeddings().hashOf(doc));
            if (v == null) {
                continue;
            }
            for (int i = 0; i < moved.length; i++) {
                moved[i] += beta * v[i] / Math.max(1, nearest.hits().size());
            }
            used++;
        }
        if (used == 0) {
            return index.search(q.withVector(asked));
        }
        double norm = 0;
        for (float x : moved) {
            norm += x * x;
        }
        float scale = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < moved.length; i++) {
            moved[i] *= scale;
        }
        return index.search(q.withVector(moved));
    }
}
