package services.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds Typesense {@code filter_by} expressions from a {@link KnowledgeQuery}: values of one field are OR-ed
 * ({@code field:=[`a`,`b`]}), fields AND-ed ({@code &&}). Every string value is wrapped in backticks, so commas,
 * colons, spaces, brackets and {@code &&} / {@code ||} inside a value are taken literally; a backtick or backslash
 * inside is escaped with a backslash.
 */
final class TypesenseFilters {

    private TypesenseFilters() {
    }

    static String quote(String value) {
        return "`" + value.replace("\\", "\\\\").replace("`", "\\`") + "`";
    }

    static String oneOf(String field, List<String> values) {
        List<String> quoted = new ArrayList<>();
        values.forEach(v -> quoted.add(quote(v)));
        return field + ":=[" + String.join(",", quoted) + "]";
    }

    /** The filter of a query, leaving out the facet field {@code except} (for its own counts), or "" for none. */
    static String of(KnowledgeQuery query, String except) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, List<String>> f : new TreeMap<>(query.filters()).entrySet()) {
            if (!f.getKey().equals(except) && !f.getValue().isEmpty()) {
                parts.add(oneOf(f.getKey(), f.getValue()));
            }
        }
        if (query.loopId() != null) {
            parts.add("loop_id:=" + quote(query.loopId()));
        }
        if (query.createdFrom() != null) {
            parts.add("created_at:>=" + query.createdFrom());
        }
        if (query.createdTo() != null) {
            parts.add("created_at:<=" + query.createdTo());
        }
        return String.join(" && ", parts);
    }
}
