package services.watchdog;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.typesense.model.MultiSearchCollectionParameters;
import org.typesense.model.MultiSearchResult;
import org.typesense.model.MultiSearchResultItem;
import org.typesense.model.MultiSearchSearchesParameter;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeIndexException;
import services.knowledge.TypesenseConnection;

/**
 * OTEL events from the Typesense {@code otel_events} collection (the running system's {@code typesense}/{@code dual}
 * store modes; formats.md part 8). The first multi-search request counts the collection and the window and brings
 * the first page of the window's retrieval, turn-write and watchdog events (their {@code metadata_json} read for
 * story and turn ids); further pages follow, up to {@value #MAX_PAGES} pages of {@value #PAGE}. Evidence:
 * {@code otel:<id>}. No fuzzy "dispatch" search: a dispatch is an implementor retrieval for a story (see
 * {@link EventKind}).
 */
public final class TypesenseOtelEvents implements OtelEventSource {

    static final int PAGE = 250;
    static final int MAX_PAGES = 40;
    static final List<String> ACTIONS = List.of(EventKind.RETRIEVAL_ACTION, EventKind.RETRIEVAL_ACTION + ".started",
            EventKind.RETRIEVAL_ACTION + ".completed", EventKind.RETRIEVAL_ACTION + ".failed",
            EventKind.TURN + "eligible", EventKind.TURN + "started", EventKind.TURN + "completed",
            EventKind.TURN + "skipped", EventKind.TURN + "failed", EventKind.WATCHDOG_ACTION);

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
        String actions = range + " && action:[" + String.join(",", ACTIONS.stream().map(a -> "`" + a + "`").toList()) + "]";
        MultiSearchSearchesParameter first = new MultiSearchSearchesParameter();
        first.addSearchesItem(search(null, 1, 1, "id"));
        first.addSearchesItem(search(range, 1, 1, "id"));
        first.addSearchesItem(search(actions, 1, PAGE, null));
        List<MultiSearchResultItem> items = perform(first, 3);
        long present = found(items.get(0));
        long inWindow = found(items.get(1));
        EventTally tally = new EventTally(from, to);
        List<String> problems = new ArrayList<>();
        MultiSearchResultItem page = items.get(2);
        long total = found(page);
        int pages = 1;
        add(tally, page);
        while ((long) pages * PAGE < total && pages < MAX_PAGES) {
            pages++;
            MultiSearchSearchesParameter next = new MultiSearchSearchesParameter();
            next.addSearchesItem(search(actions, pages, PAGE, null));
            add(tally, perform(next, 1).get(0));
        }
        if ((long) pages * PAGE < total) {
            problems.add(describe() + ": " + total + " retrieval and turn-write events in the window; only the first "
                    + (pages * PAGE) + " were counted");
        }
        return tally.window(inWindow, 0, present, null, problems).withInWindow(inWindow);
    }

    private void add(EventTally tally, MultiSearchResultItem item) {
        if (item.getHits() == null) {
            return;
        }
        item.getHits().forEach(h -> {
            Map<String, Object> d = h.getDocument();
            Object ts = d.get("timestamp");
            long time = ts instanceof Number n ? n.longValue() : Long.MIN_VALUE;
            EventMeta meta = EventMeta.NONE;
            if (d.get("metadata_json") instanceof String m && !m.isBlank()) {
                try {
                    meta = EventMeta.of(json.readTree(m));
                } catch (IOException notJson) {
                    meta = EventMeta.NONE;
                }
            }
            EventKind kind = EventKind.of(str(d.get("source")), str(d.get("component")), str(d.get("action")), meta);
            tally.add(time, kind, kind.turnWrite() ? meta.turn() : null, "otel:" + d.get("id"),
                    EventKind.story(str(d.get("source")), str(d.get("component")), kind, meta));
        });
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }

    private List<MultiSearchResultItem> perform(MultiSearchSearchesParameter body, int expected) {
        MultiSearchResult result;
        try {
            result = connection.call("read OTEL events in " + collection,
                    () -> connection.client().multiSearch.perform(body, Map.of()));
        } catch (KnowledgeIndexException e) {
            throw new ConsoleException("Cannot read " + describe() + ": " + e.getMessage(), e);
        }
        List<MultiSearchResultItem> items = result == null || result.getResults() == null ? List.of() : result.getResults();
        if (items.size() < expected) {
            throw new ConsoleException("Cannot read " + describe() + ": Typesense answered "
                    + items.size() + " of " + expected + " searches");
        }
        for (MultiSearchResultItem item : items) {
            if (item.getError() != null) {
                throw new ConsoleException("Cannot read " + describe() + ": " + item.getError());
            }
        }
        return items;
    }

    private static long found(MultiSearchResultItem item) {
        return item.getFound() == null ? 0 : item.getFound();
    }

    private MultiSearchCollectionParameters search(String filter, int page, int perPage, String fields) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("collection", collection);
        p.put("q", "*");
        if (filter != null) {
            p.put("filter_by", filter);
        }
        p.put("include_fields", fields == null ? "id,timestamp,source,component,action,metadata_json" : fields);
        p.put("page", page);
        p.put("per_page", perPage);
        JsonNode node = json.valueToTree(p);
        return json.convertValue(node, MultiSearchCollectionParameters.class);
    }
}
