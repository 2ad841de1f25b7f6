package services.embedding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/**
 * How a hybrid search ranks: the keyword list and the dense list fused by a convex combination of their scores,
 * {@code w · cos + (1 − w) · bm25 / best bm25 · overlap}, where {@code cos} is the candidate's best known
 * similarity (0 below {@link HybridKnowledgeIndex#MIN_SIMILARITY}), a document missing from the keyword list
 * scores 0 there, and {@code overlap} is the share of the question's content words the document contains — so a
 * keyword hit that shares one word of seven with a question asked in other words is not trusted as much as one
 * that is the question in the document's words. Bruch et al. (2023, "An analysis of fusion functions for hybrid
 * retrieval") found a convex combination beats reciprocal-rank fusion; here it did too (README: recall
 * benchmark).
 * <p>
 * A document that had no vector when the search ran — one the running system wrote since the last backfill —
 * is never ranked below its place in the keyword list: a missing vector is not a similarity of zero. Its meaning
 * may still lift it higher.
 */
final class HybridFusion {

    private HybridFusion() {
    }

    /** {@link #fuse} by the weighted sum at dense weight {@code w}. */
    static SearchResult fuse(KnowledgeQuery q, SearchResult keyword, SearchResult dense, Map<String, Float> meaning,
                             Set<String> vectorless, long tookMicros, double w) {
        return fuse(q, keyword, dense, meaning, vectorless, tookMicros, Ranking.DEFAULT.withFusion(Ranking.Fusion.WEIGHTED)
                .withDenseWeight(w));
    }

    /**
     * @param meaning    similarities known beyond the dense list's own scores (the better one counts)
     * @param vectorless ids of keyword candidates that had no vector: each keeps at least its keyword rank
     */
    static SearchResult fuse(KnowledgeQuery q, SearchResult keyword, SearchResult dense, Map<String, Float> meaning,
                             Set<String> vectorless, long tookMicros, Ranking ranking) {
        double w = ranking.denseWeight();
        Map<String, Double> score = new HashMap<>();
        Map<String, KnowledgeDoc> docs = new LinkedHashMap<>();
        Map<String, Float> similarity = new HashMap<>(meaning);
        for (SearchResult.Hit hit : dense.hits()) {
            similarity.merge(hit.doc().id(), hit.score(), Math::max);
        }
        if (keyword != null && !keyword.hits().isEmpty()) {
            double best = keyword.hits().stream().mapToDouble(SearchResult.Hit::score).max().orElse(1);
            WordOverlap overlap = new WordOverlap(q.text());
            for (SearchResult.Hit hit : keyword.hits()) {
                docs.putIfAbsent(hit.doc().id(), hit.doc());
                score.merge(hit.doc().id(), (1 - w) * (best > 0 ? hit.score() / best : 0) * overlap.of(hit.doc()),
                        Double::sum);
            }
        }
        List<SearchResult.Hit> candidates = new ArrayList<>(dense.hits());
        if (keyword != null) {
            candidates.addAll(keyword.hits());
        }
        Set<String> weighed = new HashSet<>();
        for (SearchResult.Hit hit : candidates) {
            String id = hit.doc().id();
            float s = similarity.getOrDefault(id, 0f);
            if (s < HybridKnowledgeIndex.MIN_SIMILARITY || !weighed.add(id)) {
                continue;
            }
            docs.putIfAbsent(id, hit.doc());
            score.merge(id, (keyword == null ? 1 : w) * s, Double::sum);
        }
        if (ranking.fusion() == Ranking.Fusion.RRF && keyword != null) {
            reciprocalRanks(keyword, similarity, score, docs);
        }
        List<String> order = new ArrayList<>(docs.keySet());
        order.sort((a, b) -> Double.compare(score.get(b), score.get(a)));
        if (keyword != null && !vectorless.isEmpty()) {
            keepKeywordRank(order, score, keyword, vectorless);
        }
        List<SearchResult.Hit> page = new ArrayList<>();
        for (int i = q.offset(); i < Math.min(order.size(), q.offset() + q.limit()); i++) {
            String id = order.get(i);
            page.add(new SearchResult.Hit(docs.get(id), score.get(id).floatValue()));
        }
        return new SearchResult(page, order.size(), q.withFacets() ? facets(order, docs) : Map.of(), tookMicros);
    }

    /**
     * Replaces the scores by reciprocal-rank fusion: {@code 1 / (k + rank)} in the keyword list plus the same in
     * the list of candidates ordered by similarity (those below the minimum are not in it).
     */
    private static void reciprocalRanks(SearchResult keyword, Map<String, Float> similarity, Map<String, Double> score,
                                        Map<String, KnowledgeDoc> docs) {
        score.clear();
        docs.keySet().forEach(id -> score.put(id, 0.0));
        for (int rank = 0; rank < keyword.hits().size(); rank++) {
            score.merge(keyword.hits().get(rank).doc().id(), 1.0 / (Ranking.RRF_K + rank + 1), Double::sum);
        }
        List<String> byMeaning = new ArrayList<>(docs.keySet());
        byMeaning.removeIf(id -> similarity.getOrDefault(id, 0f) < HybridKnowledgeIndex.MIN_SIMILARITY);
        byMeaning.sort((a, b) -> Float.compare(similarity.get(b), similarity.get(a)));
        for (int rank = 0; rank < byMeaning.size(); rank++) {
            score.merge(byMeaning.get(rank), 1.0 / (Ranking.RRF_K + rank + 1), Double::sum);
        }
    }

    /**
     * Moves each vectorless document that fell below its keyword rank back up to it (in keyword order, so one
     * move never pushes an earlier one down), and gives it at least the score of the document it now precedes,
     * so the scores still fall down the list.
     */
    private static void keepKeywordRank(List<String> order, Map<String, Double> score, SearchResult keyword,
                                        Set<String> vectorless) {
        List<SearchResult.Hit> hits = keyword.hits();
        for (int rank = 0; rank < hits.size(); rank++) {
            String id = hits.get(rank).doc().id();
            int at = order.indexOf(id);
            if (!vectorless.contains(id) || at <= rank) {
                continue;
            }
            order.remove(at);
            order.add(rank, id);
            score.put(id, Math.max(score.get(id), score.get(order.get(rank + 1))));
        }
    }

    /**
     * Facet counts over every fused candidate, so the counts agree with the list (in a hybrid search a facet's
     * counts include its own filter: the dense half has no "everything but this filter" to count).
     */
    private static Map<String, List<SearchResult.FacetCount>> facets(List<String> order, Map<String, KnowledgeDoc> docs) {
        Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
        KnowledgeQuery.FACETS.forEach(f -> counts.put(f, new HashMap<>()));
        for (String id : order) {
            KnowledgeDoc d = docs.get(id);
            counts.get("type").merge(d.type(), 1L, Long::sum);
            if (d.project() != null) {
                counts.get("project").merge(d.project(), 1L, Long::sum);
            }
            if (d.status() != null) {
                counts.get("status").merge(d.status(), 1L, Long::sum);
            }
            new HashSet<>(d.tags()).forEach(t -> counts.get("tags").merge(t, 1L, Long::sum));
        }
        Map<String, List<SearchResult.FacetCount>> out = new LinkedHashMap<>();
        counts.forEach((facet, values) -> out.put(facet, values.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> new SearchResult.FacetCount(e.getKey(), e.getValue())).toList()));
        return out;
    }
}
