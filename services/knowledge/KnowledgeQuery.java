package services.knowledge;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A search over {@code system_knowledge}: free text over title and content, facet filters (values of one facet
 * are OR-ed, facets are AND-ed), an optional loop and time window, a sort, and a page.
 *
 * <p>Build one by name rather than position: {@code KnowledgeQuery.text("retry budget").withFilter("type",
 * List.of("adr")).withSort(SortOrder.NEWEST).withLimit(20)}, or {@link #all()} for every document; each
 * {@code with...} returns a copy with one thing changed. The canonical constructor stays for callers that set
 * everything at once.
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
        boolean withFacets,
        Retrieval retrieval,
        float[] vector) {

    /** The facet fields, in the order the browser shows them. */
    public static final List<String> FACETS = List.of("type", "project", "status", "tags");

    public enum SortOrder { RELEVANCE, NEWEST, SCORE }

    /**
     * How candidates are found: words only; nearest embeddings only ({@code vector} holds the question's
     * embedding, text is ignored, each hit's score is its cosine similarity); or both, fused by rank. An index
     * without embeddings answers HYBRID as KEYWORD.
     */
    public enum Retrieval { KEYWORD, DENSE, HYBRID }

    public KnowledgeQuery(String text, Map<String, List<String>> filters, String loopId, Long createdFrom,
                          Long createdTo, SortOrder sort, int offset, int limit, boolean matchAll, boolean withFacets) {
        this(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll, withFacets, Retrieval.KEYWORD,
                null);
    }

    public KnowledgeQuery {
        text = text == null ? "" : text;
        filters = filters == null ? Map.of() : Map.copyOf(filters);
        sort = sort == null ? SortOrder.RELEVANCE : sort;
        retrieval = retrieval == null ? Retrieval.KEYWORD : retrieval;
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must not be negative");
        }
    }

    /** How many hits {@link #text(String)} and {@link #all()} ask for until {@link #withLimit} says otherwise. */
    public static final int DEFAULT_LIMIT = 10;

    public static KnowledgeQuery text(String text, int limit) {
        return new KnowledgeQuery(text, Map.of(), null, null, null, SortOrder.RELEVANCE, 0, limit, true, false);
    }

    /**
     * A keyword search for {@code text}: every word required, no filters, loop or time window, by relevance, the
     * first {@link #DEFAULT_LIMIT} hits, without facet counts.
     */
    public static KnowledgeQuery text(String text) {
        return text(text, DEFAULT_LIMIT);
    }

    /** Every document (no text), otherwise as {@link #text(String)}: by relevance, which for no text is newest first. */
    public static KnowledgeQuery all() {
        return text("", DEFAULT_LIMIT);
    }

    /** The same search, with {@code values} as the only values allowed for {@code facet} (one of {@link #FACETS}). */
    public KnowledgeQuery withFilter(String facet, List<String> values) {
        Map<String, List<String>> changed = new HashMap<>(filters);
        changed.put(facet, values);
        return withFilters(changed);
    }

    /** The same search, asking for {@code newLimit} hits from the same offset. */
    public KnowledgeQuery withLimit(int newLimit) {
        return withPage(offset, newLimit);
    }

    public KnowledgeQuery withFilters(Map<String, List<String>> newFilters) {
        return new KnowledgeQuery(text, newFilters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll,
                withFacets, retrieval, vector);
    }

    public KnowledgeQuery withLoop(String loop) {
        return new KnowledgeQuery(text, filters, loop, createdFrom, createdTo, sort, offset, limit, matchAll,
                withFacets, retrieval, vector);
    }

    public KnowledgeQuery withSort(SortOrder order) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, order, offset, limit, matchAll,
                withFacets, retrieval, vector);
    }

    public KnowledgeQuery withPage(int newOffset, int newLimit) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, newOffset, newLimit, matchAll,
                withFacets, retrieval, vector);
    }

    public KnowledgeQuery withFacets(boolean facets) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll, facets,
                retrieval, vector);
    }

    public KnowledgeQuery matchingAny() {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, false,
                withFacets, retrieval, vector);
    }

    public KnowledgeQuery withRetrieval(Retrieval how) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll, withFacets,
                how, vector);
    }

    /** The same search, with the question's embedding given (HYBRID: for its dense half). */
    public KnowledgeQuery withVector(float[] embedding) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll, withFacets,
                retrieval, embedding);
    }

    /** The dense half of a search: the same filters and page, nearest to this embedding. */
    public KnowledgeQuery nearest(float[] embedding) {
        return new KnowledgeQuery(text, filters, loopId, createdFrom, createdTo, sort, offset, limit, matchAll, false,
                Retrieval.DENSE, embedding);
    }

    public KnowledgeQuery createdBetween(Long from, Long to) {
        return new KnowledgeQuery(text, filters, loopId, from, to, sort, offset, limit, matchAll, withFacets,
                retrieval, vector);
    }
}
