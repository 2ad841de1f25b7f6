package services.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A window and the headless scheduler on one workspace each see the other's job runs. */
class JobHistorySharingTest {

    @TempDir
    Path state;

    @Test
    void aRunRecordedByAnotherConsoleShowsInThisOne() {
        JobHistory window = new JobHistory(state);
        JobHistory scheduler = new JobHistory(state);
        assertThat(window.last("sync")).isEmpty();
        scheduler.record(new JobRun("sync", JobRun.Trigger.SCHEDULE, JobRun.Status.OK,
                Instant.parse("2026-11-23T20:00:00Z"), 120, "3 written"));
        assertThat(window.last("sync")).map(JobRun::summary).contains("3 written");
        window.record(new JobRun("watchdog", JobRun.Trigger.MANUAL, JobRun.Status.WARNING,
                Instant.parse("2026-11-23T20:01:00Z"), 80, "1 warning"));
        assertThat(scheduler.recent(null, 10)).extracting(JobRun::job).containsExactly("watchdog", "sync");
        assertThat(window.recent(null, 10)).hasSize(2); // its own run once, not twice
    }

    @Test
    void itsOwnRunDoesNotMakeItReadTheWholeFileAgainButAnotherConsolesDoes() throws Exception {
        JobHistory window = new JobHistory(state);
        window.record(new JobRun("sync", JobRun.Trigger.SCHEDULE, JobRun.Status.OK,
                Instant.parse("2026-11-23T20:00:00Z"), 120, "3 written"));
        // the file changes under it without changing size: read again, it would show job "cnys"
        Path file = window.file();
        Files.writeString(file, Files.readString(file).replace("\"sync\"", "\"cnys\""));
        assertThat(window.last("sync")).map(JobRun::summary).contains("3 written");
        assertThat(window.last("cnys")).isEmpty();

        new JobHistory(state).record(new JobRun("watchdog", JobRun.Trigger.MANUAL, JobRun.Status.OK,
                Instant.parse("2026-11-23T20:01:00Z"), 80, "fine"));
        assertThat(window.recent(null, 10)).extracting(JobRun::job).containsExactly("watchdog", "cnys");
    }

    @Test
    void aRunIsShownAtOnceAndWrittenByTheWriterInOrderThenFlushed() throws Exception {
        List<Runnable> queued = new ArrayList<>();
        JobHistory window = new JobHistory(state, queued::add); // a writer that has not run yet
        JobRun first = new JobRun("sync", JobRun.Trigger.SCHEDULE, JobRun.Status.OK,
                Instant.parse("2026-11-23T20:00:00Z"), 120, "3 written");
        JobRun second = new JobRun("watchdog", JobRun.Trigger.SCHEDULE, JobRun.Status.WARNING,
                Instant.parse("2026-11-23T20:01:00Z"), 80, "1 warning");
        window.record(first);
        window.record(second);
        assertThat(window.recent(null, 10)).containsExactly(second, first); // shown before it is on disk
        assertThat(Files.exists(window.file())).isFalse();
        assertThat(window.flush(Duration.ofMillis(50))).isFalse(); // still being written

        // another console appends meanwhile: read again only once this one's lines are written, never twice
        new JobHistory(state).record(new JobRun("policy", JobRun.Trigger.SCHEDULE, JobRun.Status.OK,
                Instant.parse("2026-11-23T20:02:00Z"), 10, "nothing due"));
        assertThat(window.recent(null, 10)).extracting(JobRun::job).containsExactly("watchdog", "sync");
        queued.forEach(Runnable::run);
        assertThat(window.flush(Duration.ofSeconds(1))).isTrue();
        assertThat(window.recent(null, 10)).extracting(JobRun::job).containsExactly("watchdog", "sync", "policy");
        assertThat(Files.readAllLines(window.file())).hasSize(3);
        assertThat(new JobHistory(state).recent(null, 10)).extracting(JobRun::job)
                .containsExactly("watchdog", "sync", "policy");
    }

    @Test
    void aWriterAlreadyShutWritesTheRunAtOnce() {
        ExecutorService writer = Executors.newSingleThreadExecutor();
        writer.shutdown();
        JobHistory window = new JobHistory(state, writer);
        window.record(new JobRun("sync", JobRun.Trigger.MANUAL, JobRun.Status.CANCELLED,
                Instant.parse("2026-11-23T20:00:00Z"), 5, "cancelled by the user"));
        assertThat(new JobHistory(state).last("sync")).map(JobRun::summary).contains("cancelled by the user");
        assertThat(window.flush(Duration.ZERO)).isTrue();
    }
}
