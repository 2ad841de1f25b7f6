package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The status line's "last sync" and the list of the last sync's problems come from the sync state — a file of
 * megabytes on a 100k-document vault. They are read in the status task, not when its result reaches the UI
 * thread: here the file is gone by the time the callbacks run, and the window still shows what it held.
 */
class SyncStatusOffTheUiThreadTest {

    @TempDir
    Path tmp;

    @Test
    void theSyncStateIsReadInTheBackgroundTaskNotOnTheUiThread() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, Fixtures.CLOCK);
            new SyncViewModel(index, sync, new SynchronousTaskRunner(), Fixtures.CLOCK, false).syncNow();
            assertThat(sync.lastRun().errors()).as("the demo has broken files").isNotEmpty();

            SemanticSearchOffTheUiThreadTest.BackgroundRunner runner = new SemanticSearchOffTheUiThreadTest.BackgroundRunner();
            SyncViewModel vm = new SyncViewModel(index, sync, runner, Fixtures.CLOCK, false);
            vm.start();
            runner.pool.shutdown();
            assertThat(runner.pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
            Files.delete(ws.stateDir().resolve("sync-state.json")); // a read on the UI thread would find nothing
            runner.finishAndDeliver();

            assertThat(vm.statusProperty().get()).contains("documents").contains("last sync just now");
            assertThat(vm.issues()).anyMatch(i -> i.startsWith("error · "));
        }
    }
}
