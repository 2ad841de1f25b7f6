package services.knowledge;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/** A {@link KnowledgeIndex} that passes every call to another; decorators override what they add to. */
public abstract class ForwardingKnowledgeIndex implements KnowledgeIndex {

    protected final KnowledgeIndex index;

    protected ForwardingKnowledgeIndex(KnowledgeIndex index) {
        this.index = index;
    }

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        index.upsert(docs);
    }

    @Override
    public void upsertEmbeddings(List<KnowledgeDoc> docs) {
        index.upsertEmbeddings(docs);
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
    public SearchResult search(KnowledgeQuery query) {
        return index.search(query);
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return index.searchAll(queries);
    }

    @Override
    public void forEachWithoutEmbedding(long writtenSince, int batch, Consumer<List<KnowledgeDoc>> action) {
        index.forEachWithoutEmbedding(writtenSince, batch, action);
    }

    @Override
    public long embeddedCount() {
        return index.embeddedCount();
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
    public IndexStatus status() {
        return index.status();
    }

    @Override
    public Object changeStamp() {
        return index.changeStamp();
    }

    @Override
    public boolean exists() {
        return index.exists();
    }

    /** The wrapped index's view, undecorated: a preview's searches are not the index's own. */
    @Override
    public Optional<KnowledgeIndex> overlay(List<KnowledgeDoc> docs, Collection<String> deleted) {
        return index.overlay(docs, deleted);
    }

    @Override
    public List<String> problems() {
        return index.problems();
    }

    @Override
    public void close() {
        index.close();
    }
}
