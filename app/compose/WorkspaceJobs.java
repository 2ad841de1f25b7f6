package app.compose;

import java.util.ArrayList;
import java.util.List;
import services.embedding.EmbeddingBackfill;
import services.policy.PolicyJob;
import services.reach.ReachJob;
import services.review.remote.ReviewSyncJob;
import services.sync.SyncJob;
import services.scheduler.Job;
import services.watchdog.WatchdogJob;

/**
 * The scheduled jobs of a workspace, one line per feature. Each job is its feature's own class (its id, default
 * schedule and what a run does); the scheduler knows only {@link Job}. A new job is its class in its feature plus
 * a line here.
 */
final class WorkspaceJobs {

    private WorkspaceJobs() {
    }

    static List<Job> of(WorkspaceServices services, EmbeddingBackfill backfillAfterSync) {
        List<Job> jobs = new ArrayList<>(List.of(
                new SyncJob(services.sync(), services.workspace().readOnly(),
                        backfillAfterSync == null ? null : progress -> backfillAfterSync.run(progress).summary()),
                new WatchdogJob(services.watchdog()),
                new PolicyJob(services.policy()),
                new ReachJob(services.knowledgeReach())));
        if (services.reviewSharing().enabled() && !services.workspace().readOnly()) {
            jobs.add(new ReviewSyncJob(services.reviewSharing())); // only where the workspace shares its review branch
        }
        return List.copyOf(jobs);
    }
}
