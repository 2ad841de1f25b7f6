package services.watchdog;

import services.scheduler.Job;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;

/**
 * The watchdog as a scheduled job (every 4 h). A scheduled run honours the shared gate; a run the user asked for
 * ({@link JobRun.Trigger#MANUAL}) is forced. Reports are kept in the watchdog's log, which the Health screen reads.
 */
public final class WatchdogJob implements Job {

    private final Watchdog watchdog;
    public WatchdogJob(Watchdog watchdog) {
        this.watchdog = watchdog;
    }

    @Override
    public String id() {
        return "watchdog";
    }

    @Override
    public String title() {
        return "Knowledge watchdog";
    }

    @Override
    public String defaultSchedule() {
        return "0 */4 * * *";
    }

    @Override
    public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
        WatchdogReport report = watchdog.run(trigger == JobRun.Trigger.MANUAL, progress);
        JobRun.Status status = report.skipped() ? JobRun.Status.SKIPPED
                : report.healthy() ? JobRun.Status.OK : JobRun.Status.WARNING;
        return new JobOutcome(status, report.summary());
    }
}
