package services.knowledge;

import java.util.List;
import java.util.Map;

/**
 * A search over {@code system_knowledge}: free text over title and content, facet filters (values of one facet
 * are OR-ed, facets are AND-ed), an optional loop and time window, a sort, and a page.
 *
 * @param matchAll true: every word must match (browsing); false: any word may (recall questions)
 */
public record KnowledgeQuery(
        String text,
        Map<String, List<String>> filters,
        String loopId,
        Long createdFrom,
        Long createdTo,
        SortOrder sort,
        int offset,
        int limit,
        boolean matchAll,
        boolean withFacets) {

    /** The facet fields, in the order the browser shows them. */
    public static final List<String> FACETS = List.of("type", "project", "status", "tags");

    public enum SortOrder { RELEVANCE, NEWEST, SCORE }

    public KnowledgeQuery {
        text = text == null ? "" : text;
        filters = filters == null ? Map.of() : Map.copyOf(filters);
        sort = sort == null ? SortOrder.RELEVANCE : sort;
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must not be negative");
        }
    }

    public static KnowledgeQuery text(String text, int limit) {
        return new KnowledgeQuery(text, Map.of(), null, null, null, SortOrder.RELEVANCE, 0, limit, true, false);
    }

    public KnowledgeQuery withFilters(Map<String, List<String>> newFilters) {
        return new KnowledgeQuery(text, newFilters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll,
                withFacets);
    }

    public KnowledgeQuery withLoop(String loop) {
        return new KnowledgeQuery(text, filters, loop, createdFrom, createdTo, sort, offset, limit, matchAll,
                withFacets);
    }

    public KnowledgeQuery withSort(SortOrder order) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, order, offset, limit, matchAll,
                withFacets);
    }

    public KnowledgeQuery withPage(int newOffset, int newLimit) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, newOffset, newLimit, matchAll,
                withFacets);
    }

    public KnowledgeQuery withFacets(boolean facets) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll, facets);
    }

    public KnowledgeQuery matchingAny() {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, false,
                withFacets);
    }

    public KnowledgeQuery createdBetween(Long from, Long to) {
        return new KnowledgeQuery(text, filters, loopId, from, to, sort, offset, limit, matchAll, withFacets);
    }
}
