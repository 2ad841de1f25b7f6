package services.scheduler;

import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;

/** The scheduled vault sync (ADR-0199: daily at 03:00): ADRs, skills, retros and brain notes into the index. */
public final class SyncJob implements Job {

    private final VaultSync sync;
    private final boolean readOnly;

    public SyncJob(VaultSync sync, boolean readOnly) {
        this.sync = sync;
        this.readOnly = readOnly;
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
        SyncResult result = sync.run(SyncOptions.all(), progress);
        return new JobOutcome(result.errors().isEmpty() ? JobRun.Status.OK : JobRun.Status.WARNING, result.summary());
    }
}
