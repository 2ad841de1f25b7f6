package services.knowledge;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.facet.DrillDownQuery;
import org.apache.lucene.facet.DrillSideways;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * The embedded default: {@code system_knowledge} as a Lucene index on disk in the workspace. BM25 over title
 * (boosted) and content with English stemming; type, project, status and tags as facets counted with
 * drill-sideways (each facet's counts ignore its own filter, so the user can widen a choice); readers see a
 * consistent snapshot while a sync writes.
 */
public final class LuceneKnowledgeIndex implements KnowledgeIndex {

    private static final String STORED = "_doc";
    private static final int MAX_FACET_VALUES = 200;
    /**
     * Neighbours the graph search explores at least (more when a page asks for more). Approximate: measured against
     * exact search at 100k documents in {@code bench recall --cost-only}; {@code -Dbrainconsole.knnExplore=N} to
     * measure another value.
     */
    static final int KNN_EXPLORE = Integer.getInteger("brainconsole.knnExplore", 100);
    private static final int MAX_TERM = 1000;

    private final Path dir;
    private final int dimensions;
    private final ObjectMapper json = new ObjectMapper();
    private final Analyzer analyzer = new EnglishAnalyzer();
    private final FacetsConfig facets = new FacetsConfig();
    private final FSDirectory directory;
    private final services.workspace.WorkspaceWriteLock writeLock;
    private final org.apache.lucene.search.ReferenceManager<IndexSearcher> searchers;
    /** A read-only view's snapshot and new documents ({@link #overlay}); null for the index itself. */
    private final LuceneOverlay view;
    private volatile long refreshedAt;
    private volatile FacetState facetState;
    private volatile boolean missing;
    /** Where the searches of one {@link #searchAll} call run beside the caller's (the caller's own thread: one by one). */
    private volatile java.util.concurrent.Executor lanes = Runnable::run;

    private record FacetState(org.apache.lucene.index.IndexReader reader, SortedSetDocValuesReaderState state) {
    }

    /** The index in {@code dir}; writers take turns with the workspace's write lock in the folder above it. */
    public LuceneKnowledgeIndex(Path dir, int embeddingDimensions) {
        this(dir, embeddingDimensions, new services.workspace.WorkspaceWriteLock(dir.toAbsolutePath().getParent()));
    }

    /**
     * Opens for reading without any lock (many windows, schedulers and commands share one index); each write opens
     * a short-lived writer under {@code writeLock}, commits and closes it, and readers pick the new commit up.
     */
    public LuceneKnowledgeIndex(Path dir, int embeddingDimensions, services.workspace.WorkspaceWriteLock writeLock) {
        this.dir = dir;
        this.dimensions = embeddingDimensions;
        this.writeLock = writeLock;
        facets.setMultiValued("tags", true);
        FSDirectory opened = null;
        try {
            opened = directory(dir);
            directory = opened;
            missing = !org.apache.lucene.index.DirectoryReader.indexExists(directory);
            if (missing) {
                write("create the knowledge index", w -> null); // an empty first commit, for readers to open
            }
            searchers = new SearcherManager(directory, null); // opens every segment: damage shows here, not later
            view = null;
        } catch (IOException | IllegalStateException | IllegalArgumentException e) {
            closeQuietly(opened);
            if (KnowledgeIndexCorrupt.isCorruption(e) || e instanceof IllegalStateException
                    || e instanceof IllegalArgumentException) {
                throw new KnowledgeIndexCorrupt(dir, e);
            }
            throw new KnowledgeIndexException("Cannot open the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs the searches of one {@link #searchAll} call side by side: all but the first on {@code executor}, the
     * first on the caller's thread (a hybrid search's keyword and dense halves at once). The composition root
     * gives it a pool; without one, they run one after the other. Returns this index.
     */
    public LuceneKnowledgeIndex searchingBeside(java.util.concurrent.Executor executor) {
        this.lanes = java.util.Objects.requireNonNull(executor);
        return this;
    }

    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        java.util.concurrent.Executor executor = lanes;
        if (queries.size() < 2) {
            return queries.stream().map(this::search).toList();
        }
        List<java.util.concurrent.CompletableFuture<SearchResult>> rest = new ArrayList<>();
        for (KnowledgeQuery q : queries.subList(1, queries.size())) {
            rest.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> search(q), executor));
        }
        List<SearchResult> out = new ArrayList<>();
        out.add(search(queries.get(0)));
        for (java.util.concurrent.CompletableFuture<SearchResult> f : rest) {
            try {
                out.add(f.join());
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r; // the search's own exception, as if it had run on this thread
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
        }
        return out;
    }

    /** A read-only view over {@code overlay}'s reader: searches only; every write is refused. */
    private LuceneKnowledgeIndex(LuceneKnowledgeIndex base, LuceneOverlay overlay) {
        this.lanes = base.lanes;
        this.dir = base.dir;
        this.dimensions = base.dimensions;
        this.writeLock = null;
        this.directory = null;
        this.view = overlay;
        facets.setMultiValued("tags", true);
        this.searchers = new LuceneOverlay.Fixed(overlay.reader());
    }

    /**
     * This index as it would be after {@code upsert(docs)} and {@code delete(deleted)}, for searching only — the
     * current snapshot with the replaced and deleted documents hidden and the new ones in memory, ranked as the
     * write would rank them ({@link LuceneOverlay}). Nothing is written; close the view when done.
     */
    @Override
    public java.util.Optional<KnowledgeIndex> overlay(List<KnowledgeDoc> docs, Collection<String> deleted) {
        Map<String, KnowledgeDoc> last = new LinkedHashMap<>();
        docs.forEach(d -> {
            last.remove(d.id());
            last.put(d.id(), d);
        });
        Set<String> hidden = new java.util.LinkedHashSet<>(deleted);
        hidden.addAll(last.keySet());
        List<Document> built = new ArrayList<>();
        IndexSearcher snapshot = null;
        try {
            for (KnowledgeDoc d : last.values()) {
                built.add(facets.build(toDocument(d)));
            }
            flush();
            snapshot = searchers.acquire();
            LuceneOverlay overlay = new LuceneOverlay(searchers, snapshot, writerConfig(), hidden, built);
            snapshot = null; // the overlay releases it
            return java.util.Optional.of(new LuceneKnowledgeIndex(this, overlay));
        } catch (IOException | IllegalArgumentException e) {
            throw new KnowledgeIndexException("Cannot lay the changed documents over the knowledge index in " + dir
                    + ": " + e.getMessage(), e);
        } finally {
            if (snapshot != null) {
                try {
                    searchers.release(snapshot);
                } catch (IOException ignored) {
                    // the failure above is the one to report
                }
            }
        }
    }

    private static void closeQuietly(FSDirectory opened) {
        if (opened != null) {
            try {
                opened.close();
            } catch (IOException ignored) {
                // the open already failed; that failure is the one to report
            }
        }
    }

    private interface Write<T> {
        T apply(IndexWriter writer) throws IOException;
    }

    /** One write: under the workspace's write lock, a writer opened, used, committed and closed. */
    private <T> T write(String what, Write<T> action) {
        if (view != null) {
            throw new KnowledgeIndexException("A preview of the knowledge index in " + dir + " is read-only: cannot "
                    + what + ".");
        }
        return writeLock.run(what, () -> {
            T result;
            try (IndexWriter writer = new IndexWriter(directory, writerConfig())) {
                result = action.apply(writer);
                writer.commit();
            } catch (org.apache.lucene.store.LockObtainFailedException e) {
                throw new KnowledgeIndexException("The knowledge index in " + dir + " is being written by a program "
                        + "that does not take the workspace's write lock (an older Brain Console?): " + e.getMessage(), e);
            } catch (IOException e) {
                throw new KnowledgeIndexException("Cannot write to the knowledge index in " + dir + ": " + e.getMessage(), e);
            }
            if (searchers != null) {
                try {
                    searchers.maybeRefreshBlocking(); // read-your-writes: the next get() sees this write
                    refreshedAt = System.nanoTime();
                } catch (IOException e) {
                    throw new KnowledgeIndexException("Cannot reopen the knowledge index in " + dir + ": " + e.getMessage(), e);
                }
            }
            return result;
        });
    }

    private IndexWriterConfig writerConfig() {
        IndexWriterConfig config = new IndexWriterConfig(analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setUseCompoundFile(false);
        config.getMergePolicy().setNoCFSRatio(0); // vector files stay files of their own, memory-mapped
        config.setRAMBufferSizeMB(64);
        return config;
    }

    /**
     * Plain reads for everything (memory-mapping the whole index kept every page a browse touched resident), but
     * memory-mapped vector files: a nearest-neighbour search hops across the graph and reads hundreds of vectors
     * at random, which costs one system call each through plain reads.
     */
    private static FSDirectory directory(Path dir) throws IOException {
        return new org.apache.lucene.store.NIOFSDirectory(dir) {
            private final org.apache.lucene.store.MMapDirectory vectors = new org.apache.lucene.store.MMapDirectory(dir);

            @Override
            public org.apache.lucene.store.IndexInput openInput(String name, org.apache.lucene.store.IOContext context)
                    throws IOException {
                String extension = org.apache.lucene.index.IndexFileNames.getExtension(name); // null: segments_N
                return extension != null && VECTOR_FILES.contains(extension) ? vectors.openInput(name, context)
                        : super.openInput(name, context);
            }

            @Override
            public synchronized void close() throws IOException {
                vectors.close();
                super.close();
            }
        };
    }

    /** Lucene 9.12's HNSW and flat vector files (data, graph, metadata; quantized variants). */
    private static final Set<String> VECTOR_FILES = Set.of("vec", "vex", "vem", "vemf", "veq", "vemq");

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        missing = false;
        Map<String, String> rejected = new LinkedHashMap<>();
        List<KnowledgeDoc> accepted = new ArrayList<>();
        List<Document> built = new ArrayList<>();
        try {
            for (KnowledgeDoc doc : docs) {
                try {
                    built.add(facets.build(toDocument(doc)));
                    accepted.add(doc);
                } catch (IllegalArgumentException e) { // one document Lucene cannot take; the rest of the batch lands
                    rejected.put(doc.id(), e.getMessage());
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new KnowledgeIndexException("Cannot write to the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
        write("write " + docs.size() + " document(s) to the knowledge index", writer -> {
            for (int i = 0; i < built.size(); i++) {
                try {
                    writer.updateDocument(new Term("id", term(accepted.get(i).id())), built.get(i));
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

    /**
     * A whole-value term or facet label cut to {@link #MAX_TERM} characters (whole code points): Lucene refuses a term
     * over 32 KiB and a facet path over its own limit, and such a value is an agent's accident, not a category.
     */
    static String term(String value) {
        if (value.length() <= MAX_TERM) {
            return value;
        }
        int end = Character.isHighSurrogate(value.charAt(MAX_TERM - 1)) ? MAX_TERM - 1 : MAX_TERM;
        return value.substring(0, end);
    }

    private Document toDocument(KnowledgeDoc doc) throws IOException {
        Document d = new Document();
        d.add(new StringField("id", term(doc.id()), Field.Store.NO));
        d.add(new SortedDocValuesField("id", new BytesRef(term(doc.id()))));
        d.add(new StringField("type", term(doc.type()), Field.Store.NO));
        d.add(new SortedSetDocValuesFacetField("type", term(doc.type())));
        keyword(d, "project", doc.project());
        keyword(d, "status", doc.status());
        if (doc.loopId() != null) {
            d.add(new StringField("loop_id", term(doc.loopId()), Field.Store.NO));
        }
        for (String tag : new HashSet<>(doc.tags())) {
            if (!tag.isBlank()) {
                d.add(new StringField("tags", term(tag), Field.Store.NO));
                d.add(new SortedSetDocValuesFacetField("tags", term(tag)));
            }
        }
        d.add(new TextField("title", doc.title(), Field.Store.NO));
        d.add(new TextField("content", doc.content(), Field.Store.NO));
        d.add(new LongPoint("created_at", doc.createdAt()));
        d.add(new NumericDocValuesField("created_at", doc.createdAt()));
        d.add(new NumericDocValuesField("score", doc.score() == null ? Integer.MIN_VALUE : doc.score()));
        if (doc.embedding() != null) {
            if (doc.embedding().length != dimensions) {
                throw new KnowledgeIndexException("Document " + doc.id() + " has an embedding of "
                        + doc.embedding().length + " dimensions; the index expects " + dimensions + ".");
            }
            d.add(new KnnFloatVectorField("embedding", doc.embedding(), VectorSimilarityFunction.COSINE));
        }
        // The whole document as JSON, in doc values: random access for the hits of a page, without the block
        // decompression that stored fields need.
        d.add(new BinaryDocValuesField(STORED, new BytesRef(json.writeValueAsBytes(doc.withEmbedding(null)))));
        return d;
    }

    private static void keyword(Document d, String field, String value) {
        if (value != null && !value.isBlank()) {
            d.add(new StringField(field, term(value), Field.Store.NO));
            d.add(new SortedSetDocValuesFacetField(field, term(value)));
        }
    }

    @Override
    public int delete(Collection<String> ids) {
        if (ids.isEmpty()) {
            return 0;
        }
        Query byId = new TermInSetQuery("id", ids.stream().map(id -> new BytesRef(term(id))).toList());
        return write("delete " + ids.size() + " document(s) from the knowledge index", writer -> {
            int existing;
            try (org.apache.lucene.index.DirectoryReader latest = org.apache.lucene.index.DirectoryReader.open(writer)) {
                existing = new IndexSearcher(latest).count(byId); // counted in the commit this delete applies to
            }
            writer.deleteDocuments(byId);
            return existing;
        });
    }

    @Override
    public Optional<KnowledgeDoc> get(String id) {
        return read(searcher -> {
            TopDocs top = searcher.search(new TermQuery(new Term("id", term(id))), 1);
            return top.scoreDocs.length == 0 ? Optional.empty() : Optional.of(load(searcher, top.scoreDocs)[0]);
        });
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        long started = System.nanoTime();
        if (query.retrieval() == KnowledgeQuery.Retrieval.DENSE && query.vector() != null) {
            return nearest(query, started);
        }
        return read(searcher -> {
            DrillDownQuery drill = new DrillDownQuery(facets, baseQuery(query));
            for (String dim : KnowledgeQuery.FACETS) {
                for (String value : query.filters().getOrDefault(dim, List.of())) {
                    drill.add(dim, value);
                }
            }
            int wanted = Math.max(1, query.offset() + query.limit());
            Sort sort = sort(query);
            SortedSetDocValuesReaderState state = facetState(searcher);
            TopDocs top;
            long total;
            Map<String, List<SearchResult.FacetCount>> counts = new LinkedHashMap<>();
            if (state != null && query.withFacets()) {
                DrillSideways.DrillSidewaysResult result = new DrillSideways(searcher, facets, state)
                        .search(drill, null, null, wanted, sort, sort != null);
                top = result.hits;
                for (String dim : KnowledgeQuery.FACETS) {
                    counts.put(dim, facetCounts(result.facets, dim));
                }
                total = totalFromTypes(counts.get("type"), query.filters().getOrDefault("type", List.of()));
            } else {
                // One pass gives the page and the exact total.
                top = sort == null ? searcher.search(drill, new TopScoreDocCollectorManager(wanted, Integer.MAX_VALUE))
                        : searcher.search(drill, new TopFieldCollectorManager(sort, wanted, Integer.MAX_VALUE));
                total = top.totalHits.value;
            }
            ScoreDoc[] docs = top.scoreDocs;
            int from = Math.min(query.offset(), docs.length);
            int to = Math.min(docs.length, query.offset() + query.limit());
            ScoreDoc[] page = java.util.Arrays.copyOfRange(docs, from, to);
            KnowledgeDoc[] loaded = load(searcher, page);
            List<SearchResult.Hit> hits = new ArrayList<>();
            for (int i = 0; i < page.length; i++) {
                hits.add(new SearchResult.Hit(loaded[i], Float.isNaN(page[i].score) ? 0 : page[i].score));
            }
            return new SearchResult(hits, total, counts, (System.nanoTime() - started) / 1000);
        });
    }

    /** The dense half: the k nearest embeddings among the documents the filters allow; score = cosine. */
    private SearchResult nearest(KnowledgeQuery query, long started) {
        if (query.vector().length != dimensions) {
            throw new KnowledgeIndexException("The question's embedding has " + query.vector().length
                    + " dimensions; the index expects " + dimensions + ".");
        }
        return read(searcher -> {
            int k = Math.max(1, query.offset() + query.limit());
            // The graph search is approximate; exploring at least 100 candidates finds the true nearest few.
            int explore = Math.max(k, KNN_EXPLORE);
            TopDocs top = searcher.search(new KnnFloatVectorQuery("embedding", query.vector(), explore,
                    filterOnly(query)), explore);
            ScoreDoc[] docs = java.util.Arrays.copyOf(top.scoreDocs, Math.min(k, top.scoreDocs.length));
            ScoreDoc[] page = java.util.Arrays.copyOfRange(docs, Math.min(query.offset(), docs.length),
                    Math.min(docs.length, query.offset() + query.limit()));
            KnowledgeDoc[] loaded = load(searcher, page);
            List<SearchResult.Hit> hits = new ArrayList<>();
            for (int i = 0; i < page.length; i++) {
                hits.add(new SearchResult.Hit(loaded[i], 2 * page[i].score - 1)); // Lucene's cosine score is (1+cos)/2
            }
            return new SearchResult(hits, docs.length, Map.of(), (System.nanoTime() - started) / 1000);
        });
    }

    /** The query's facet filters, loop and time window, without its text (null: no filter). */
    private static Query filterOnly(KnowledgeQuery query) {
        BooleanQuery.Builder bool = new BooleanQuery.Builder();
        boolean any = false;
        for (String dim : KnowledgeQuery.FACETS) {
            List<String> values = query.filters().getOrDefault(dim, List.of());
            if (!values.isEmpty()) {
                bool.add(new TermInSetQuery(dim, values.stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
                any = true;
            }
        }
        return addLoopAndWindow(bool, query) || any ? bool.build() : null;
    }

    /** The query's loop and time window as filter clauses; true when it has either. */
    private static boolean addLoopAndWindow(BooleanQuery.Builder bool, KnowledgeQuery query) {
        boolean any = false;
        if (query.loopId() != null) {
            bool.add(new TermQuery(new Term("loop_id", query.loopId())), BooleanClause.Occur.FILTER);
            any = true;
        }
        if (query.createdFrom() != null || query.createdTo() != null) {
            long from = query.createdFrom() == null ? Long.MIN_VALUE : query.createdFrom();
            long to = query.createdTo() == null ? Long.MAX_VALUE : query.createdTo();
            bool.add(LongPoint.newRangeQuery("created_at", from, to), BooleanClause.Occur.FILTER);
            any = true;
        }
        return any;
    }


    @Override
    public void forEachWithoutEmbedding(long writtenSince, int batch,
                                        java.util.function.Consumer<List<KnowledgeDoc>> action) {
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

    private Query baseQuery(KnowledgeQuery query) {
        BooleanQuery.Builder bool = new BooleanQuery.Builder();
        Query text = new TextQuery(analyzer).parse(query.text(), query.matchAll());
        bool.add(text == null ? new MatchAllDocsQuery() : text, BooleanClause.Occur.MUST);
        addLoopAndWindow(bool, query);
        return bool.build();
    }


    private static Sort sort(KnowledgeQuery query) {
        SortField newest = new SortField("created_at", SortField.Type.LONG, true);
        SortField byId = new SortField("id", SortField.Type.STRING);
        return switch (query.sort()) {
            case NEWEST -> new Sort(newest, byId);
            case SCORE -> new Sort(new SortField("score", SortField.Type.LONG, true), newest, byId);
            case RELEVANCE -> query.text().isBlank() ? new Sort(newest, byId) : null;
        };
    }

    /** Every document has exactly one type, so the hits are the type counts of the chosen types (or of all). */
    private static long totalFromTypes(List<SearchResult.FacetCount> types, List<String> chosen) {
        return types.stream().filter(c -> chosen.isEmpty() || chosen.contains(c.value()))
                .mapToLong(SearchResult.FacetCount::count).sum();
    }

    private static List<SearchResult.FacetCount> facetCounts(Facets found, String dim) throws IOException {
        FacetResult result;
        try {
            result = found.getTopChildren(MAX_FACET_VALUES, dim);
        } catch (IllegalArgumentException noSuchDimension) {
            return List.of();
        }
        if (result == null) {
            return List.of();
        }
        List<SearchResult.FacetCount> out = new ArrayList<>();
        for (LabelAndValue lv : result.labelValues) {
            out.add(new SearchResult.FacetCount(lv.label, lv.value.longValue()));
        }
        return out;
    }

    private SortedSetDocValuesReaderState facetState(IndexSearcher searcher) {
        FacetState current = facetState;
        if (current != null && current.reader() == searcher.getIndexReader()) {
            return current.state();
        }
        SortedSetDocValuesReaderState state;
        try {
            state = new DefaultSortedSetDocValuesReaderState(searcher.getIndexReader(), facets);
        } catch (IOException | IllegalArgumentException noFacetsYet) {
            state = null;
        }
        facetState = new FacetState(searcher.getIndexReader(), state);
        return state;
    }

    /** Loads the documents of these hits, in their order; doc values are read leaf by leaf in doc id order. */
    private KnowledgeDoc[] load(IndexSearcher searcher, ScoreDoc[] hits) throws IOException {
        KnowledgeDoc[] out = new KnowledgeDoc[hits.length];
        Integer[] order = new Integer[hits.length];
        for (int i = 0; i < hits.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> hits[i].doc));
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        int leafIndex = -1;
        BinaryDocValues values = null;
        LeafReaderContext leaf = null;
        for (int i : order) {
            int docId = hits[i].doc;
            int sub = ReaderUtil.subIndex(docId, leaves);
            if (sub != leafIndex) {
                leafIndex = sub;
                leaf = leaves.get(sub);
                values = leaf.reader().getBinaryDocValues(STORED);
            }
            if (values == null || !values.advanceExact(docId - leaf.docBase)) {
                throw new KnowledgeIndexException("The knowledge index in " + dir + " was written by an older version: "
                        + "recreate it by deleting the folder and syncing again.");
            }
            BytesRef bytes = values.binaryValue();
            out[i] = json.readValue(bytes.bytes, bytes.offset, bytes.length, KnowledgeDoc.class);
        }
        return out;
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
        try {
            searchers.maybeRefreshBlocking(); // every write is committed when it returns; this picks up others'
            refreshedAt = System.nanoTime();
        } catch (IOException e) {
            throw new KnowledgeIndexException("Cannot reopen the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
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
        flush();
        return read(searcher -> searcher.getIndexReader() instanceof org.apache.lucene.index.DirectoryReader r
                ? r.getVersion() : (Object) System.identityHashCode(view));
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

    private interface Read<T> {
        T apply(IndexSearcher searcher) throws IOException;
    }

    /** How often a read looks for commits made by other processes (a directory listing; cheap, but not free). */
    private static final long REFRESH_NANOS = 100_000_000L;

    private <T> T read(Read<T> action) {
        try {
            long now = System.nanoTime();
            if (now - refreshedAt > REFRESH_NANOS) {
                refreshedAt = now;
                searchers.maybeRefresh(); // openIfChanged: another window, the scheduler or a command wrote
            }
            IndexSearcher searcher = searchers.acquire();
            try {
                return action.apply(searcher);
            } finally {
                searchers.release(searcher);
            }
        } catch (IndexSearcher.TooManyClauses e) {
            throw new KnowledgeIndexException("The question is too long to search (more than "
                    + IndexSearcher.getMaxClauseCount() + " terms): shorten it.", e);
        } catch (IOException e) {
            if (KnowledgeIndexCorrupt.isCorruption(e)) {
                throw new KnowledgeIndexCorrupt(dir, e);
            }
            throw new KnowledgeIndexException("Cannot read the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            searchers.close();
            if (view != null) {
                view.close();
            } else {
                directory.close();
            }
        } catch (IOException e) {
            throw new KnowledgeIndexException("Cannot close the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
    }
}
