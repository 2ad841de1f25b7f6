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
            vm.select(List.of(missing.sha()));
            assertThat(vm.revertableProperty().get()).isFalse();
            vm.revertSelected(); // Delete on it: refused by the service, which says why
            assertThat(vm.messageProperty().get()).startsWith("Amendment " + missing.id() + ": ")
                    .endsWith("; nothing to revert.");
            AmendmentRow reverted = vm.rows().stream().filter(r -> r.status().equals("reverted")).findFirst().orElseThrow();
            vm.select(List.of(reverted.sha()));
            vm.revertSelected();
            assertThat(vm.messageProperty().get()).startsWith("Amendment " + reverted.shortSha())
                    .contains("(" + reverted.id() + ") is already reverted by ").endsWith("; nothing was committed.");
            assertThat(vm.rows()).anyMatch(r -> r.sha().equals(reverted.sha()) && r.status().equals("reverted"));
        }
    }
}
