package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/** The fusion variants the recall benchmark measures: the weighted sum (shipped) and reciprocal ranks. */
class RankingTest {

    private static KnowledgeDoc doc(String id, String text) {
        return new KnowledgeDoc(id, "lesson", text, text, null, "p", null, null, null, List.of("lesson"), 1L, null);
    }

    private final KnowledgeQuery q = new KnowledgeQuery("email retried step idempotency", Map.of(), null, null, null,
            KnowledgeQuery.SortOrder.RELEVANCE, 0, 10, false, false).withRetrieval(KnowledgeQuery.Retrieval.HYBRID);
    private final KnowledgeDoc a = doc("a", "email retried step idempotency key");
    private final KnowledgeDoc b = doc("b", "exactly once side effects");
    private final KnowledgeDoc c = doc("c", "unrelated words");
    private final SearchResult keyword = new SearchResult(List.of(new SearchResult.Hit(a, 9f),
            new SearchResult.Hit(c, 1f)), 2, Map.of(), 0);
    private final SearchResult dense = new SearchResult(List.of(new SearchResult.Hit(b, 0.9f),
            new SearchResult.Hit(a, 0.5f), new SearchResult.Hit(c, 0.3f)), 3, Map.of(), 0);

    @Test
    void theDefaultIsTheWeightedSum() {
        assertThat(Ranking.DEFAULT.fusion()).isEqualTo(Ranking.Fusion.WEIGHTED);
        SearchResult weighted = HybridFusion.fuse(q, keyword, dense, Map.of(), Set.of(), 0, Ranking.DEFAULT);
        // 0.8 · 0.9 = 0.72 for b against 0.8 · 0.5 + 0.2 · 1 · 1 = 0.6 for a
        assertThat(weighted.hits()).extracting(h -> h.doc().id()).containsExactly("b", "a", "c");
    }

    @Test
    void reciprocalRanksAddEachListsPlace() {
        SearchResult rrf = HybridFusion.fuse(q, keyword, dense, Map.of(), Set.of(), 0,
                Ranking.DEFAULT.withFusion(Ranking.Fusion.RRF));
        // a: 1/61 + 1/62 (first by words, second by meaning) beats b: 1/61 (first by meaning only)
        assertThat(rrf.hits()).extracting(h -> h.doc().id()).containsExactly("a", "c", "b");
        assertThat(rrf.hits().get(0).score()).isCloseTo((float) (1.0 / 61 + 1.0 / 62), Offset.offset(1e-6f));
    }

    @Test
    void aWeightOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> Ranking.DEFAULT.withDenseWeight(1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 0 and 1");
    }
}
