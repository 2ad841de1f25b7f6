package services.telemetry;

import io.opentelemetry.api.common.Attributes;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import services.knowledge.IndexStatus;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/** A {@link KnowledgeIndex} whose searches are spans ("search") with their hit count and duration. */
public final class TracedKnowledgeIndex implements KnowledgeIndex {

    private final KnowledgeIndex index;
    private final Telemetry telemetry;

    public TracedKnowledgeIndex(KnowledgeIndex index, Telemetry telemetry) {
        this.index = index;
        this.telemetry = telemetry;
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        return telemetry.span("search", Attributes.of(Telemetry.KIND,
                query.retrieval() == KnowledgeQuery.Retrieval.KEYWORD ? query.sort().name().toLowerCase()
                        : query.retrieval().name().toLowerCase()), span -> {
            SearchResult result = index.search(query);
            span.setAttribute(Telemetry.COUNT, result.total());
            telemetry.searched(result.tookMicros() / 1000.0);
            return result;
        });
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return telemetry.span("search", Attributes.of(Telemetry.KIND, "multi", Telemetry.COUNT, (long) queries.size()),
                span -> index.searchAll(queries));
    }

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        index.upsert(docs);
    }

    @Override
    public void forEachWithoutEmbedding(long writtenSince, int batch,
                                        java.util.function.Consumer<List<KnowledgeDoc>> action) {
        index.forEachWithoutEmbedding(writtenSince, batch, action);
    }

    @Override
    public long embeddedCount() {
        return index.embeddedCount();
    }

    @Override
    public int delete(Collection<String> ids) {
        return index.delete(ids);
    }

    @Override
    public Optional<KnowledgeDoc> get(String id) {
        return index.get(id);
    }

    @Override
    public Map<String, Long> countsByType() {
        return index.countsByType();
    }

    @Override
    public Set<String> ids(Set<String> types) {
        return index.ids(types);
    }

    @Override
    public void flush() {
        index.flush();
    }

    @Override
    public void recreate() {
        index.recreate();
    }

    @Override
    public boolean exists() {
        return index.exists();
    }

    @Override
    public List<String> problems() {
        return index.problems();
    }

    @Override
    public IndexStatus status() {
        return index.status();
    }

    @Override
    public void close() {
        index.close();
    }
}
