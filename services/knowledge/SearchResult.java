package services.knowledge;

import java.util.List;
import java.util.Map;

/** A page of hits, the exact total, and facet counts (each facet counted as if its own filter were not set). */
public record SearchResult(List<Hit> hits, long total, Map<String, List<FacetCount>> facets, long tookMicros) {

    public SearchResult {
        hits = List.copyOf(hits);
        facets = Map.copyOf(facets);
    }

    public record Hit(KnowledgeDoc doc, float score) {
    }

    public record FacetCount(String value, long count) {
    }

    public static SearchResult empty() {
        return new SearchResult(List.of(), 0, Map.of(), 0);
    }
}
