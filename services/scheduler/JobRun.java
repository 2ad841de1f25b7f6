package services.scheduler;

import java.time.Instant;

/** One run of a job, as the history keeps it. */
public record JobRun(String job, Trigger trigger, Status status, Instant startedAt, long durationMillis, String summary) {

    /** What started the run. */
    public enum Trigger { SCHEDULE, MANUAL, CATCH_UP, VAULT_WATCH }

    /** How it ended: {@code SKIPPED} never ran (overrun, gate, read-only); {@code WARNING} ran and found problems. */
    public enum Status { OK, WARNING, FAILED, CANCELLED, SKIPPED }

    public JobRun {
        summary = summary == null ? "" : summary;
    }
}
