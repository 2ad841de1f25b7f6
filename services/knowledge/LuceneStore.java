package services.knowledge;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import services.workspace.WorkspaceWriteLock;

/**
 * The embedded index's folder opened for reading and writing: readers share snapshots refreshed through
 * openIfChanged, and each write opens a short-lived writer under the workspace's write lock, commits and closes it.
 * A view over a {@link LuceneOverlay} reads its fixed reader and refuses every write.
 */
final class LuceneStore implements AutoCloseable {

    /** How often a read looks for commits made by other processes (a directory listing; cheap, but not free). */
    private static final long REFRESH_NANOS = 100_000_000L;

    private final Path dir;
    private final Analyzer analyzer;
    private final FSDirectory directory;
    private final WorkspaceWriteLock writeLock;
    private final ReferenceManager<IndexSearcher> searchers;
    /** A read-only view's snapshot and new documents; null for the index itself. */
    private final LuceneOverlay view;
    private final boolean missing;
    private volatile long refreshedAt;
    /**
     * This process's commits that only wrote embeddings back: the version each made → the version it was made on.
     * The change stamp looks through them to the newest commit that changed content (its own or another's).
     */
    private final Map<Long, Long> embeddingCommits = new ConcurrentHashMap<>();

    interface Write<T> {
        T apply(IndexWriter writer) throws IOException;
    }

    interface Read<T> {
        T apply(IndexSearcher searcher) throws IOException;
    }

    /** Opens the index in {@code dir}, creating an empty first commit when there is none, for readers to open. */
    LuceneStore(Path dir, Analyzer analyzer, WorkspaceWriteLock writeLock) {
        this.dir = dir;
        this.analyzer = analyzer;
        this.writeLock = writeLock;
        FSDirectory opened = null;
        try {
            opened = LuceneFiles.directory(dir);
            directory = opened;
            missing = !DirectoryReader.indexExists(directory);
            if (missing) {
                write("create the knowledge index", w -> null); // an empty first commit, for readers to open
            }
            searchers = new SearcherManager(directory, null); // opens every segment: damage shows here, not later
            view = null;
        } catch (IOException | IllegalStateException | IllegalArgumentException e) {
            LuceneFiles.closeQuietly(opened);
            if (isCorruption(e) || e instanceof IllegalStateException
                    || e instanceof IllegalArgumentException) {
                throw new KnowledgeIndexCorrupt(dir, e);
            }
            throw new KnowledgeIndexException("Cannot open the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A read-only view over {@code overlay}'s reader. */
    LuceneStore(LuceneStore base, LuceneOverlay overlay) {
        this.dir = base.dir;
        this.analyzer = base.analyzer;
        this.writeLock = null;
        this.directory = null;
        this.view = overlay;
        this.missing = false;
        this.searchers = new LuceneOverlay.Fixed(overlay.reader());
    }

    /** Whether there was no index in the folder when it was opened. */
    boolean wasMissing() {
        return missing;
    }

    IndexWriterConfig writerConfig() {
        return LuceneFiles.writerConfig(analyzer);
    }

    /** Where the current snapshot is acquired (and released) for an overlay. */
    ReferenceManager<IndexSearcher> searchers() {
        return searchers;
    }

    /** One write: under the workspace's write lock, a writer opened, used, committed and closed. */
    <T> T write(String what, Write<T> action) {
        return write(what, false, action);
    }

    /**
     * The same; {@code embeddingsOnly}: the write only adds embeddings to documents as they are, and
     * {@link #changeStamp()} does not move for it.
     */
    <T> T write(String what, boolean embeddingsOnly, Write<T> action) {
        if (view != null) {
            throw new KnowledgeIndexException("A preview of the knowledge index in " + dir + " is read-only: cannot "
                    + what + ".");
        }
        return writeLock.run(what, () -> {
            T result;
            long before = -1;
            try (IndexWriter writer = new IndexWriter(directory, writerConfig())) {
                result = action.apply(writer);
                // under the write lock no one else commits: the newest commit is the one this write is made on
                before = embeddingsOnly ? SegmentInfos.readLatestCommit(directory)
                        .getVersion() : -1;
                writer.commit();
            } catch (LockObtainFailedException e) {
                throw new KnowledgeIndexException("The knowledge index in " + dir + " is being written by a program "
                        + "that does not take the workspace's write lock (an older Brain Console?): " + e.getMessage(), e);
            } catch (IOException e) {
                throw new KnowledgeIndexException("Cannot write to the knowledge index in " + dir + ": " + e.getMessage(), e);
            }
            if (before >= 0) {
                lookThroughEmbeddingCommits(before); // after the close: its merges commit too
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

    private void lookThroughEmbeddingCommits(long before) {
        try {
            long after = SegmentInfos.readLatestCommit(directory).getVersion();
            if (after != before) {
                embeddingCommits.put(after, before);
            }
        } catch (IOException e) {
            // not recorded: the stamp moves once and the window reads again — as before
        }
    }

    <T> T read(Read<T> action) {
        try {
            long now = System.nanoTime();
            if (now - refreshedAt > REFRESH_NANOS) {
                refreshedAt = now;
                refreshUnlessMovedAside();
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
            if (isCorruption(e)) {
                throw new KnowledgeIndexCorrupt(dir, e);
            }
            throw new KnowledgeIndexException("Cannot read the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * openIfChanged: another window, the scheduler or a command wrote. When the folder is gone — another console's
     * rebuild moved it aside and has not committed the new one yet — the open snapshot is kept (a read then answers
     * from it) instead of failing, until the rebuilt index appears.
     */
    private void refreshUnlessMovedAside() throws IOException {
        try {
            searchers.maybeRefresh();
        } catch (IOException e) {
            if (Files.isDirectory(dir)) {
                throw e;
            }
        }
    }

    void flush() {
        try {
            searchers.maybeRefreshBlocking(); // every write is committed when it returns; this picks up others'
            refreshedAt = System.nanoTime();
        } catch (IOException e) {
            throw new KnowledgeIndexException("Cannot reopen the knowledge index in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The version of the newest commit that changed content, read through openIfChanged (a directory listing when
     * nothing changed): this process's commits that only wrote embeddings back are looked through to the commit
     * each was made on — so a foreign commit before one of them still shows.
     */
    Object changeStamp() {
        flush();
        return read(searcher -> {
            if (!(searcher.getIndexReader() instanceof DirectoryReader r)) {
                return (Object) System.identityHashCode(view);
            }
            long version = r.getVersion();
            for (Long made = embeddingCommits.get(version); made != null; made = embeddingCommits.get(version)) {
                version = made;
            }
            return version;
        });
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

    /** Whether this failure of Lucene means the files are damaged (as opposed to the disk being full, say). */
    static boolean isCorruption(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CorruptIndexException
                    || t instanceof IndexFormatTooOldException
                    || t instanceof IndexFormatTooNewException
                    || t instanceof NoSuchFileException
                    || t instanceof FileNotFoundException
                    || t instanceof EOFException) {
                return true;
            }
        }
        return false;
    }
}
