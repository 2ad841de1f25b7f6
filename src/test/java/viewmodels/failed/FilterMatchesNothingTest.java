package viewmodels.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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
 * A filter that hides every target said "No failed targets: nothing is blocked from being retried." and
 * "0 failed targets" while three were there, only filtered out. Now the count says how many are shown of all, and
 * the empty table what the filter hides and how to see them again.
 */
class FilterMatchesNothingTest {

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
    void aFilterThatMatchesNothingSaysWhatItHides() {
        assertThat(vm.rows()).hasSize(3);
        assertThat(vm.summaryProperty().get()).startsWith("3 failed targets");

        vm.textProperty().set("  nosuch ");
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.summaryProperty().get()).startsWith("0 of 3 failed targets");
        assertThat(vm.emptyProperty().get())
                .isEqualTo("No failed targets match “nosuch” (3 in all). Escape clears the filter.")
                .doesNotContain("nothing is blocked");

        vm.textProperty().set("gremlin");
        assertThat(vm.summaryProperty().get()).startsWith("1 of 3 failed targets");
        vm.projectProperty().set("joelclaw");
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.emptyProperty().get()).isEqualTo("No failed targets of joelclaw match “gremlin” (3 in all). "
                + "Escape clears the filter.");

        vm.clearFilter();
        vm.projectProperty().set(FailedTargetsViewModel.ALL_PROJECTS);
        assertThat(vm.textProperty().get()).isEmpty();
        assertThat(vm.rows()).hasSize(3);
        assertThat(vm.summaryProperty().get()).startsWith("3 failed targets");
    }
}
