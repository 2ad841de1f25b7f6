package services.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The scheduler's catch-up sync at start makes up for the nightly run the console missed while it was closed: when
 * the index was synced since that run was due — the window's own sync as it opened the workspace, `sync` on the
 * command line, another console — it is not needed and reads nothing (a fresh demo showed a second sync, "indexed 0,
 * unchanged 117", and Knowledge then said its last sync was the scheduler's).
 */
class SyncJobCatchUpTest {

    @TempDir
    Path tmp;

    @Test
    void aCatchUpIsSkippedWhenTheIndexWasSyncedSinceTheMissedRunAndRunsOtherwise() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Instant now = Instant.parse("2026-11-26T21:00:00Z");
        Clock clock = Clock.fixed(now, ZoneOffset.UTC);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, clock);
            SyncJob job = new SyncJob(sync, false);

            JobOutcome first = job.catchUp(now.minus(Duration.ofHours(18)), ProgressSink.NONE); // never synced
            assertThat(first.status()).isIn(JobRun.Status.OK, JobRun.Status.WARNING);
            assertThat(first.summary()).startsWith("indexed ");
            long synced = sync.lastRun().finishedAt();

            JobOutcome again = job.catchUp(now.minus(Duration.ofHours(18)), ProgressSink.NONE); // synced since 03:00
            assertThat(again.status()).isEqualTo(JobRun.Status.SKIPPED);
            assertThat(again.summary()).startsWith("not needed: the index was synced since this run was due");
            assertThat(sync.lastRun().finishedAt()).isEqualTo(synced); // nothing read, nothing written

            JobOutcome later = job.catchUp(now.plusSeconds(60), ProgressSink.NONE); // due after the last sync
            assertThat(later.summary()).startsWith("indexed 0");
            assertThat(job.run(JobRun.Trigger.SCHEDULE, ProgressSink.NONE).summary()).startsWith("indexed 0");
        }
    }
}
