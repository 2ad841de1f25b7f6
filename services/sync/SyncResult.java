package services.sync;

import java.util.List;

/**
 * The outcome of a sync: documents written, skipped because their file had not changed, and deleted because
 * their file is gone; files changed; errors (file not indexed, its earlier documents kept) and warnings.
 */
public record SyncResult(int indexed, int unchanged, int deleted, int filesChanged, int filesUnchanged,
                         List<FileIssue> errors, List<FileIssue> warnings, long millis) {

    public SyncResult {
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
    }

    public String summary() {
        return "indexed " + indexed + ", unchanged " + unchanged + ", deleted " + deleted
                + (errors.isEmpty() ? "" : ", " + errors.size() + " file" + (errors.size() == 1 ? "" : "s")
                + " with problems") + (warnings.isEmpty() ? "" : ", " + warnings.size() + " warning"
                + (warnings.size() == 1 ? "" : "s")) + " (" + millis + " ms)";
    }
}
