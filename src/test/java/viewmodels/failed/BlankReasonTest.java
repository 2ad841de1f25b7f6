package viewmodels.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Three spaces as a clear's reason: the window's dialog dropped it in silence. The view model refuses it itself,
 * saying why, before anything runs; a reason with spaces around it is recorded without them.
 */
class BlankReasonTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private FailedTargetsViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        vm = new FailedTargetsViewModel(new FailedTargetsService(ws, index, null, Fixtures.CLOCK),
                new SynchronousTaskRunner(), Fixtures.CLOCK, "joel", id -> { });
        vm.refresh();
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    @Test
    void aBlankReasonIsRefusedSayingWhyAndClearsNothing() {
        vm.select(List.of("gremlin/S1"));
        assertThat(vm.isBlankReason("   ")).isTrue();
        assertThat(vm.isBlankReason(" \t")).isTrue();
        assertThat(vm.isBlankReason(" ok ")).isFalse();
        vm.clearSelected("   ");
        assertThat(vm.messageProperty().get()).isEqualTo("Clearing a failed target needs a reason (why it may be "
                + "retried now): nothing was cleared.");
        assertThat(vm.rows()).hasSize(3);
        assertThat(vm.history()).isEmpty();

        vm.clearSelected("  The migration landed.  ");
        assertThat(vm.rows()).hasSize(2);
        assertThat(vm.history().get(0)).endsWith("cleared gremlin/S1 — The migration landed.");
    }
}
