package viewmodels.amendments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** Delete on an amendment that cannot be reverted (reverted already, or its commit missing) says why, changing nothing. */
class NothingToRevertTest {

    @TempDir
    Path tmp;

    @Test
    void deleteOnAnAmendmentThatCannotBeRevertedSaysWhy() {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            AmendmentsViewModel vm = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                    new AmendmentImpact(index), new SynchronousTaskRunner(), "joel", ZoneOffset.UTC);
            vm.refresh();
            AmendmentRow missing = vm.rows().stream().filter(r -> r.status().contains("missing")).findFirst().orElseThrow();
            vm.select(java.util.List.of(missing.sha()));
            assertThat(vm.revertableProperty().get()).isFalse();
            vm.explainNotRevertable();
            assertThat(vm.messageProperty().get()).startsWith("Nothing to revert: " + missing.id() + " has no commit ")
                    .endsWith("in its repository: nothing to revert.");
            AmendmentRow reverted = vm.rows().stream().filter(r -> r.status().equals("reverted")).findFirst().orElseThrow();
            vm.select(java.util.List.of(reverted.sha()));
            vm.explainNotRevertable();
            assertThat(vm.messageProperty().get()).startsWith("Nothing to revert: " + reverted.id() + " is reverted already");
            assertThat(vm.rows()).anyMatch(r -> r.sha().equals(reverted.sha()) && r.status().equals("reverted"));
        }
    }
}
