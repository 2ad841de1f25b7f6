package services.review;

import java.util.List;
import java.util.Optional;
import services.text.ReadLimit;

/**
 * A git repository's review branch, written only through the object database: HEAD, the index and the working
 * tree are never touched. Reads see the review branch, or the default branch until the review branch exists.
 */
public interface ReviewBranch extends AutoCloseable {

    /**
     * The most bytes of one file or blob the console reads: 5 MB ({@link ReadLimit}). A larger target or {@code base} is that proposal's
     * problem ({@link TooLarge}), refused from the object's size before it is read; every other proposal stays
     * listed and decidable.
     */
    long MAX_BLOB_BYTES = ReadLimit.MAX_BYTES;

    /** A file as the review branch (or default branch) has it now. */
    record Blob(String path, byte[] content, String blobId) {
    }

    /** A commit written to the branch. */
    record Commit(String sha, String branch) {
    }

    String branch();

    /** Why the console must not commit to this branch (checked out, the default branch, …), or empty. */
    Optional<String> unwritable();

    /** The file at {@code path}; refuses a file over {@link #MAX_BLOB_BYTES} with {@link TooLarge}. */
    Optional<Blob> read(String path);

    /**
     * The content of a blob by id (a proposal's {@code base}), when the repository has it; refuses one over
     * {@link #MAX_BLOB_BYTES} with {@link TooLarge}.
     */
    Optional<byte[]> blob(String blobId);

    /** The tip commit the next commit will build on (the default branch's when the review branch is missing). */
    String tip();

    /**
     * Commits {@code content} at {@code path} (null deletes it) on top of {@code expectedTip}; refuses with
     * {@link ConcurrentUpdateException} when the branch moved meanwhile.
     */
    Commit commit(String path, byte[] content, String message, String author, String expectedTip);

    /** What a commit did: its first parent (null for a root commit), its committer's e-mail, the paths it changed. */
    record CommitFacts(String sha, String parent, String committerEmail, List<String> paths) {
    }

    /** The commit's facts, when the repository has it. */
    Optional<CommitFacts> facts(String sha);

    /** A read-only view of this repository as it was at commit {@code sha} (null: an empty repository). */
    ReviewBranch at(String sha);

    /** A commit of the branch with its full message. */
    record LogEntry(String sha, String message) {
    }

    /** The branch's commits, newest first (empty when the branch does not exist yet). */
    List<LogEntry> log(int max);

    @Override
    void close();

    /** A file or blob over {@link #MAX_BLOB_BYTES}: "SOUL.md on brain/review in /repo is 52.4 MB; …". */
    final class TooLarge extends ReviewException {
        public TooLarge(String what, long size) {
            super(ReadLimit.tooLarge(what, size) + ", so it cannot review this change. Nothing was written.");
        }
    }

    /** The branch moved between reading and committing; nothing was written. */
    final class ConcurrentUpdateException extends ReviewException {
        public ConcurrentUpdateException(String message) {
            super(message);
        }
    }
}
