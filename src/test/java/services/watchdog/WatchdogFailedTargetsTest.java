package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import services.failed.FailedTargetsService;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** The failed-targets TTL check: what is pruned, the prune grace, and read-only workspaces that only report. */
class WatchdogFailedTargetsTest extends WatchdogFixture {

    @Test
    void failedTargetsPastTheirTtlArePrunedAndReadOnlyOnlyReportsThem() {
        clock.set(SYNCED.plus(Duration.ofDays(400)));
        setWorkspaceKey("readOnly", true);
        WatchdogReport readOnly = run();
        Finding reported = finding(readOnly, "failed-target-ttl");
        assertThat(reported.severity()).isEqualTo(Severity.WARNING);
        assertThat(reported.message()).contains("read-only").contains("not pruned");
        assertThat(index.countsByType()).containsKey("failed_target");

        setWorkspaceKey("readOnly", false);
        WatchdogReport r = run();
        Finding pruned = finding(r, "failed-target-ttl");
        assertThat(pruned.severity()).isEqualTo(Severity.INFO);
        assertThat(pruned.message()).startsWith("Pruned ");
        assertThat(pruned.evidence()).allSatisfy(e -> assertThat(e).startsWith("doc:failed_target:"));
        assertThat(r.pruned()).containsKeys("pruned", "found");
        assertThat(index.countsByType()).doesNotContainKey("failed_target");
        assertThat(Files.exists(ws.stateDir().resolve("decisions.jsonl"))).isTrue();
    }

    @Test
    void aTargetWithinThePruneGraceStaysForTheOperatorToSeeThenGoes() {
        FailedTargetsService failed = new FailedTargetsService(ws, index, null, clock);
        List<FailedTargetsService.Target> expired = failed.list().targets().stream()
                .filter(t -> t.expiresAtMillis() <= clock.millis()).toList();
        List<FailedTargetsService.Target> recent = expired.stream()
                .filter(t -> t.expiresAtMillis() > clock.millis() - Duration.ofHours(48).toMillis()).toList();
        assertThat(recent).as("the demo (watchdog.pruneGraceHours 48) has a target that expired within it").isNotEmpty();

        WatchdogReport r = run();
        assertThat(r.pruned()).containsEntry("kept", (long) recent.size()).containsEntry("found", expired.size());
        assertThat(finding(r, "failed-target-ttl").message()).contains("expired less than 48 h ago");
        List<String> left = failed.list().targets().stream().map(FailedTargetsService.Target::key).toList();
        assertThat(left).as("still listed, as expired").containsAll(recent.stream().map(FailedTargetsService.Target::key).toList())
                .hasSize(failed.list().targets().size());
        assertThat(failed.list().targets()).filteredOn(t -> t.expiresAtMillis() <= clock.millis())
                .hasSize(recent.size());

        long latest = recent.stream().mapToLong(FailedTargetsService.Target::expiresAtMillis).max().orElseThrow();
        clock.set(Instant.ofEpochMilli(latest).plus(Duration.ofHours(48)).plusSeconds(1));
        run();
        assertThat(failed.list().targets()).extracting(FailedTargetsService.Target::key)
                .doesNotContainAnyElementsOf(recent.stream().map(FailedTargetsService.Target::key).toList());
        assertThat(failed.list().targets()).noneMatch(t -> t.expiresAtMillis() <= clock.millis() - Duration.ofHours(48).toMillis());
    }

    @Test
    void withoutAPruneGraceTheWatchdogPrunesEveryExpiredTargetAsTheRunningSystemDoes() {
        new WorkspaceFile(ws.dir()).update(root -> root.remove("watchdog"));
        ws = Fixtures.loader().load(ws.dir());
        WatchdogReport r = run();
        assertThat(r.pruned()).containsEntry("kept", 0L);
        assertThat(new FailedTargetsService(ws, index, null, clock).list().targets())
                .noneMatch(t -> t.expiresAtMillis() <= clock.millis());
    }

    @Test
    void aPruneByHandRemovesWhatExpiredAtOnceGraceOrNot() {
        FailedTargetsService failed = new FailedTargetsService(ws, index, null, clock);
        run();
        assertThat(failed.list().targets()).anyMatch(t -> t.expiresAtMillis() <= clock.millis());
        failed.prune("joel");
        assertThat(failed.list().targets()).noneMatch(t -> t.expiresAtMillis() <= clock.millis());
    }
}
