package services.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.errors.ConsoleException;
import services.tasks.BackgroundTask;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** The scheduler with a clock the test moves: next runs, overrun, catch-up, pause, history across a restart. */
class SchedulerTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
    private final SynchronousTaskRunner runner = new SynchronousTaskRunner();
    private final List<String> ran = new ArrayList<>();

    /** The schedules the real sync and watchdog jobs bring (SyncJob, WatchdogJob). */
    private static final Map<String, String> DEFAULTS = Map.of("sync", "0 3 * * *",
            "watchdog", "0 */4 * * *");

    @BeforeEach
    void workspace() throws IOException {
        writeWorkspace("{\"name\": \"t\", \"vault\": \"vault\"}");
    }

    private void writeWorkspace(String json) throws IOException {
        Files.writeString(dir.resolve("workspace.json"), json);
    }

    private Workspace ws() {
        return Fixtures.loader(dir.toString()).load(dir);
    }

    private Job job(String id, Duration takes) {
        return new Job() {
            public String id() {
                return id;
            }

            public String title() {
                return "Job " + id;
            }

            public String defaultSchedule() {
                return DEFAULTS.get(id);
            }

            public boolean followsVaultChanges() {
                return id.equals("sync");
            }

            public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
                ran.add(id + ":" + trigger);
                progress.update(0.5, "half way");
                progress.checkCancelled();
                clock.advance(takes);
                return JobOutcome.ok(id + " done");
            }
        };
    }

    private Scheduler scheduler(TaskRunner taskRunner, Duration takes) {
        Workspace ws = ws();
        return new Scheduler(List.of(job("sync", takes), job("watchdog", takes)), new ScheduleSettings(ws),
                new JobHistory(ws.stateDir()), taskRunner, clock);
    }

    private Scheduler.JobStatus status(Scheduler s, String id) {
        return s.statuses().stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void nextRunsFollowTheDefaultSchedules() {
        Scheduler s = scheduler(runner, Duration.ofSeconds(1));
        s.start();
        assertThat(status(s, "sync").nextRun()).isEqualTo(Instant.parse("2026-11-02T03:00:00Z"));
        assertThat(status(s, "watchdog").nextRun()).isEqualTo(Instant.parse("2026-11-01T12:00:00Z"));
        assertThat(status(s, "watchdog").description()).containsIgnoringCase("4 hours");
        assertThat(ran).isEmpty();
    }

    @Test
    void aDueJobRunsOnceAndItsRunIsRecorded() {
        Scheduler s = scheduler(runner, Duration.ofSeconds(3));
        s.start();
        clock.set(Instant.parse("2026-11-01T11:59:59Z"));
        s.tick();
        assertThat(ran).isEmpty();
        clock.set(Instant.parse("2026-11-01T12:00:00Z"));
        s.tick();
        s.tick();
        assertThat(ran).containsExactly("watchdog:SCHEDULE");
        JobRun last = status(s, "watchdog").lastRun();
        assertThat(last.status()).isEqualTo(JobRun.Status.OK);
        assertThat(last.durationMillis()).isEqualTo(3000);
        assertThat(last.summary()).isEqualTo("watchdog done");
        assertThat(status(s, "watchdog").nextRun()).isEqualTo(Instant.parse("2026-11-01T16:00:00Z"));
    }

    @Test
    void aRunStillGoingWhenTheNextIsDueIsSkippedAndFlagged() {
        // The watchdog takes five hours: the 16:00 run comes due while the 12:00 one is still going.
        Scheduler s = scheduler(runner, Duration.ofHours(5));
        s.start();
        clock.set(Instant.parse("2026-11-01T12:00:00Z"));
        s.tick();
        Scheduler.JobStatus w = status(s, "watchdog");
        assertThat(w.overran()).isTrue();
        assertThat(w.lastRun().status()).isEqualTo(JobRun.Status.SKIPPED);
        assertThat(w.lastRun().summary()).contains("overrun").contains("16:00");
        assertThat(w.nextRun()).isEqualTo(Instant.parse("2026-11-01T20:00:00Z"));
        assertThat(ran).containsExactly("watchdog:SCHEDULE");
    }

    @Test
    void aJobDueWhileItsRunIsStillGoingInTheBackgroundIsSkipped() {
        HeldTaskRunner held = new HeldTaskRunner();
        Scheduler s = scheduler(held, Duration.ofMinutes(1));
        s.start();
        clock.set(Instant.parse("2026-11-01T12:00:00Z"));
        s.tick();
        assertThat(status(s, "watchdog").state()).isEqualTo(Scheduler.State.RUNNING);
        clock.set(Instant.parse("2026-11-01T16:00:00Z"));
        s.tick();
        assertThat(status(s, "watchdog").overran()).isTrue();
        assertThat(status(s, "watchdog").lastRun().status()).isEqualTo(JobRun.Status.SKIPPED);
        held.release();
        assertThat(status(s, "watchdog").state()).isEqualTo(Scheduler.State.IDLE);
        assertThat(status(s, "watchdog").lastRun().status()).isEqualTo(JobRun.Status.OK);
        assertThat(status(s, "watchdog").overran()).isFalse();
    }

    @Test
    void aRunMissedWhileTheConsoleWasClosedIsCaughtUpOnceAtStart() {
        Scheduler first = scheduler(runner, Duration.ofSeconds(1));
        first.start();
        clock.set(Instant.parse("2026-11-01T12:00:00Z"));
        first.tick(); // the watchdog ran at 12:00, then the console was closed
        ran.clear();

        clock.set(Instant.parse("2026-11-02T09:30:00Z")); // missed 16:00 … 08:00 and the 03:00 sync
        Scheduler second = scheduler(runner, Duration.ofSeconds(1));
        second.start();
        assertThat(ran).containsExactly("watchdog:CATCH_UP"); // once, not once per missed slot; sync never ran before
        second.tick();
        assertThat(ran).hasSize(1);
        assertThat(status(second, "watchdog").lastRun().trigger()).isEqualTo(JobRun.Trigger.CATCH_UP);
    }

    @Test
    void aCatchUpTellsTheJobWhenTheRunItMakesUpForWasDue() {
        Scheduler first = scheduler(runner, Duration.ofSeconds(1));
        first.start();
        first.runNow("sync"); // a sync on 2026-11-01 at 10:00, then the console was closed
        clock.set(Instant.parse("2026-11-02T09:30:00Z")); // the 03:00 sync was missed
        List<Instant> missed = new ArrayList<>();
        Job sync = new Job() {
            public String id() {
                return "sync";
            }

            public String title() {
                return "Vault sync";
            }

            public String defaultSchedule() {
                return "0 3 * * *";
            }

            public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
                throw new AssertionError("a catch-up goes to catchUp");
            }

            @Override
            public JobOutcome catchUp(Instant due, ProgressSink progress) {
                missed.add(due);
                return new JobOutcome(JobRun.Status.SKIPPED, "not needed");
            }
        };
        Workspace ws = ws();
        Scheduler second = new Scheduler(List.of(sync), new ScheduleSettings(ws), new JobHistory(ws.stateDir()), runner,
                clock);
        second.start();
        assertThat(missed).containsExactly(Instant.parse("2026-11-02T03:00:00Z"));
        assertThat(status(second, "sync").lastRun().trigger()).isEqualTo(JobRun.Trigger.CATCH_UP);
        assertThat(status(second, "sync").lastRun().status()).isEqualTo(JobRun.Status.SKIPPED);
    }

    @Test
    void historyIsKeptAcrossARestart() {
        Scheduler first = scheduler(runner, Duration.ofSeconds(2));
        first.runNow("sync");
        Scheduler second = scheduler(runner, Duration.ofSeconds(2));
        JobRun last = status(second, "sync").lastRun();
        assertThat(last.trigger()).isEqualTo(JobRun.Trigger.MANUAL);
        assertThat(last.startedAt()).isEqualTo(Instant.parse("2026-11-01T10:00:00Z"));
        assertThat(second.history().recent("sync", 10)).hasSize(1);
    }

    @Test
    void aPausedJobIsNotRunByItsScheduleAndThePauseIsSavedInTheWorkspace() throws IOException {
        Scheduler s = scheduler(runner, Duration.ofSeconds(1));
        s.start();
        s.setPaused("watchdog", true);
        clock.set(Instant.parse("2026-11-01T12:00:00Z"));
        s.tick();
        assertThat(ran).isEmpty();
        assertThat(Files.readString(dir.resolve("workspace.json"))).contains("schedulesPaused").contains("watchdog")
                .contains("\"vault\": \"vault\"");
        assertThat(status(scheduler(runner, Duration.ZERO), "watchdog").paused()).isTrue();

        s.setPaused("watchdog", false);
        assertThat(status(s, "watchdog").nextRun()).isEqualTo(Instant.parse("2026-11-01T16:00:00Z"));
        assertThat(s.runNow("watchdog")).isTrue();
        assertThat(ran).containsExactly("watchdog:MANUAL");
    }

    @Test
    void anInvalidScheduleIsReportedAndTheOtherJobsKeepRunning() throws IOException {
        writeWorkspace("{\"name\": \"t\", \"schedules\": {\"watchdog\": \"61 * * * *\", \"sync\": \"*/30 * * * *\"}}");
        Scheduler s = scheduler(runner, Duration.ofSeconds(1));
        s.start();
        Scheduler.JobStatus w = status(s, "watchdog");
        assertThat(w.problem()).contains("watchdog").contains("61 * * * *").contains("not a valid cron expression");
        assertThat(w.nextRun()).isNull();
        clock.set(Instant.parse("2026-11-01T10:30:00Z"));
        s.tick();
        assertThat(ran).containsExactly("sync:SCHEDULE");
    }

    @Test
    void aScheduleEditIsValidatedAndSaved() throws IOException {
        Scheduler s = scheduler(runner, Duration.ofSeconds(1));
        ScheduleException bad = assertThrows(ScheduleException.class, () -> s.reschedule("sync", "every day"));
        assertThat(bad.getMessage()).contains("sync").contains("every day").contains("five fields");
        assertThat(Files.readString(dir.resolve("workspace.json"))).doesNotContain("every day");

        s.reschedule("sync", "15  2 * * *");
        assertThat(status(s, "sync").expression()).isEqualTo("15 2 * * *");
        assertThat(status(s, "sync").nextRun()).isEqualTo(Instant.parse("2026-11-02T02:15:00Z"));
        assertThat(ws().raw().path("schedules").path("sync").asText()).isEqualTo("15 2 * * *");
        assertThrows(ScheduleException.class, () -> s.reschedule("nightly", "0 1 * * *"));
    }

    @Test
    void aCorruptHistoryFileIsReportedAndTheSchedulerRunsOn() throws IOException {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(dir.resolve("state/jobs.jsonl"), """
                {"job":"sync","trigger":"SCHEDULE","status":"OK","startedAt":"2026-10-31T03:00:00Z","durationMs":5,"summary":"ok"}
                \u0000\u0001garbage
                {"job":"sync","trigger":"SOMETIMES","status":"OK","startedAt":"2026-10-31T03:00:00Z"}
                {"job":"watchdog","status":"OK"
                """);
        Scheduler s = scheduler(runner, Duration.ofSeconds(1));
        assertThat(s.problems()).anySatisfy(p -> assertThat(p).contains("jobs.jsonl line 2"))
                .anySatisfy(p -> assertThat(p).contains("entry 2").contains("SOMETIMES"))
                .anySatisfy(p -> assertThat(p).contains("line 4"));
        s.start(); // the 03:00 sync of 2026-11-01 was missed after the good entry of 2026-10-31
        assertThat(ran).containsExactly("sync:CATCH_UP");
    }

    @Test
    void aCancelledRunIsRecordedAsCancelled() {
        Scheduler s = scheduler(runner, Duration.ofSeconds(1));
        runner.cancelNextTask();
        s.runNow("sync");
        assertThat(status(s, "sync").lastRun().status()).isEqualTo(JobRun.Status.CANCELLED);
    }

    @Test
    void aFailingJobIsRecordedWithItsMessage() {
        Workspace ws = ws();
        Job failing = new Job() {
            public String id() {
                return "sync";
            }

            public String title() {
                return "Vault sync";
            }

            public String defaultSchedule() {
                return DEFAULTS.get("sync");
            }

            public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
                throw new ConsoleException("vault folder is gone");
            }
        };
        Scheduler s = new Scheduler(List.of(failing, job("watchdog", Duration.ZERO)), new ScheduleSettings(ws),
                new JobHistory(ws.stateDir()), runner, clock);
        s.runNow("sync");
        s.runNow("watchdog");
        assertThat(status(s, "sync").lastRun().status()).isEqualTo(JobRun.Status.FAILED);
        assertThat(status(s, "sync").lastRun().summary()).isEqualTo("vault folder is gone");
        assertThat(ran).containsExactly("watchdog:MANUAL");
    }

    @Test
    void theVaultWatchSyncsAfterTheQuietPeriod() throws IOException {
        writeWorkspace("{\"name\": \"t\", \"vaultWatch\": {\"enabled\": true, \"quietSeconds\": 45}}");
        Scheduler s = scheduler(runner, Duration.ZERO);
        s.start();
        s.vaultChanged();
        clock.advance(Duration.ofSeconds(30));
        s.vaultChanged(); // another change restarts the quiet period
        clock.advance(Duration.ofSeconds(44));
        s.tick();
        assertThat(ran).isEmpty();
        clock.advance(Duration.ofSeconds(1));
        s.tick();
        s.tick();
        assertThat(ran).containsExactly("sync:VAULT_WATCH");
    }

    /** Holds the one submitted task until {@link #release()}: a run still going in the background. */
    private static final class HeldTaskRunner implements TaskRunner {
        private Runnable pending;

        @Override
        public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
            pending = () -> {
                try {
                    callbacks.onSuccess().accept(task.run(ProgressSink.NONE));
                } catch (Exception e) {
                    callbacks.onFailure().accept(e);
                }
            };
            return TaskHandle.of(name, () -> { }, () -> pending == null);
        }

        void release() {
            Runnable r = pending;
            pending = null;
            r.run();
        }

        @Override
        public List<TaskHandle> running() {
            return List.of();
        }

        @Override
        public void addListener(TaskListener listener) {
        }
    }
}
