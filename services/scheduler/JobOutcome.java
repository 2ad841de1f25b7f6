package services.scheduler;

/** What a job says of a run that ended without an exception. */
public record JobOutcome(JobRun.Status status, String summary) {

    public static JobOutcome ok(String summary) {
        return new JobOutcome(JobRun.Status.OK, summary);
    }
}
