package services.embedding;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import services.knowledge.ForwardingKnowledgeIndex;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.tasks.Cancellation;

/**
 * Semantic recall behind the same search API. A query asking for {@code HYBRID} runs as two searches in one
 * round trip — the keyword search and the nearest embeddings of the question, with the same filters — and every
 * candidate of either list is weighed by how close it is in meaning (the best of its whole text's and its
 * sentences' similarity, {@link Embeddings#similarity}) and by its keyword score scaled by how much of the
 * question it contains ({@link WordOverlap}), fused by a weighted sum ({@link HybridFusion#fuse}). A keyword
 * candidate without a vector is embedded on the fly and keeps at least its keyword rank. {@code DENSE} runs the
 * embedding half alone. Candidates less similar than {@link #MIN_SIMILARITY} count for nothing by meaning, so a
 * question about nothing in the index gets nothing rather than the least-distant noise. Until the index holds
 * embeddings, every query runs as keyword search. Writes pass through, with vectors already in the cache
 * attached, so re-writing an unchanged document keeps its embedding. A search run by a task that is cancelled
 * meanwhile (a search superseded by the next keystroke) stops between candidates ({@link Cancellation#check}).
 */
public final class HybridKnowledgeIndex extends ForwardingKnowledgeIndex {

    /** Cosine similarity below which a dense hit is not a match (unrelated texts score about 0 to 0.15 here). */
    public static final float MIN_SIMILARITY = 0.2f;
    /** Candidates taken from each list before fusing, at least (otherwise the query's offset + limit). */
    static final int MIN_POOL = 10;
    /** Keyword candidates without a vector embedded during one search, at most (about 5–100 ms each). */
    static final int ON_THE_FLY = 10;

    private final Embeddings embeddings;
    private final Map<String, float[]> questions = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > 64;
        }
    };
    private volatile Boolean anyEmbedded;
    private volatile Ranking ranking = Ranking.DEFAULT;
    /**
     * Documents embedded during a search whose vectors are in the cache but not yet in the index (the backfill
     * writes them there): they keep the keyword-rank floor on every search until then, not only on the first.
     */
    private final Set<String> embeddedOnTheFly = ConcurrentHashMap.newKeySet();
    private final Object writes = new Object();
    /** False for an overlay's view: the embeddings belong to the index it was made from. */
    private final boolean ownsEmbeddings;

    public HybridKnowledgeIndex(KnowledgeIndex index, Embeddings embeddings) {
        this(index, embeddings, true);
    }

    private HybridKnowledgeIndex(KnowledgeIndex index, Embeddings embeddings, boolean ownsEmbeddings) {
        super(index);
        this.embeddings = embeddings;
        this.ownsEmbeddings = ownsEmbeddings;
    }

    /**
     * This index as it would be after {@code upsert(docs)}, {@code delete(deleted)} and the backfill that follows
     * a sync, searched as this index searches — keyword, dense and hybrid. With semantic search ready, the changed
     * documents are embedded first (their whole text's and sentences' vectors come from the cache or are computed
     * and written to it — the cache only; the index is never written), so the view's in-memory segment carries
     * their vectors as the backfill would write them, and the fusion reads their sentence vectors from the cache.
     * Without semantic search (off, or no embeddings yet) the wrapped index's view, keyword only.
     */
    @Override
    public Optional<KnowledgeIndex> overlay(List<KnowledgeDoc> docs, Collection<String> deleted) {
        if (!semanticReady()) {
            return index.overlay(docs, deleted);
        }
        List<KnowledgeDoc> embedded = docs.isEmpty() ? docs : embeddings.embedAll(docs).docs();
        Optional<KnowledgeIndex> view = index.overlay(embedded, deleted);
        if (view.isEmpty()) {
            return view;
        }
        HybridKnowledgeIndex out = new HybridKnowledgeIndex(view.get(), embeddings, false);
        out.ranking = ranking;
        out.anyEmbedded = true;
        out.embeddedOnTheFly.addAll(embeddedOnTheFly);
        docs.forEach(d -> out.embeddedOnTheFly.remove(d.id()));
        out.embeddedOnTheFly.removeAll(deleted);
        return Optional.of(out);
    }

    public Embeddings embeddings() {
        return embeddings;
    }

    /** How hybrid searches fuse their two lists ({@link Ranking#DEFAULT} unless set: the benchmark's variants). */
    public Ranking ranking() {
        return ranking;
    }

    public void ranking(Ranking r) {
        this.ranking = Objects.requireNonNull(r);
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
            int densePool = Math.max(pool, ranking.densePool());
            Cancellation.check();
            float[] vector = q.vector() != null ? q.vector() : question(q.text());
            vectors.add(vector);
            int keyword = -1;
            if (q.retrieval() == KnowledgeQuery.Retrieval.HYBRID) {
                keyword = plan.size();
                // no facets from the keyword half: the fusion counts its own over the fused candidates
                plan.add(q.withRetrieval(KnowledgeQuery.Retrieval.KEYWORD).withPage(0, pool).withFacets(false));
            }
            layout.add(new int[] {keyword, plan.size()});
            plan.add(q.nearest(vector).withPage(0, densePool));
        }
        Cancellation.check();
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
            KnowledgeQuery q = queries.get(i);
            Closeness meaning = closeness(vectors.get(i), keyword, dense, q.offset() + q.limit());
            out.add(HybridFusion.fuse(q, keyword, dense, meaning.similarity(), meaning.vectorless(),
                    (System.nanoTime() - started) / 1000, ranking));
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

    /** How close each candidate is in meaning, and which keyword candidates had no vector before this search. */
    record Closeness(Map<String, Float> similarity, Set<String> vectorless) {
    }

    /**
     * How close in meaning each candidate of either list is to the question: the best of its whole text's and
     * its sentences' similarity ({@link Embeddings#similarity}), so a document whose one sentence answers the
     * question ranks by that sentence, and a keyword candidate is weighed by its meaning too. A keyword candidate
     * with no vector — the running system writes none, so everything it wrote since the last backfill — is
     * embedded now (its vectors go to the cache, where the backfill finds them) if it is among the first
     * {@code page} keyword hits, at most {@link #ON_THE_FLY} of them; either way it is remembered as vectorless,
     * so the fusion keeps it at least at its keyword rank.
     */
    private Closeness closeness(float[] vector, SearchResult keyword, SearchResult dense, int page) {
        Map<String, Float> out = new HashMap<>();
        Set<String> vectorless = new LinkedHashSet<>();
        Set<String> inDense = new HashSet<>();
        dense.hits().forEach(h -> inDense.add(h.doc().id()));
        if (!embeddedOnTheFly.isEmpty()) {
            embeddedOnTheFly.removeAll(inDense); // found by its vector: the index has it after all
        }
        List<KnowledgeDoc> toEmbed = new ArrayList<>();
        for (SearchResult list : keyword == null ? List.of(dense) : List.of(keyword, dense)) {
            for (int rank = 0; rank < list.hits().size(); rank++) {
                Cancellation.check(); // a superseded search (the user typed on) stops between candidates
                KnowledgeDoc doc = list.hits().get(rank).doc();
                if (out.containsKey(doc.id()) || vectorless.contains(doc.id())) {
                    continue;
                }
                float s = embeddings.similarity(vector, doc); // NaN: no vector in the index or the cache
                if (!Float.isNaN(s)) {
                    out.put(doc.id(), s);
                    if (embeddedOnTheFly.contains(doc.id()) && !inDense.contains(doc.id())) {
                        vectorless.add(doc.id());
                    }
                } else if (doc.embedding() == null && !inDense.contains(doc.id())) {
                    vectorless.add(doc.id());
                    if (rank < page && toEmbed.size() < ON_THE_FLY) {
                        toEmbed.add(doc);
                    }
                }
            }
        }
        if (!toEmbed.isEmpty()) {
            Cancellation.check();
            try {
                for (KnowledgeDoc doc : embeddings.embedAll(toEmbed).docs()) {
                    embeddedOnTheFly.add(doc.id());
                    float s = embeddings.similarity(vector, doc);
                    if (!Float.isNaN(s)) {
                        out.put(doc.id(), s);
                    }
                }
            } catch (RuntimeException modelFailed) {
                // no similarity for them: they keep their keyword rank, as the fusion does for every vectorless one
            }
        }
        return new Closeness(out, vectorless);
    }

    /** {@link HybridFusion#fuse}, with no similarities known beyond the dense list's and every document's vector known. */
    static SearchResult fuse(KnowledgeQuery q, SearchResult keyword, SearchResult dense, long tookMicros) {
        return HybridFusion.fuse(q, keyword, dense, Map.of(), Set.of(), tookMicros, Ranking.DEFAULT);
    }

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        List<KnowledgeDoc> out = embeddings.enabled() ? embeddings.attachCached(docs) : docs;
        synchronized (writes) {
            index.upsert(out);
        }
        if (!embeddedOnTheFly.isEmpty()) {
            out.forEach(d -> embeddedOnTheFly.remove(d.id())); // with a vector now, or rewritten: weighed afresh
        }
        if (out.stream().anyMatch(d -> d.embedding() != null)) {
            anyEmbedded = true;
        }
    }

    @Override
    public int delete(Collection<String> ids) {
        embeddedOnTheFly.removeAll(ids);
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
            index.upsertEmbeddings(unchanged); // the same documents: not a change the window must read again
            unchanged.forEach(d -> embeddedOnTheFly.remove(d.id()));
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
        embeddedOnTheFly.clear();
        anyEmbedded = null;
    }

    @Override
    public void close() {
        try {
            index.close();
        } finally {
            if (ownsEmbeddings) {
                embeddings.close();
            }
        }
    }
}
