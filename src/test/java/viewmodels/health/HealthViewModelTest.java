package viewmodels.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.scheduler.Job;
import services.scheduler.JobHistory;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.scheduler.ScheduleSettings;
import services.scheduler.Scheduler;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.watchdog.Evidence;
import services.watchdog.Finding;
import services.watchdog.Severity;
import services.watchdog.WatchdogLog;
import services.watchdog.WatchdogReport;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** The Health view models without a toolkit: findings worst first, trends, alerts only for what is new. */
class HealthViewModelTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
    private final List<Severity> next = new ArrayList<>();

    private Scheduler scheduler(Workspace ws, WatchdogLog log) {
        Job watchdog = new Job() {
            public String id() {
                return "watchdog";
            }

            public String title() {
                return "Knowledge watchdog";
            }

            public String defaultSchedule() {
                return "0 */4 * * *";
            }

            public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
                clock.advance(Duration.ofMinutes(1));
                Severity s = next.remove(0);
                log.append(new WatchdogReport("ran", !s.unhealthy(), null, List.of(), Map.of(), Map.of(), List.of(
                        Finding.of("staleness", s, "stale " + s, Map.of("ageHours", 50)),
                        Finding.of("collection", Severity.OK, "120 documents", Map.of())), clock.instant(), 5, null,
                        List.of()));
                return JobOutcome.ok(s.name());
            }
        };
        return new Scheduler(List.of(watchdog), new ScheduleSettings(ws), new JobHistory(ws.stateDir()),
                new SynchronousTaskRunner(), clock);
    }

    @Test
    void aBlindRunSaysBlindAndWhenTheRunningWatchdogLastRan() throws Exception {
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"t\"}");
        Workspace ws = Fixtures.loader(dir.toString()).load(dir);
        WatchdogLog log = new WatchdogLog(ws.stateDir());
        Map<String, Object> system = new LinkedHashMap<>();
        system.put("key", "Redis knowledge:watchdog:last_run");
        system.put("lastRun", "2026-11-01T08:00:00Z");
        system.put("written", false);
        system.put("note", "not written: this console's watchdog works on its own lucene index");
        log.append(new WatchdogReport("ran", false, null, List.of("Blind: the only source read is the OTEL spool"),
                Map.of(), Map.of(), List.of(Finding.of("otel-events", Severity.WARNING, "Blind: the only source read is "
                + "the OTEL spool /x, an outbox …", Map.of("blind", true)), Finding.of("zero-retrieval", Severity.INFO,
                "Not checked: the watchdog is blind (see otel-events)", Map.of("blind", true))), clock.instant(), 5, null,
                List.of(), system));
        HealthViewModel vm = new HealthViewModel(log, scheduler(ws, log), new Evidence(null, ws.otelDir()),
                new SynchronousTaskRunner(), ZoneOffset.UTC, item -> { });
        vm.start();
        assertThat(vm.healthyProperty().get()).isFalse();
        assertThat(vm.summaryProperty().get()).isEqualTo("Last run 2026-11-01 10:00 · BLIND: no source of events, so "
                + "not healthy · 0 errors, 1 warning\nThe running system's watchdog "
                + "last ran 2026-11-01 08:00 (Redis knowledge:watchdog:last_run; this console leaves it to that watchdog)");
        assertThat(vm.findings().get(0).message()).startsWith("Blind: ");
    }

    @Test
    void aRunWithANewWarningAlertsOnceAndFindingsAreWorstFirst() throws Exception {
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"t\"}");
        Workspace ws = Fixtures.loader(dir.toString()).load(dir);
        WatchdogLog log = new WatchdogLog(ws.stateDir());
        Scheduler scheduler = scheduler(ws, log);
        HealthViewModel vm = new HealthViewModel(log, scheduler,
                new Evidence(null, ws.otelDir()), new SynchronousTaskRunner(), ZoneOffset.UTC, item -> { });
        JobsViewModel jobs = new JobsViewModel(scheduler, ZoneOffset.UTC, clock);
        vm.start();
        assertThat(vm.findings()).isEmpty();

        next.add(Severity.OK);
        jobs.runNow("watchdog");
        assertThat(vm.alertProperty().get()).isEmpty();
        assertThat(vm.summaryProperty().get()).isEqualTo("Last run 2026-11-01 10:01 · healthy");

        next.add(Severity.WARNING);
        vm.runWatchdogNow();
        assertThat(vm.alertProperty().get()).isEqualTo("WARNING: stale WARNING");
        assertThat(vm.findings()).extracting(FindingRow::check).containsExactly("staleness", "collection");
        assertThat(vm.findings().get(0).isNew()).isTrue();
        assertThat(vm.findings().get(0).figures()).isEqualTo("age 50 h"); // in words, not the key "ageHours"
        assertThat(vm.summaryProperty().get()).contains("0 errors, 1 warning");
        assertThat(vm.findings()).extracting(FindingRow::trend)
                .containsExactly(List.of("OK", "WARNING"), List.of("OK", "OK"));

        next.add(Severity.WARNING); // the same warning again: nothing new to alert about
        String before = vm.alertProperty().get();
        jobs.runNow("watchdog");
        assertThat(vm.findings().get(0).isNew()).isFalse();
        assertThat(vm.alertProperty().get()).isSameAs(before);
        assertThat(jobs.rows().get(0).last()).startsWith("OK · 2026-11-01 10:02 (").endsWith("WARNING");
        jobs.select("watchdog");
        assertThat(jobs.applySchedule("watchdog", "0 25 * * *")).isFalse();
        assertThat(jobs.scheduleErrorProperty().get()).contains("not a valid cron expression: 25 is outside 0 to 23");
        jobs.select("watchdog"); // the same job again (coming back to Health): its field still holds what was refused
        assertThat(jobs.scheduleErrorProperty().get()).as("still said beside the refused text").isNotEmpty();
        jobs.select("sync"); // another job: its field shows its own schedule, nothing refused
        assertThat(jobs.scheduleErrorProperty().get()).isEmpty();
        assertThat(jobs.applySchedule("watchdog", "every night")).isFalse();
        assertThat(jobs.scheduleErrorProperty().get()).contains("it has 2 fields, not five")
                .doesNotContain("we expect");
        for (String typed : new String[] {"abc", "-1", "99999999999", "99999999999 * * * *", ""}) {
            assertThat(jobs.applySchedule("watchdog", typed)).as(typed).isFalse();
            assertThat(jobs.scheduleErrorProperty().get()).as(typed).startsWith("Schedule of job watchdog");
        }
        // valid fields, but a day no month has: refused, not a job that never runs
        assertThat(jobs.applySchedule("watchdog", "0 3 31 2 *")).isFalse();
        assertThat(jobs.scheduleErrorProperty().get()).contains("never comes");
        assertThat(jobs.applySchedule("watchdog", "0 */2 * * *")).isTrue();
        assertThat(jobs.rows().get(0).schedule()).isEqualTo("0 */2 * * *");
    }

    @Test
    void figuresAreWordsNotTheirKeys() {
        assertThat(HealthViewModel.figure("noOutcome", 2)).isEqualTo("no outcome 2");
        assertThat(HealthViewModel.figure("neverEligible", 3)).isEqualTo("never eligible 3");
        assertThat(HealthViewModel.figure("eventsInWindow", 40)).isEqualTo("events in window 40");
        assertThat(HealthViewModel.figure("windowHours", 24)).isEqualTo("window 24 h");
        assertThat(HealthViewModel.figure("ratio", 0.85)).isEqualTo("ratio 0.85");
    }

    /**
     * Issue 37 walk: the rail said Health 4 (the inbox's three warnings and a check that could not run) beside a
     * header of "3 warnings"; and Enter on a finding in the inbox opened Health with none selected.
     */
    @Test
    void theHeaderCountsWhatTheInboxCountsAndTheInboxOpensAtAFinding() throws Exception {
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"t\"}");
        Workspace ws = Fixtures.loader(dir.toString()).load(dir);
        WatchdogLog log = new WatchdogLog(ws.stateDir());
        log.append(new WatchdogReport("ran", false, null, List.of(), Map.of(), Map.of(), List.of(
                Finding.of("staleness", Severity.WARNING, "stale", Map.of()),
                Finding.of("collection", Severity.OK, "120 documents", Map.of())), clock.instant(), 5, null,
                List.of("OTEL spool file x.json: not valid JSON — skipped")));
        HealthViewModel vm = new HealthViewModel(log, scheduler(ws, log), new Evidence(null, ws.otelDir()),
                new SynchronousTaskRunner(), ZoneOffset.UTC, item -> { });
        vm.start();
        assertThat(vm.summaryProperty().get()).endsWith("0 errors, 1 warning, 1 check could not run");
        vm.open("staleness");
        assertThat(vm.openAt().indexIn(vm.findings(), FindingRow::check)).isEqualTo(0);
        vm.open("watchdog");
        assertThat(vm.openAt().indexIn(vm.findings(), FindingRow::check)).as("a job: the jobs table shows it").isEqualTo(-1);
        assertThat(vm.openAt().subjectProperty().get()).isEqualTo("watchdog");
    }
}
