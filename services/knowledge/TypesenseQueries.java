package services.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.typesense.model.FacetCounts;
import org.typesense.model.MultiSearchResult;
import org.typesense.model.MultiSearchResultItem;
import org.typesense.model.SearchResultHit;

/** How a {@link KnowledgeQuery} reads in Typesense's terms, and how its answers read back (TypesenseKnowledgeIndex). */
final class TypesenseQueries {

    /** The fields a search leaves out of its hits (the vectors: large, and never shown). */
    private static final String FIELDS_OUT = "embedding";

    private TypesenseQueries() {
    }

    /** Text match for words; for the dense half, the cosine similarity (Typesense gives the distance 1 − cos). */
    static float score(KnowledgeQuery q, SearchResultHit h) {
        if (dense(q)) {
            return h.getVectorDistance() == null ? 0f : 1f - h.getVectorDistance();
        }
        Object score = h.getTextMatch();
        return score instanceof Number n ? n.floatValue() : 0f;
    }

    static boolean dense(KnowledgeQuery q) {
        return q.retrieval() == KnowledgeQuery.Retrieval.DENSE && q.vector() != null;
    }

    /** The search parameters of a query, by their Typesense names. */
    static Map<String, Object> searchParams(KnowledgeQuery q, String filter, int limit, int offset, String facets) {
        Map<String, Object> p = new LinkedHashMap<>();
        String text = dense(q) ? "" : q.text().strip();
        p.put("q", text.isEmpty() ? "*" : text);
        p.put("query_by", "title,content");
        p.put("exclude_fields", FIELDS_OUT);
        if (!filter.isEmpty()) {
            p.put("filter_by", filter);
        }
        if (dense(q)) {
            p.put("vector_query", vectorQuery(q.vector(), offset + limit));
            p.put("limit", limit);
            p.put("offset", offset);
            return p;
        }
        if (facets != null) {
            p.put("facet_by", facets);
            p.put("max_facet_values", 100);
        }
        p.put("sort_by", switch (q.sort()) {
            case NEWEST -> "created_at:desc";
            case SCORE -> "score:desc,created_at:desc";
            case RELEVANCE -> text.isEmpty() ? "created_at:desc" : "_text_match:desc,created_at:desc";
        });
        if (!q.matchAll()) {
            p.put("drop_tokens_threshold", Integer.MAX_VALUE);
        }
        p.put("limit", limit);
        p.put("offset", offset);
        return p;
    }

    /** {@code embedding:([0.1,…], k:K)} — the k nearest embeddings; vectors travel in the POST body. */
    static String vectorQuery(float[] vector, int k) {
        StringBuilder out = new StringBuilder("embedding:([");
        for (int i = 0; i < vector.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(vector[i]);
        }
        return out.append("], k:").append(Math.max(1, k)).append(')').toString();
    }

    /** The facet counts of an answer, by field. */
    static Map<String, List<SearchResult.FacetCount>> facetsOf(org.typesense.model.SearchResult r) { // qualified: services.knowledge.SearchResult is ours
        Map<String, List<SearchResult.FacetCount>> out = new LinkedHashMap<>();
        for (FacetCounts f : r.getFacetCounts() == null ? List.<FacetCounts>of() : r.getFacetCounts()) {
            List<SearchResult.FacetCount> counts = new ArrayList<>();
            f.getCounts().forEach(c -> counts.add(new SearchResult.FacetCount(c.getValue(), c.getCount())));
            out.put(f.getFieldName(), counts);
        }
        return out;
    }

    /** The answer to the {@code index}th search of a multi-search, or why Typesense gave none. */
    static MultiSearchResultItem item(MultiSearchResult result, int index) {
        if (result == null || result.getResults() == null || result.getResults().size() <= index) {
            throw new KnowledgeIndexException("Typesense answered the search without a result for each query.");
        }
        MultiSearchResultItem item = result.getResults().get(index);
        if (item.getError() != null) {
            throw new KnowledgeIndexException("Typesense refused the search (" + item.getCode() + "): " + item.getError());
        }
        return item;
    }

    /** The documents as Typesense's import reads them: one JSON object a line. */
    static String jsonLines(ObjectMapper json, List<KnowledgeDoc> batch) {
        StringBuilder body = new StringBuilder();
        for (KnowledgeDoc d : batch) {
            try {
                body.append(json.writeValueAsString(d)).append('\n');
            } catch (IOException e) {
                throw new KnowledgeIndexException("Cannot write document " + d.id() + " as JSON: " + e.getMessage(), e);
            }
        }
        return body.toString();
    }

    /** The documents of {@code batch} the import's answer (a JSON line per document) does not say succeeded, and why. */
    static Map<String, String> rejected(ObjectMapper json, List<KnowledgeDoc> batch, String answer) {
        Map<String, String> rejected = new LinkedHashMap<>();
        String[] lines = answer == null ? new String[0] : answer.split("\n");
        for (int i = 0; i < batch.size(); i++) {
            JsonNode line = i < lines.length ? parse(json, lines[i]) : null;
            if (line == null || !line.path("success").asBoolean(false)) {
                rejected.put(batch.get(i).id(), line == null ? "no result for it in Typesense's answer"
                        : line.path("error").asText("rejected"));
            }
        }
        return rejected;
    }

    /** One JSON line of an answer, or null when it is not JSON. */
    static JsonNode parse(ObjectMapper json, String line) {
        try {
            return json.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }
}
