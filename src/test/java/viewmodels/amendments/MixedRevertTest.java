package viewmodels.amendments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A selection of an applied and a reverted amendment: the question offers 1 and names the one left out, the revert
 * reverts the applied one, and the message names each and what happened to it.
 */
class MixedRevertTest {

    @TempDir
    Path tmp;

    @Test
    void theQuestionLeavesOutTheRevertedOneAndTheMessageNamesEach() {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            AmendmentsViewModel vm = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                    new AmendmentImpact(index), new SynchronousTaskRunner(), "joel", ZoneOffset.UTC);
            vm.refresh();
            AmendmentRow reverted = row(vm, "dream-2026-11-15-03");
            AmendmentRow applied = row(vm, "dream-2026-11-10-01");
            assertThat(applied.date()).as("applied 12 days before the fixture's clock, written as the window writes a moment")
                    .isEqualTo("2026-10-20 10:00");
            vm.select(List.of(reverted.sha(), applied.sha()));
            RevertQuestion q = vm.revertQuestion();
            assertThat(q.confirm()).isEqualTo("Revert 1");
            assertThat(q.heading()).startsWith("Revert dream-2026-11-10-01 — SOUL amendment on SOUL.md");
            assertThat(q.body()).contains("Left out, cannot be reverted:\ndream-2026-11-15-03 — already reverted in commit ");

            vm.revertSelected();
            assertThat(row(vm, "dream-2026-11-10-01").status()).isEqualTo("reverted");
            assertThat(vm.messageProperty().get().lines().toList()).satisfiesExactly(
                    l -> assertThat(l).startsWith("Reverted dream-2026-11-10-01 (" + applied.shortSha() + " → "),
                    l -> assertThat(l).startsWith("Not reverted: dream-2026-11-15-03 (" + reverted.shortSha()
                            + ") — already reverted by "));
        }
    }

    @Test
    void severalRevertableOnesAreCountedAndTheMissingOneIsNamed() {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            AmendmentsViewModel vm = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                    new AmendmentImpact(index), new SynchronousTaskRunner(), "joel", ZoneOffset.UTC);
            vm.refresh();
            vm.select(List.of(row(vm, "dream-2026-11-17-04").sha(), row(vm, "dream-2026-11-13-02").sha(),
                    row(vm, "dream-2026-11-10-01").sha()));
            RevertQuestion q = vm.revertQuestion();
            assertThat(q.confirm()).isEqualTo("Revert 2");
            assertThat(q.heading()).isEqualTo("Revert these 2 amendments?");
            assertThat(q.body()).contains("dream-2026-11-13-02 — ").contains("dream-2026-11-10-01 — ")
                    .contains("Left out, cannot be reverted:\ndream-2026-11-17-04 — its commit is missing");
        }
    }

    private static AmendmentRow row(AmendmentsViewModel vm, String id) {
        return vm.rows().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
    }
}
