package services.embedding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/**
 * Semantic recall behind the same search API. A query asking for {@code HYBRID} runs as two searches in one
 * round trip — the keyword search and the nearest embeddings of the question, with the same filters — and every
 * candidate of either list is weighed by how close it is in meaning (the best of its whole text's and its
 * sentences' similarity, {@link Embeddings#similarity}) and by its keyword score scaled by how much of the
 * question it contains ({@link WordOverlap}), fused by a weighted sum ({@link #fuse}). {@code DENSE} runs the
 * embedding half alone. Candidates less similar than {@link #MIN_SIMILARITY} count for nothing by meaning, so a
 * question about nothing in the index gets nothing rather than the least-distant noise. Until the index holds
 * embeddings, every query runs as keyword search. Writes pass through, with vectors already in the cache
 * attached, so re-writing an unchanged document keeps its embedding.
 */
public final class HybridKnowledgeIndex extends services.knowledge.ForwardingKnowledgeIndex {

    /** Cosine similarity below which a dense hit is not a match (unrelated texts score about 0 to 0.15 here). */
    public static final float MIN_SIMILARITY = 0.2f;
    /** The weight of meaning against words in a hybrid search (README: recall benchmark, for how it was chosen). */
    static final double DENSE_WEIGHT = Double.parseDouble(System.getProperty("brainconsole.denseWeight", "0.8"));
    /** Candidates taken from each list before fusing, at least (otherwise the query's offset + limit). */
    static final int MIN_POOL = 10;

    private final Embeddings embeddings;
    private final Map<String, float[]> questions = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > 64;
        }
    };
    private volatile Boolean anyEmbedded;
    private final Object writes = new Object();

    public HybridKnowledgeIndex(KnowledgeIndex index, Embeddings embeddings) {
        super(index);
        this.embeddings = embeddings;
    }

    public Embeddings embeddings() {
        return embeddings;
    }

    /** True when semantic search can run: the model is usable and the index holds at least one embedding. */
    public boolean semanticReady() {
        if (!embeddings.enabled()) {
            return false;
        }
        Boolean known = anyEmbedded;
        if (known == null || !known) {
            long n = index.embeddedCount();
            known = n != 0; // -1 (cannot count) counts as "maybe": the dense half then simply finds nothing
            anyEmbedded = known;
        }
        return known;
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        return searchAll(List.of(query)).get(0);
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        long started = System.nanoTime();
        boolean ready = queries.stream().anyMatch(HybridKnowledgeIndex::semantic) && semanticReady();
        List<KnowledgeQuery> plan = new ArrayList<>();
        List<int[]> layout = new ArrayList<>(); // per query: keyword index (or -1), dense index (or -1)
        List<float[]> vectors = new ArrayList<>();
        for (KnowledgeQuery q : queries) {
            if (!ready || !semantic(q)) {
                vectors.add(null);
                layout.add(new int[] {plan.size(), -1});
                plan.add(q.withRetrieval(KnowledgeQuery.Retrieval.KEYWORD));
                continue;
            }
            int pool = Math.max(MIN_POOL, q.offset() + q.limit());
            float[] vector = q.vector() != null ? q.vector() : question(q.text());
            vectors.add(vector);
            int keyword = -1;
            if (q.retrieval() == KnowledgeQuery.Retrieval.HYBRID) {
                keyword = plan.size();
                plan.add(q.withRetrieval(KnowledgeQuery.Retrieval.KEYWORD).withPage(0, pool));
            }
            layout.add(new int[] {keyword, plan.size()});
            plan.add(q.nearest(vector).withPage(0, pool));
        }
        List<SearchResult> found = index.searchAll(plan);
        List<SearchResult> out = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            int[] at = layout.get(i);
            if (at[1] < 0) {
                out.add(found.get(at[0]));
                continue;
            }
            SearchResult keyword = at[0] < 0 ? null : found.get(at[0]);
            SearchResult dense = found.get(at[1]);
            Map<String, Float> meaning = closeness(vectors.get(i), keyword, dense);
            out.add(fuse(queries.get(i), keyword, dense, meaning, (System.nanoTime() - started) / 1000, DENSE_WEIGHT));
        }
        return out;
    }

    private static boolean semantic(KnowledgeQuery q) {
        return q.retrieval() != KnowledgeQuery.Retrieval.KEYWORD && (q.vector() != null || !q.text().isBlank());
    }

    /** The embedding of a question (kept for the last 64 questions: search-as-you-type asks again and again). */
    public float[] question(String text) {
        String key = text.strip();
        synchronized (questions) {
            float[] known = questions.get(key);
            if (known != null) {
                return known;
            }
        }
        float[] vector = embeddings.embedQuestion(key);
        synchronized (questions) {
            questions.put(key, vector);
        }
        return vector;
    }

    /**
     * How close in meaning each candidate of either list is to the question: the best of its whole text's and
     * its sentences' similarity ({@link Embeddings#similarity}), so a document whose one sentence answers the
     * question ranks by that sentence, and a keyword candidate is weighed by its meaning too.
     */
    private Map<String, Float> closeness(float[] vector, SearchResult keyword, SearchResult dense) {
        Map<String, Float> out = new HashMap<>();
        for (SearchResult list : keyword == null ? List.of(dense) : List.of(keyword, dense)) {
            for (SearchResult.Hit hit : list.hits()) {
                if (!out.containsKey(hit.doc().id())) {
                    float s = embeddings.similarity(vector, hit.doc());
                    if (!Float.isNaN(s)) {
                        out.put(hit.doc().id(), s);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Fuses the keyword list (may be null: dense only) and the dense list by a convex combination of their
     * scores: {@code w · cos + (1 − w) · bm25 / best bm25 · overlap}, where {@code cos} is the candidate's best
     * known similarity (0 below {@link #MIN_SIMILARITY}), a document missing from the keyword list scores 0 there,
     * and {@code overlap} is the share of the question's content words the document contains — so a keyword hit
     * that shares one word of seven with a question asked in other words is not trusted as much as one that is
     * the question in the document's words. Bruch et al. (2023, "An analysis of fusion functions for hybrid
     * retrieval") found a convex combination beats reciprocal-rank fusion; here it did too (README: recall
     * benchmark).
     */
    static SearchResult fuse(KnowledgeQuery q, SearchResult keyword, SearchResult dense, long tookMicros) {
        return fuse(q, keyword, dense, Map.of(), tookMicros, DENSE_WEIGHT);
    }

    /** {@code meaning}: similarities known beyond the dense list's own scores (the better one counts). */
    static SearchResult fuse(KnowledgeQuery q, SearchResult keyword, SearchResult dense, Map<String, Float> meaning,
                             long tookMicros, double w) {
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
        java.util.Set<String> weighed = new java.util.HashSet<>();
        for (SearchResult.Hit hit : candidates) {
            String id = hit.doc().id();
            float s = similarity.getOrDefault(id, 0f);
            if (s < MIN_SIMILARITY || !weighed.add(id)) {
                continue;
            }
            docs.putIfAbsent(id, hit.doc());
            score.merge(id, (keyword == null ? 1 : w) * s, Double::sum);
        }
        List<String> order = new ArrayList<>(docs.keySet());
        order.sort((a, b) -> Double.compare(score.get(b), score.get(a)));
        List<SearchResult.Hit> page = new ArrayList<>();
        for (int i = q.offset(); i < Math.min(order.size(), q.offset() + q.limit()); i++) {
            String id = order.get(i);
            page.add(new SearchResult.Hit(docs.get(id), score.get(id).floatValue()));
        }
        return new SearchResult(page, order.size(), q.withFacets() ? facets(order, docs) : Map.of(), tookMicros);
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
            new java.util.HashSet<>(d.tags()).forEach(t -> counts.get("tags").merge(t, 1L, Long::sum));
        }
        Map<String, List<SearchResult.FacetCount>> out = new LinkedHashMap<>();
        counts.forEach((facet, values) -> out.put(facet, values.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> new SearchResult.FacetCount(e.getKey(), e.getValue())).toList()));
        return out;
    }

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        List<KnowledgeDoc> out = embeddings.enabled() ? embeddings.attachCached(docs) : docs;
        synchronized (writes) {
            index.upsert(out);
        }
        if (out.stream().anyMatch(d -> d.embedding() != null)) {
            anyEmbedded = true;
        }
    }

    @Override
    public int delete(java.util.Collection<String> ids) {
        synchronized (writes) {
            return index.delete(ids);
        }
    }

    /**
     * Writes these documents back with the vectors computed for them — each only if the index still holds it
     * exactly as it was read: a document deleted meanwhile (a prune, a clear) stays deleted, and one rewritten
     * meanwhile (a sync) keeps its new words, to be embedded next time. Checked and written under the lock every
     * write of this process takes. Returns how many were written.
     */
    public int writeBackEmbeddings(List<KnowledgeDoc> embedded) {
        synchronized (writes) {
            List<KnowledgeDoc> unchanged = new ArrayList<>();
            for (KnowledgeDoc doc : embedded) {
                KnowledgeDoc now = index.get(doc.id()).orElse(null);
                if (now != null && now.embedding() == null && now.equals(doc.withEmbedding(null))) {
                    unchanged.add(doc);
                }
            }
            index.upsert(unchanged);
            if (!unchanged.isEmpty()) {
                anyEmbedded = true;
            }
            return unchanged.size();
        }
    }

    @Override
    public void recreate() {
        synchronized (writes) {
            index.recreate();
        }
        anyEmbedded = null;
    }

    @Override
    public void close() {
        try {
            index.close();
        } finally {
            embeddings.close();
        }
    }
}
