package services.watchdog;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.typesense.model.MultiSearchCollectionParameters;
import org.typesense.model.MultiSearchResult;
import org.typesense.model.MultiSearchResultItem;
import org.typesense.model.MultiSearchSearchesParameter;
import services.knowledge.KnowledgeIndexException;
import services.knowledge.TypesenseConnection;

/**
 * OTEL events from the Typesense {@code otel_events} collection (formats.md part 8): one multi-search request
 * counts each kind in the window ({@code timestamp} in epoch ms) and brings up to 20 ids of each as evidence
 * ({@code otel:<id>}). Dispatches are what the running watchdog searches for: "dispatch" or "implement" in the
 * action or component, any of the words, retrievals left out.
 */
public final class TypesenseOtelEvents implements OtelEventSource {

    private static final Map<EventKind, String> ACTIONS = new EnumMap<>(Map.of(
            EventKind.RETRIEVAL, "system_knowledge.retrieval",
            EventKind.TURN_ELIGIBLE, "knowledge.turn_write.eligible",
            EventKind.TURN_STARTED, "knowledge.turn_write.started",
            EventKind.TURN_COMPLETED, "knowledge.turn_write.completed",
            EventKind.TURN_SKIPPED, "knowledge.turn_write.skipped",
            EventKind.TURN_FAILED, "knowledge.turn_write.failed",
            EventKind.WATCHDOG, "knowledge.watchdog.check"));

    private final TypesenseConnection connection;
    private final String collection;
    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public TypesenseOtelEvents(TypesenseConnection connection, String collection) {
        this.connection = connection;
        this.collection = collection;
    }

    @Override
    public String describe() {
        return "the Typesense collection " + collection;
    }

    @Override
    public EventWindow window(long from, long to) {
        String range = "timestamp:>=" + from + " && timestamp:<" + to;
        List<EventKind> kinds = new ArrayList<>(ACTIONS.keySet());
        MultiSearchSearchesParameter body = new MultiSearchSearchesParameter();
        for (EventKind kind : kinds) {
            body.addSearchesItem(search("*", range + " && action:=`" + ACTIONS.get(kind) + "`", null));
        }
        body.addSearchesItem(search("dispatch implement", range + " && action:!=`" + ACTIONS.get(EventKind.RETRIEVAL) + "`",
                "action,component"));
        kinds.add(EventKind.DISPATCH);
        MultiSearchResult result;
        try {
            result = connection.call("count OTEL events in " + collection,
                    () -> connection.client().multiSearch.perform(body, Map.of()));
        } catch (KnowledgeIndexException e) {
            throw new services.errors.ConsoleException("Cannot read " + describe() + ": " + e.getMessage(), e);
        }
        Map<EventKind, Long> counts = new EnumMap<>(EventKind.class);
        Map<EventKind, List<String>> samples = new EnumMap<>(EventKind.class);
        List<String> problems = new ArrayList<>();
        long scanned = 0;
        for (int i = 0; i < kinds.size(); i++) {
            MultiSearchResultItem item = result == null || result.getResults() == null || result.getResults().size() <= i
                    ? null : result.getResults().get(i);
            if (item == null || item.getError() != null) {
                problems.add(describe() + ": " + kinds.get(i) + " not counted" + (item == null ? "" : " (" + item.getError() + ")"));
                continue;
            }
            long found = item.getFound() == null ? 0 : item.getFound();
            counts.put(kinds.get(i), found);
            scanned += found;
            List<String> ids = new ArrayList<>();
            if (item.getHits() != null) {
                item.getHits().forEach(h -> ids.add("otel:" + h.getDocument().get("id")));
            }
            samples.put(kinds.get(i), ids);
        }
        return new EventWindow(from, to, counts, samples, scanned, 0, problems);
    }

    private MultiSearchCollectionParameters search(String q, String filter, String queryBy) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("collection", collection);
        p.put("q", q);
        p.put("query_by", queryBy == null ? "action" : queryBy);
        p.put("filter_by", filter);
        p.put("include_fields", "id");
        if (queryBy != null) {
            p.put("drop_tokens_threshold", Integer.MAX_VALUE); // any of the words, as the running watchdog's search
        }
        p.put("limit", EventWindow.SAMPLES);
        return json.convertValue(p, MultiSearchCollectionParameters.class);
    }
}
