package services.knowledge;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import services.errors.ConsoleException;

/** Whether a program outside the workspace's write lock holds the embedded index's own write lock. */
public final class LuceneWriterCheck {

    private LuceneWriterCheck() {
    }

    /**
     * Takes and releases Lucene's write lock of the index in {@code index}: returns when nobody holds it, refuses
     * (naming the folder) when a program that does not take the workspace's write lock has it open for writing.
     */
    public static void ensureNoOtherWriter(Path index) {
        try (var dir = FSDirectory.open(index)) {
            try (var lock = dir.obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
                lock.ensureValid(); // nobody else has it open: released before the move
            }
        } catch (LockObtainFailedException e) {
            throw new ConsoleException("The knowledge index in " + index + " is being written by a program that does "
                    + "not take the workspace's write lock (an older Brain Console?). Close it, then rebuild.", e);
        } catch (IOException e) {
            throw new ConsoleException("Cannot check the knowledge index in " + index + ": " + e.getMessage(), e);
        }
    }
}
