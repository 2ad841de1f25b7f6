package services.watchdog;

import java.util.Map;
import services.tasks.ProgressSink;

/**
 * Check 1: the collection exists (if missing: recreate it, sync everything, then look again), is not empty, and
 * holds at least {@code minDocuments}.
 */
public final class CollectionCheck implements WatchdogCheck {

    /** Recreates the collection and fills it with a full sync; returns the upstream {@code recovery} figures. */
    @FunctionalInterface
    public interface Recovery {
        Map<String, Object> recover(ProgressSink progress);
    }

    private final Recovery recovery;

    public CollectionCheck(Recovery recovery) {
        this.recovery = recovery;
    }

    @Override
    public String name() {
        return "collection";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        String prefix = "";
        Map<String, Object> recovered = null;
        if (!run.index.exists()) {
            if (run.workspace.readOnly()) {
                return CheckResult.of(Finding.of(name(), Severity.ERROR, "system_knowledge collection MISSING (read-only "
                        + "workspace: not recreated)", Finding.ordered("documents", 0)))
                        .withStats("collection_exists", false, "collection_missing", true);
            }
            run.progress.update(-1, "Recreating the missing collection and syncing everything");
            recovered = recovery.recover(run.progress);
            prefix = "Recreated the missing collection (" + recovered.get("import_success") + " documents synced); ";
        }
        boolean exists = run.index.exists();
        long docs = run.index.status().documents();
        return CheckResult.of(finding(prefix, exists, docs, run.settings)).withRecovery(recovered)
                .withStats("collection_exists", exists, "collection_missing", !exists, "num_documents", docs);
    }

    private Finding finding(String prefix, boolean exists, long docs, WatchdogSettings settings) {
        Map<String, Object> figures = Finding.ordered("documents", docs, "minimum", settings.minDocuments());
        if (!exists) {
            return Finding.of(name(), Severity.ERROR, prefix + "system_knowledge collection MISSING", figures);
        }
        if (docs == 0) {
            return Finding.of(name(), Severity.ERROR, prefix + "system_knowledge collection EMPTY (0 documents)", figures);
        }
        if (docs < settings.minDocuments()) {
            return Finding.of(name(), Severity.WARNING, prefix + "system_knowledge suspiciously small: " + docs
                    + " docs (fewer than " + settings.minDocuments() + ")", figures);
        }
        return Finding.of(name(), prefix.isEmpty() ? Severity.OK : Severity.INFO, prefix + docs + " documents", figures);
    }
}
