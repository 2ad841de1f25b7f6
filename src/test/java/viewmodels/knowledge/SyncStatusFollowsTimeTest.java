package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The status bar's "last sync 3 min ago" follows the clock (it stayed "just now" until the document count
 * changed), and the Knowledge header's last-sync line stops speaking of this window's run once the scheduler (or
 * another console) has synced since.
 */
class SyncStatusFollowsTimeTest {

    @TempDir
    Path tmp;

    /** A clock the test moves. */
    static final class MovingClock extends Clock {
        Instant now = Instant.parse("2026-11-26T10:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void theAgeOfTheLastSyncFollowsTheClockAndAnotherSyncIsSaid() {
        Workspace ws = Fixtures.demo(tmp);
        MovingClock clock = new MovingClock();
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, clock);
            SyncViewModel vm = new SyncViewModel(index, sync, new SynchronousTaskRunner(), clock, false);
            vm.syncNow();
            assertThat(vm.statusProperty().get()).endsWith("last sync just now");
            assertThat(vm.lastResultProperty().get()).startsWith("Last sync: indexed ");

            clock.now = clock.now.plus(Duration.ofMinutes(5));
            vm.tick();
            assertThat(vm.statusProperty().get()).endsWith("last sync 5 min ago");

            // the scheduler syncs in the same process (its own run), then tells the window the index changed
            clock.now = clock.now.plus(Duration.ofMinutes(10));
            new VaultSync(ws, index, clock).run(SyncOptions.all(), ProgressSink.NONE);
            vm.indexChangedElsewhere();
            assertThat(vm.statusProperty().get()).endsWith("last sync just now");
            assertThat(vm.lastResultProperty().get())
                    .startsWith("Last sync: by the scheduler or another console").contains("files with problems");
        }
    }
}
