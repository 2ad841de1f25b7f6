package services.scheduler;

import services.tasks.ProgressSink;

/** Work the scheduler runs: blocking, reports progress, stops at the sink's cancellation checks. */
public interface Job {

    String id();

    String title();

    /** @param trigger what started the run ({@code MANUAL} means the user asked for it now) */
    JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) throws Exception;
}
