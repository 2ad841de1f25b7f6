package services.telemetry;

import io.opentelemetry.api.common.Attributes;
import java.util.List;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/** A {@link KnowledgeIndex} whose searches are spans ("search") with their hit count and duration. */
public final class TracedKnowledgeIndex extends services.knowledge.ForwardingKnowledgeIndex {

    private final Telemetry telemetry;

    public TracedKnowledgeIndex(KnowledgeIndex index, Telemetry telemetry) {
        super(index);
        this.telemetry = telemetry;
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        return telemetry.traced("search", Attributes.of(Telemetry.KIND,
                query.retrieval() == KnowledgeQuery.Retrieval.KEYWORD ? query.sort().name().toLowerCase()
                        : query.retrieval().name().toLowerCase()), () -> index.search(query), result -> {
            telemetry.searched(result.tookMicros() / 1000.0);
            return Attributes.of(Telemetry.COUNT, result.total());
        });
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return telemetry.traced("search", Attributes.of(Telemetry.KIND, "multi", Telemetry.COUNT, (long) queries.size()),
                () -> index.searchAll(queries));
    }
}
