package services.knowledge;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;
import services.workspace.WorkspaceWriteLock;

/**
 * The embedded default: {@code system_knowledge} as a Lucene index on disk in the workspace. BM25 over title
 * (boosted) and content with English stemming; type, project, status and tags as facets counted with
 * drill-sideways (each facet's counts ignore its own filter, so the user can widen a choice); readers see a
 * consistent snapshot while a sync writes.
 */
public final class LuceneKnowledgeIndex implements KnowledgeIndex {

    private final Path dir;
    private final int dimensions;
    private final Analyzer analyzer = new EnglishAnalyzer();
    private final LuceneFacets facets = new LuceneFacets();
    private final LuceneDocuments documents;
    private final LuceneSearch search;
    private final LuceneStore store;
    private volatile boolean missing;
    /** Where the searches of one {@link #searchAll} call run beside the caller's (the caller's own thread: one by one). */
    private volatile Executor lanes = Runnable::run;

    /** The index in {@code dir}; writers take turns with the workspace's write lock in the folder above it. */
    public LuceneKnowledgeIndex(Path dir, int embeddingDimensions) {
        this(dir, embeddingDimensions, new WorkspaceWriteLock(dir.toAbsolutePath().getParent()));
    }

    /**
     * Opens for reading without any lock (many windows, schedulers and commands share one index); each write opens
     * a short-lived writer under {@code writeLock}, commits and closes it, and readers pick the new commit up.
     */
    public LuceneKnowledgeIndex(Path dir, int embeddingDimensions, WorkspaceWriteLock writeLock) {
        this.dir = dir;
        this.dimensions = embeddingDimensions;
        this.documents = new LuceneDocuments(dir, embeddingDimensions, facets.config());
        this.search = new LuceneSearch(analyzer, facets, documents);
        this.store = new LuceneStore(dir, analyzer, writeLock);
        this.missing = store.wasMissing();
    }

    /**
     * Runs the searches of one {@link #searchAll} call side by side: all but the first on {@code executor}, the
     * first on the caller's thread (a hybrid search's keyword and dense halves at once). The composition root
     * gives it a pool; without one, they run one after the other. Returns this index.
     */
    public LuceneKnowledgeIndex searchingBeside(Executor executor) {
        this.lanes = Objects.requireNonNull(executor);
        return this;
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        return LuceneLanes.searchAll(queries, lanes, this::search);
    }

    /** A read-only view over {@code overlay}'s reader: searches only; every write is refused. */
    private LuceneKnowledgeIndex(LuceneKnowledgeIndex base, LuceneOverlay overlay) {
        this.lanes = base.lanes;
        this.dir = base.dir;
        this.dimensions = base.dimensions;
        this.documents = new LuceneDocuments(dir, dimensions, facets.config());
        this.search = new LuceneSearch(analyzer, facets, documents);
        this.store = new LuceneStore(base.store, overlay);
    }

    /**
     * This index as it would be after {@code upsert(docs)} and {@code delete(deleted)}, for searching only — the
     * current snapshot with the replaced and deleted documents hidden and the new ones in memory, ranked as the
     * write would rank them ({@link LuceneOverlay}). Nothing is written; close the view when done.
     */
    @Override
    public Optional<KnowledgeIndex> overlay(List<KnowledgeDoc> docs, Collection<String> deleted) {
        Map<String, KnowledgeDoc> last = new LinkedHashMap<>();
        docs.forEach(d -> {
            last.remove(d.id());
            last.put(d.id(), d);
        });
        Set<String> hidden = new LinkedHashSet<>(deleted);
        hidden.addAll(last.keySet());
        List<Document> built = new ArrayList<>();
        IndexSearcher snapshot = null;
        try {
            for (KnowledgeDoc d : last.values()) {
                built.add(documents.build(d));
            }
            flush();
            snapshot = store.searchers().acquire();
            LuceneOverlay overlay = new LuceneOverlay(store.searchers(), snapshot, store.writerConfig(), hidden, built);
            snapshot = null; // the overlay releases it
            return Optional.of(new LuceneKnowledgeIndex(this, overlay));
        } catch (IOException | IllegalArgumentException e) {
            throw new KnowledgeIndexException("Cannot lay the changed documents over the knowledge index in " + dir
                    + ": " + e.getMessage(), e);
        } finally {
            if (snapshot != null) {
                try {
                    store.searchers().release(snapshot);
                } catch (IOException ignored) {
                    // the failure above is the one to report
                }
            }
        }
    }

    private <T> T write(String what, LuceneStore.Write<T> action) {
        return store.write(what, action);
    }

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        upsert(docs, false);
    }

    /** The same documents with their embeddings: committed like any write, but the change stamp stays. */
    @Override
    public void upsertEmbeddings(List<KnowledgeDoc> docs) {
        upsert(docs, true);
    }

    private void upsert(List<KnowledgeDoc> docs, boolean embeddingsOnly) {
        missing = false;
        Map<String, String> rejected = new LinkedHashMap<>();
        List<KnowledgeDoc> accepted = new ArrayList<>();
        List<Document> built = new ArrayList<>();
        try {
            for (KnowledgeDoc doc : docs) {
                try {
                    built.add(documents.build(doc));
                    accepted.add(doc);
                } catch (IllegalArgumentException e) { // one document Lucene cannot take; the rest of the batch lands
                    rejected.put(doc.id(), e.getMessage());
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new KnowledgeIndexException("Cannot write to the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
        store.write("write " + docs.size() + " document(s) to the knowledge index", embeddingsOnly, writer -> {
            for (int i = 0; i < built.size(); i++) {
                try {
                    writer.updateDocument(new Term("id", LuceneDocuments.term(accepted.get(i).id())), built.get(i));
                } catch (IllegalArgumentException e) { // a value Lucene refuses: that document only
                    rejected.put(accepted.get(i).id(), e.getMessage());
                }
            }
            return null;
        });
        if (!rejected.isEmpty()) {
            throw new DocumentsRejected("the embedded index", rejected);
        }
    }

    @Override
    public int delete(Collection<String> ids) {
        if (ids.isEmpty()) {
            return 0;
        }
        Query byId = new TermInSetQuery("id", ids.stream().map(id -> new BytesRef(LuceneDocuments.term(id))).toList());
        return write("delete " + ids.size() + " document(s) from the knowledge index", writer -> {
            int existing;
            try (DirectoryReader latest = DirectoryReader.open(writer)) {
                existing = new IndexSearcher(latest).count(byId); // counted in the commit this delete applies to
            }
            writer.deleteDocuments(byId);
            return existing;
        });
    }

    @Override
    public Optional<KnowledgeDoc> get(String id) {
        return read(searcher -> {
            TopDocs top = searcher.search(new TermQuery(new Term("id", LuceneDocuments.term(id))), 1);
            return top.scoreDocs.length == 0 ? Optional.empty() : Optional.of(load(searcher, top.scoreDocs)[0]);
        });
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        long started = System.nanoTime();
        if (query.retrieval() == KnowledgeQuery.Retrieval.DENSE && query.vector() != null) {
            return nearest(query, started);
        }
        return read(searcher -> search.keyword(searcher, query, started));
    }

    /** The dense half: the k nearest embeddings among the documents the filters allow; score = cosine. */
    private SearchResult nearest(KnowledgeQuery query, long started) {
        if (query.vector().length != dimensions) {
            throw new KnowledgeIndexException("The question's embedding has " + query.vector().length
                    + " dimensions; the index expects " + dimensions + ".");
        }
        return read(searcher -> search.nearest(searcher, query, started));
    }

    @Override
    public void forEachWithoutEmbedding(long writtenSince, int batch,
                                        Consumer<List<KnowledgeDoc>> action) {
        read(searcher -> { // one snapshot: writing embeddings back does not move the pages
            Query lacking = new BooleanQuery.Builder()
                    .add(LongPoint.newRangeQuery("created_at", writtenSince, Long.MAX_VALUE), BooleanClause.Occur.FILTER)
                    .add(new FieldExistsQuery("embedding"), BooleanClause.Occur.MUST_NOT).build();
            Sort byId = new Sort(new SortField("id", SortField.Type.STRING));
            ScoreDoc after = null;
            while (true) {
                TopDocs page = after == null ? searcher.search(lacking, batch, byId)
                        : searcher.searchAfter(after, lacking, batch, byId);
                if (page.scoreDocs.length == 0) {
                    return null;
                }
                action.accept(List.of(load(searcher, page.scoreDocs)));
                after = page.scoreDocs[page.scoreDocs.length - 1];
            }
        });
    }

    @Override
    public long embeddedCount() {
        return read(searcher -> (long) searcher.count(new FieldExistsQuery("embedding")));
    }

    private KnowledgeDoc[] load(IndexSearcher searcher, ScoreDoc[] hits) throws IOException {
        return documents.load(searcher, hits);
    }

    @Override
    public Map<String, Long> countsByType() {
        SearchResult all = search(KnowledgeQuery.text("", 0).withFacets(true));
        Map<String, Long> out = new LinkedHashMap<>();
        all.facets().getOrDefault("type", List.of()).forEach(c -> out.put(c.value(), c.count()));
        return out;
    }

    @Override
    public Set<String> ids(Set<String> types) {
        return read(searcher -> {
            Query query = new TermInSetQuery("type", types.stream().map(BytesRef::new).toList());
            Set<String> out = new HashSet<>();
            int max = Math.max(1, searcher.count(query));
            for (KnowledgeDoc doc : load(searcher, searcher.search(query, max).scoreDocs)) {
                out.add(doc.id());
            }
            return out;
        });
    }

    @Override
    public void flush() {
        store.flush();
    }

    @Override
    public void recreate() {
        missing = false;
        write("clear the knowledge index", writer -> {
            writer.deleteAll();
            return null;
        });
    }

    /** The version of the newest commit, read through openIfChanged: a directory listing when nothing changed. */
    @Override
    public Object changeStamp() {
        return store.changeStamp();
    }

    @Override
    public boolean exists() {
        return !missing;
    }

    @Override
    public IndexStatus status() {
        return read(searcher -> {
            long count = searcher.getIndexReader().numDocs();
            long newest = 0;
            if (count > 0) {
                TopDocs top = searcher.search(new MatchAllDocsQuery(), 1,
                        new Sort(new SortField("created_at", SortField.Type.LONG, true)));
                newest = load(searcher, top.scoreDocs)[0].createdAt();
            }
            return new IndexStatus("lucene", count, newest);
        });
    }

    private <T> T read(LuceneStore.Read<T> action) {
        return store.read(action);
    }

    @Override
    public void close() {
        store.close();
    }
}
