package services.knowledge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;

/**
 * The facets of the embedded index: type, project, status and (multi-valued) tags, counted from sorted-set doc
 * values; the counting state is built once per reader and kept until the reader changes.
 */
final class LuceneFacets {

    private static final int MAX_FACET_VALUES = 200;

    private final FacetsConfig config = new FacetsConfig();
    private volatile FacetState facetState;

    private record FacetState(IndexReader reader, SortedSetDocValuesReaderState state) {
    }

    LuceneFacets() {
        config.setMultiValued("tags", true);
    }

    FacetsConfig config() {
        return config;
    }

    /** The counting state of this searcher's reader; null when the index has no facet values yet. */
    SortedSetDocValuesReaderState state(IndexSearcher searcher) {
        FacetState current = facetState;
        if (current != null && current.reader() == searcher.getIndexReader()) {
            return current.state();
        }
        SortedSetDocValuesReaderState state;
        try {
            state = new DefaultSortedSetDocValuesReaderState(searcher.getIndexReader(), config);
        } catch (IOException | IllegalArgumentException noFacetsYet) {
            state = null;
        }
        facetState = new FacetState(searcher.getIndexReader(), state);
        return state;
    }

    static List<SearchResult.FacetCount> counts(Facets found, String dim) throws IOException {
        FacetResult result;
        try {
            result = found.getTopChildren(MAX_FACET_VALUES, dim);
        } catch (IllegalArgumentException noSuchDimension) {
            return List.of();
        }
        if (result == null) {
            return List.of();
        }
        List<SearchResult.FacetCount> out = new ArrayList<>();
        for (LabelAndValue lv : result.labelValues) {
            out.add(new SearchResult.FacetCount(lv.label, lv.value.longValue()));
        }
        return out;
    }

    /** Every document has exactly one type, so the hits are the type counts of the chosen types (or of all). */
    static long totalFromTypes(List<SearchResult.FacetCount> types, List<String> chosen) {
        return types.stream().filter(c -> chosen.isEmpty() || chosen.contains(c.value()))
                .mapToLong(SearchResult.FacetCount::count).sum();
    }
}
