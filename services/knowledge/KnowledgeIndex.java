package services.knowledge;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@code system_knowledge} collection, whatever holds it (embedded Lucene, Typesense). Upserts replace the
 * whole document. Reads are safe while another thread writes.
 */
public interface KnowledgeIndex extends AutoCloseable {

    void upsert(List<KnowledgeDoc> docs);

    /**
     * Writes these documents back with the embeddings computed for them — the same documents, their words
     * unchanged. Not a change of content: {@link #changeStamp()} stays as it was (a window polling the stamp does
     * not read again, search again and look for more to embed after each of its own embedding writes).
     */
    default void upsertEmbeddings(List<KnowledgeDoc> docs) {
        upsert(docs);
    }

    /** Deletes exactly these ids; returns how many existed. */
    int delete(Collection<String> ids);

    Optional<KnowledgeDoc> get(String id);

    SearchResult search(KnowledgeQuery query);

    /** Several searches at once (the recall preview's budgets): one request where the backend allows it. */
    default List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return queries.stream().map(this::search).toList();
    }

    Map<String, Long> countsByType();

    /** Ids of every document whose type is one of {@code types}. */
    Set<String> ids(Set<String> types);

    /** Makes every write so far durable and visible. */
    void flush();

    /** Drops every document and recreates the empty collection. */
    void recreate();

    IndexStatus status();

    /**
     * False when the collection is missing: Typesense has no such collection, or the embedded index was not on
     * disk when it was opened (created empty) and nothing has been written to it since.
     */
    default boolean exists() {
        return true;
    }

    /**
     * Calls {@code action} with pages of at most {@code batch} documents that carry no embedding, among those
     * written at or after {@code writtenSince} (epoch seconds; 0 = all). Writing embeddings back from inside the
     * action is allowed: each such document is visited once.
     */
    void forEachWithoutEmbedding(long writtenSince, int batch, Consumer<List<KnowledgeDoc>> action);

    /** How many documents carry an embedding, or -1 when the backend cannot count them cheaply. */
    default long embeddedCount() {
        return -1;
    }

    /**
     * Changes whenever the collection's content changes, whoever wrote it (another window, the scheduler, a
     * command): what an open window polls to know it must read again. By default the status (count, newest).
     */
    default Object changeStamp() {
        return status();
    }

    /**
     * A read-only view of this collection as it would be after {@code upsert(docs)} and {@code delete(deleted)},
     * for searching only: it ranks as the real write would, and nothing is written. Empty when the backend cannot
     * make one (Typesense). Close the view when done.
     */
    default Optional<KnowledgeIndex> overlay(List<KnowledgeDoc> docs, Collection<String> deleted) {
        return Optional.empty();
    }

    /** What is wrong with the collection but does not stop it working (Typesense: schema drift). */
    default List<String> problems() {
        return List.of();
    }

    @Override
    void close();
}
