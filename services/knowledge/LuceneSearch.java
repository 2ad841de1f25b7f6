package services.knowledge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.facet.DrillDownQuery;
import org.apache.lucene.facet.DrillSideways;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;

/**
 * One search of the embedded index on one snapshot: BM25 over the text with facet counts by drill-sideways (each
 * facet's counts ignore its own filter), or the nearest embeddings among the documents the filters allow.
 */
final class LuceneSearch {

    /**
     * Neighbours the graph search explores at least (more when a page asks for more). Approximate: measured against
     * exact search at 100k documents in {@code bench recall --cost-only}; {@code -Dbrainconsole.knnExplore=N} to
     * measure another value.
     */
    static final int KNN_EXPLORE = Integer.getInteger("brainconsole.knnExplore", 100);

    private final Analyzer analyzer;
    private final LuceneFacets facets;
    private final LuceneDocuments documents;

    LuceneSearch(Analyzer analyzer, LuceneFacets facets, LuceneDocuments documents) {
        this.analyzer = analyzer;
        this.facets = facets;
        this.documents = documents;
    }

    /** The keyword search: a page of hits by relevance or the query's sort, the total, and facet counts if asked. */
    SearchResult keyword(IndexSearcher searcher, KnowledgeQuery query, long started) throws IOException {
        DrillDownQuery drill = new DrillDownQuery(facets.config(), LuceneQueries.base(analyzer, query));
        for (String dim : KnowledgeQuery.FACETS) {
            for (String value : query.filters().getOrDefault(dim, List.of())) {
                drill.add(dim, value);
            }
        }
        int wanted = Math.max(1, query.offset() + query.limit());
        Sort sort = LuceneQueries.sort(query);
        SortedSetDocValuesReaderState state = facets.state(searcher);
        TopDocs top;
        long total;
        Map<String, List<SearchResult.FacetCount>> counts = new LinkedHashMap<>();
        if (state != null && query.withFacets()) {
            DrillSideways.DrillSidewaysResult result = new DrillSideways(searcher, facets.config(), state)
                    .search(drill, null, null, wanted, sort, sort != null);
            top = result.hits;
            for (String dim : KnowledgeQuery.FACETS) {
                counts.put(dim, LuceneFacets.counts(result.facets, dim));
            }
            total = LuceneFacets.totalFromTypes(counts.get("type"), query.filters().getOrDefault("type", List.of()));
        } else {
            // One pass gives the page and the exact total.
            top = sort == null ? searcher.search(drill, new TopScoreDocCollectorManager(wanted, Integer.MAX_VALUE))
                    : searcher.search(drill, new TopFieldCollectorManager(sort, wanted, Integer.MAX_VALUE));
            total = top.totalHits.value;
        }
        ScoreDoc[] docs = top.scoreDocs;
        int from = Math.min(query.offset(), docs.length);
        int to = Math.min(docs.length, query.offset() + query.limit());
        ScoreDoc[] page = Arrays.copyOfRange(docs, from, to);
        KnowledgeDoc[] loaded = documents.load(searcher, page);
        List<SearchResult.Hit> hits = new ArrayList<>();
        for (int i = 0; i < page.length; i++) {
            hits.add(new SearchResult.Hit(loaded[i], Float.isNaN(page[i].score) ? 0 : page[i].score));
        }
        return new SearchResult(hits, total, counts, (System.nanoTime() - started) / 1000);
    }

    /** The dense half: the k nearest embeddings among the documents the filters allow; score = cosine. */
    SearchResult nearest(IndexSearcher searcher, KnowledgeQuery query, long started) throws IOException {
        int k = Math.max(1, query.offset() + query.limit());
        // The graph search is approximate; exploring at least 100 candidates finds the true nearest few.
        int explore = Math.max(k, KNN_EXPLORE);
        TopDocs top = searcher.search(new KnnFloatVectorQuery("embedding", query.vector(), explore,
                LuceneQueries.filterOnly(query)), explore);
        ScoreDoc[] explored = LuceneExactRescore.ON ? LuceneExactRescore.rescore(searcher, query.vector(), top.scoreDocs) : top.scoreDocs;
        ScoreDoc[] docs = Arrays.copyOf(explored, Math.min(k, explored.length));
        ScoreDoc[] page = Arrays.copyOfRange(docs, Math.min(query.offset(), docs.length),
                Math.min(docs.length, query.offset() + query.limit()));
        KnowledgeDoc[] loaded = documents.load(searcher, page);
        List<SearchResult.Hit> hits = new ArrayList<>();
        for (int i = 0; i < page.length; i++) {
            hits.add(new SearchResult.Hit(loaded[i], 2 * page[i].score - 1)); // Lucene's cosine score is (1+cos)/2
        }
        return new SearchResult(hits, docs.length, Map.of(), (System.nanoTime() - started) / 1000);
    }
}
