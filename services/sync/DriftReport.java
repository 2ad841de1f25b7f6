package services.sync;

import java.util.List;

/**
 * What a dry run finds: documents the files would add ({@code missing}), files changed since they were indexed
 * ({@code stale}), and documents whose file is gone ({@code orphaned}). Nothing is written.
 */
public record DriftReport(List<String> missing, List<String> stale, List<String> orphaned, List<FileIssue> errors) {

    public DriftReport {
        missing = List.copyOf(missing);
        stale = List.copyOf(stale);
        orphaned = List.copyOf(orphaned);
        errors = List.copyOf(errors);
    }

    public boolean inSync() {
        return missing.isEmpty() && stale.isEmpty() && orphaned.isEmpty();
    }
}
