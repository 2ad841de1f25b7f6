package services.review.remote;

import services.scheduler.Job;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;

/**
 * {@code review-sync}: fetches the shared review branch and pushes the decisions waiting (every 10 minutes unless
 * {@code schedules.review-sync} says otherwise). Registered only for a workspace that names a {@code reviewRemote}.
 * Offline is a warning, not a failure: the decisions wait for the next run.
 */
public final class ReviewSyncJob implements Job {

    private final ReviewSharing sharing;

    public ReviewSyncJob(ReviewSharing sharing) {
        this.sharing = sharing;
    }

    @Override
    public String id() {
        return "review-sync";
    }

    @Override
    public String title() {
        return "Review branch sync";
    }

    @Override
    public String defaultSchedule() {
        return "*/10 * * * *";
    }

    @Override
    public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
        SharedBranch.Report r = sharing.sync();
        String summary = r.notPushed() == 0 ? "Every decision is on the remote." : r.summary() + ".";
        if (r.failed()) {
            String why = r.repositories().stream().map(SharedBranch::problem).filter(p -> p != null).findFirst().orElse("");
            return new JobOutcome(JobRun.Status.WARNING, summary + " " + why);
        }
        return JobOutcome.ok(summary);
    }
}
