package services.telemetry;

import io.opentelemetry.api.common.Attributes;
import java.util.List;
import services.knowledge.ForwardingKnowledgeIndex;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/** A {@link KnowledgeIndex} whose searches are spans ("search") with their hit count and duration. */
public final class TracedKnowledgeIndex extends ForwardingKnowledgeIndex {

    private final Telemetry telemetry;

    public TracedKnowledgeIndex(KnowledgeIndex index, Telemetry telemetry) {
        super(index);
        this.telemetry = telemetry;
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        return telemetry.traced("search", Attributes.of(Telemetry.KIND, kind(query)), () -> index.search(query), result -> {
            telemetry.searched(result.tookMicros() / 1000.0);
            return Attributes.of(Telemetry.COUNT, result.total());
        });
    }

    private static String kind(KnowledgeQuery query) {
        return query.retrieval() == KnowledgeQuery.Retrieval.KEYWORD ? query.sort().name().toLowerCase()
                : query.retrieval().name().toLowerCase();
    }

    /**
     * Several searches in one request: a "multi" span with how many. One query alone — every plain search of a
     * workspace with semantic search, which asks through here — is a search like {@link #search}: its kind and hits
     * (it read "kind=multi count=1", which looked like a poll).
     */
    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        if (queries.size() == 1) {
            return List.of(search(queries.get(0)));
        }
        return telemetry.traced("search", Attributes.of(Telemetry.KIND, "multi", Telemetry.COUNT, (long) queries.size()),
                () -> index.searchAll(queries));
    }
}
