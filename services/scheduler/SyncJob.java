package services.scheduler;

import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;

/** The scheduled vault sync (ADR-0199: daily at 03:00): ADRs, skills, retros and brain notes into the index. */
public final class SyncJob implements Job {

    private final VaultSync sync;
    private final boolean readOnly;
    private final services.embedding.EmbeddingBackfill backfill;

    public SyncJob(VaultSync sync, boolean readOnly) {
        this(sync, readOnly, null);
    }

    /** @param backfill embeds what the sync wrote, after it (null: semantic search is off) */
    public SyncJob(VaultSync sync, boolean readOnly, services.embedding.EmbeddingBackfill backfill) {
        this.sync = sync;
        this.readOnly = readOnly;
        this.backfill = backfill;
    }

    @Override
    public String id() {
        return "sync";
    }

    @Override
    public String title() {
        return "Vault sync";
    }

    @Override
    public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
        if (readOnly) {
            return new JobOutcome(JobRun.Status.SKIPPED, "read-only workspace: sync is disabled");
        }
        SyncResult result;
        try {
            result = sync.run(SyncOptions.all(), progress);
        } catch (services.sync.SyncRefused refused) {
            // Nothing was written; a scheduled sync never confirms a mass deletion itself — a person must.
            return new JobOutcome(JobRun.Status.FAILED, refused.getMessage());
        }
        String summary = result.summary();
        if (backfill != null) {
            try {
                services.embedding.EmbeddingBackfill.Result embedded = backfill.run(progress);
                summary += "; " + embedded.summary();
            } catch (services.errors.ConsoleException e) {
                return new JobOutcome(JobRun.Status.WARNING, summary + "; embeddings failed: " + e.getMessage());
            }
        }
        return new JobOutcome(result.errors().isEmpty() ? JobRun.Status.OK : JobRun.Status.WARNING, summary);
    }
}
