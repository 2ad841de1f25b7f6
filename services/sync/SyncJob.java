package services.sync;

import java.time.Instant;
import java.util.Optional;
import services.errors.ConsoleException;
import services.scheduler.Job;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;

/** The scheduled vault sync (ADR-0199: daily at 03:00): ADRs, skills, retros and brain notes into the index. */
public final class SyncJob implements Job {

    /** What runs after each sync to embed what it wrote; it returns its summary, a refusal is a warning. */
    @FunctionalInterface
    public interface Backfill {
        String run(ProgressSink progress);
    }

    private final VaultSync sync;
    private final boolean readOnly;
    private final Backfill backfill;

    public SyncJob(VaultSync sync, boolean readOnly) {
        this(sync, readOnly, null);
    }

    /** @param backfill embeds what the sync wrote, after it (null: semantic search is off) */
    public SyncJob(VaultSync sync, boolean readOnly, Backfill backfill) {
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
    public String defaultSchedule() {
        return "0 3 * * *";
    }

    @Override
    public boolean followsVaultChanges() {
        return true;
    }

    @Override
    public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
        return sync(null, progress);
    }

    /** Not needed when the index was synced since the missed run was due (at the console's start, by the command line). */
    @Override
    public JobOutcome catchUp(Instant missed, ProgressSink progress) {
        return sync(missed, progress);
    }

    private JobOutcome sync(Instant unlessSyncedSince, ProgressSink progress) {
        if (readOnly) {
            return new JobOutcome(JobRun.Status.SKIPPED, "read-only workspace: sync is disabled");
        }
        SyncResult result;
        try {
            if (unlessSyncedSince == null) {
                result = sync.run(SyncOptions.all(), progress);
            } else {
                Optional<SyncResult> ran = sync.runUnlessSyncedSince(unlessSyncedSince, SyncOptions.all(),
                        progress);
                if (ran.isEmpty()) {
                    return new JobOutcome(JobRun.Status.SKIPPED, "not needed: the index was synced since this run was "
                            + "due (by the window, the command line or another console)");
                }
                result = ran.get();
            }
        } catch (SyncRefused refused) {
            // Nothing was written; a scheduled sync never confirms a mass deletion itself — a person must.
            return new JobOutcome(JobRun.Status.FAILED, refused.getMessage());
        }
        String summary = result.summary();
        if (backfill != null) {
            try {
                summary += "; " + backfill.run(progress);
            } catch (ConsoleException e) {
                return new JobOutcome(JobRun.Status.WARNING, summary + "; embeddings failed: " + e.getMessage());
            }
        }
        return new JobOutcome(result.errors().isEmpty() ? JobRun.Status.OK : JobRun.Status.WARNING, summary);
    }
}
