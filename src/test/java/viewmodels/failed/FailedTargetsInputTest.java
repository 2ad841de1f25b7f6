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
 * What a user types into Failed targets. Three spaces as a clear's reason: the window's dialog dropped it in silence;
 * the view model refuses it itself, saying why, before anything runs, and a reason with spaces around it is recorded
 * without them. A filter that hides every target said "No failed targets: nothing is blocked from being retried."
 * and "0 failed targets" while three were there, only filtered out; now the count says how many are shown of all,
 * and the empty table what the filter hides and how to see them again.
 */
class FailedTargetsInputTest {

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

    /** Issue 37 walk: Enter on an inbox item opened Failed targets with nothing selected, even behind a filter. */
    @Test
    void theInboxOpensItsTargetSelectedEvenBehindAFilter() {
        vm.textProperty().set("gremlin");
        assertThat(vm.rows()).extracting(FailedRow::key).containsExactly("gremlin/S1");
        vm.open("joelclaw/S2");
        assertThat(vm.rows()).hasSize(3);
        int at = vm.openAt().indexIn(vm.rows(), FailedRow::key);
        assertThat(at).isGreaterThanOrEqualTo(0);
        assertThat(vm.rows().get(at).key()).isEqualTo("joelclaw/S2");
        vm.openAt().shown();
        assertThat(vm.openAt().indexIn(vm.rows(), FailedRow::key)).as("shown: a later read keeps the user's own").isEqualTo(-1);
    }
}
