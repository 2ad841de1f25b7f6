package services.knowledge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;

/**
 * What the embedded index would be after a write, without writing it: the segments of one snapshot with the
 * replaced and deleted documents marked deleted (their live-docs bits cleared, exactly as an update leaves them),
 * followed by one in-memory segment holding the new documents — the order and the statistics a real update gives
 * (Lucene counts a deleted document in BM25's statistics until its segment is merged), so a search ranks as it
 * would after the write. The snapshot stays open until {@link #close}; nothing touches the index's folder.
 */
final class LuceneOverlay implements AutoCloseable {

    private final IndexSearcher base;
    private final ReferenceManager<IndexSearcher> baseSearchers;
    private final ByteBuffersDirectory memory = new ByteBuffersDirectory();
    private final DirectoryReader added;
    private final MultiReader reader;

    /**
     * @param baseSearchers where {@code base} was acquired; it is released on close
     * @param hidden        ids whose current documents are hidden (the replaced and the deleted)
     * @param documents     the new documents, in the order an update writes them
     */
    LuceneOverlay(ReferenceManager<IndexSearcher> baseSearchers, IndexSearcher base, IndexWriterConfig config,
                  Collection<String> hidden, List<Document> documents) throws IOException {
        this.baseSearchers = baseSearchers;
        this.base = base;
        try (IndexWriter writer = new IndexWriter(memory, config)) {
            for (Document d : documents) {
                writer.addDocument(d);
            }
            writer.commit();
        }
        this.added = DirectoryReader.open(memory);
        List<IndexReader> leaves = new ArrayList<>();
        for (LeafReaderContext leaf : base.getIndexReader().leaves()) {
            leaves.add(hide(leaf.reader(), hidden));
        }
        for (LeafReaderContext leaf : added.leaves()) {
            leaves.add(leaf.reader());
        }
        this.reader = new MultiReader(leaves.toArray(IndexReader[]::new), false);
    }

    IndexReader reader() {
        return reader;
    }

    /** The leaf with these ids' documents marked deleted, or the leaf itself when it holds none of them. */
    private static LeafReader hide(LeafReader leaf, Collection<String> ids) throws IOException {
        var terms = leaf.terms("id");
        if (terms == null || ids.isEmpty()) {
            return leaf;
        }
        Bits live = leaf.getLiveDocs();
        FixedBitSet kept = null;
        TermsEnum te = terms.iterator();
        PostingsEnum postings = null;
        for (String id : ids) {
            if (!te.seekExact(new BytesRef(LuceneDocuments.term(id)))) {
                continue;
            }
            postings = te.postings(postings, PostingsEnum.NONE);
            for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
                if (kept == null) {
                    kept = new FixedBitSet(leaf.maxDoc());
                    kept.set(0, leaf.maxDoc());
                    if (live != null) {
                        for (int i = 0; i < leaf.maxDoc(); i++) {
                            if (!live.get(i)) {
                                kept.clear(i);
                            }
                        }
                    }
                }
                kept.clear(doc);
            }
        }
        return kept == null ? leaf : new Hidden(leaf, kept);
    }

    /** A leaf with more documents deleted than on disk. Closing it leaves the real leaf open (the snapshot owns it). */
    private static final class Hidden extends FilterLeafReader {
        private final FixedBitSet live;
        private final int numDocs;

        Hidden(LeafReader in, FixedBitSet live) {
            super(in);
            this.live = live;
            this.numDocs = live.cardinality();
        }

        @Override
        public Bits getLiveDocs() {
            return live;
        }

        @Override
        public int numDocs() {
            return numDocs;
        }

        @Override
        public CacheHelper getCoreCacheHelper() {
            return null; // not the real leaf's documents: never share its cache entries
        }

        @Override
        public CacheHelper getReaderCacheHelper() {
            return null;
        }

        @Override
        protected void doClose() {
            // the snapshot's reader is released by the overlay
        }
    }

    /** Searchers over one fixed reader: what the view reads through, never refreshed. */
    static final class Fixed extends ReferenceManager<IndexSearcher> {
        Fixed(IndexReader reader) {
            current = new IndexSearcher(reader);
        }

        @Override
        protected void decRef(IndexSearcher reference) throws IOException {
            reference.getIndexReader().decRef();
        }

        @Override
        protected IndexSearcher refreshIfNeeded(IndexSearcher referenceToRefresh) {
            return null;
        }

        @Override
        protected boolean tryIncRef(IndexSearcher reference) {
            return reference.getIndexReader().tryIncRef();
        }

        @Override
        protected int getRefCount(IndexSearcher reference) {
            return reference.getIndexReader().getRefCount();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            added.close();
            memory.close();
        } finally {
            baseSearchers.release(base);
        }
    }

    static Term idTerm(String id) {
        return new Term("id", LuceneDocuments.term(id));
    }
}
