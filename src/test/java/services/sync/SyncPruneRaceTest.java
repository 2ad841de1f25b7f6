package services.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A sync running while the watchdog prunes: the prune lands after the sync has read the retros that name the
 * failed targets and before it writes them. What was pruned stays pruned.
 */
class SyncPruneRaceTest {

    @TempDir
    Path tmp;

    @Test
    void targetsPrunedDuringASyncAreNotWrittenBack() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Clock later = Clock.offset(Fixtures.CLOCK, Duration.ofDays(400)); // every failed target is past its TTL
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, later);
            sync.run(SyncOptions.all(), ProgressSink.NONE);
            Set<String> before = index.ids(Set.of("failed_target"));
            assertThat(before).isNotEmpty();
            try (Stream<Path> retros = Files.list(ws.retrosDir())) { // every retro changed: the next sync re-reads them
                for (Path r : retros.toList()) {
                    Files.writeString(r, Files.readString(r) + "\n");
                }
            }
            AtomicReference<FailedTargetsService.PruneResult> pruned = new AtomicReference<>();
            ProgressSink pruneMidway = new ProgressSink() {
                @Override
                public void update(double fraction, String message) {
                    if (pruned.get() == null) { // the watchdog prunes while the sync is under way
                        pruned.set(new FailedTargetsService(ws, index, null, later).prune("watchdog"));
                    }
                }

                @Override
                public boolean isCancelled() {
                    return false;
                }
            };
            sync.run(SyncOptions.all(), pruneMidway);
            assertThat(pruned.get().docsRemoved()).containsExactlyInAnyOrderElementsOf(before);
            assertThat(index.ids(Set.of("failed_target"))).as("nothing pruned came back").isEmpty();
            sync.run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(index.ids(Set.of("failed_target"))).isEmpty();
        }
    }

    @Test
    void aSyncAfterAPruneCountsAsUnchangedOnlyTheDocumentsStillInTheIndex() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Clock later = Clock.offset(Fixtures.CLOCK, Duration.ofDays(400));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, later);
            sync.run(SyncOptions.all(), ProgressSink.NONE);
            int pruned = new FailedTargetsService(ws, index, null, later).prune("operator").docsRemoved().size();
            assertThat(pruned).isPositive();
            SyncResult again = sync.run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(again.indexed()).isZero();
            // "unchanged 117" beside 114 documents in the index was the pruned ones counted as unchanged
            assertThat(again.unchanged()).isEqualTo(index.status().documents());
        }
    }
}
