package services.scheduler;

import java.time.Instant;
import services.tasks.ProgressSink;

/**
 * Work the scheduler runs: blocking, reports progress, stops at the sink's cancellation checks. A feature registers
 * its job by implementing this in its own package and handing it to the scheduler; the scheduler knows no job.
 */
public interface Job {

    /** The job's name: its key in {@code workspace.json}'s {@code schedules} and {@code schedulesPaused}, and in the history. */
    String id();

    String title();

    /**
     * The cron expression the job runs on unless {@code schedules.<id>} in {@code workspace.json} says otherwise;
     * null: the job is not scheduled until the workspace gives it one.
     */
    default String defaultSchedule() {
        return null;
    }

    /** Whether the job also runs once the vault has been quiet after a change ({@code vaultWatch.enabled}). */
    default boolean followsVaultChanges() {
        return false;
    }

    /** @param trigger what started the run ({@code MANUAL} means the user asked for it now) */
    JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) throws Exception;

    /**
     * The one run that makes up for the run {@code missed} was due at, which the scheduler did not make (the
     * console was closed). A job whose work may have been done since by other means — a sync from the window or the
     * command line — says so and does nothing; by default it runs.
     */
    default JobOutcome catchUp(Instant missed, ProgressSink progress) throws Exception {
        return run(JobRun.Trigger.CATCH_UP, progress);
    }
}
