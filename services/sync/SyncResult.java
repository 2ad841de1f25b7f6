package services.sync;

import java.util.List;

/**
 * The outcome of a sync: documents written, skipped because their file had not changed, and deleted because
 * their file is gone; files changed; errors (file not indexed, its earlier documents kept) and warnings;
 * {@code brainPagesWithheld} when the index is shared with the running system and the Brain pages were read and
 * checked but not written (null when they were written, or there were none).
 */
public record SyncResult(int indexed, int unchanged, int deleted, int filesChanged, int filesUnchanged,
                         List<FileIssue> errors, List<FileIssue> warnings, long millis,
                         BrainPagesWithheld brainPagesWithheld) {

    /**
     * The Brain pages a sync read and did not write: {@code read} pages, {@code index} the running system's index
     * that holds none of them, {@code line} the one plain sentence that says why.
     */
    public record BrainPagesWithheld(int read, String index, String line) {

        static BrainPagesWithheld of(int read, String index) {
            return new BrainPagesWithheld(read, index, "Brain pages: " + read + " read, not written to " + index
                    + " — it is the running system's collection; open a workspace with the embedded index to browse "
                    + "them.");
        }
    }

    public SyncResult {
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
    }

    public SyncResult(int indexed, int unchanged, int deleted, int filesChanged, int filesUnchanged,
                      List<FileIssue> errors, List<FileIssue> warnings, long millis) {
        this(indexed, unchanged, deleted, filesChanged, filesUnchanged, errors, warnings, millis, null);
    }

    public String summary() {
        return "indexed " + indexed + ", unchanged " + unchanged + ", deleted " + deleted
                + (errors.isEmpty() ? "" : ", " + errors.size() + " file" + (errors.size() == 1 ? "" : "s")
                + " with problems") + (warnings.isEmpty() ? "" : ", " + warnings.size() + " warning"
                + (warnings.size() == 1 ? "" : "s")) + " (" + millis + " ms)"
                + (brainPagesWithheld == null ? "" : ". " + brainPagesWithheld.line());
    }
}
