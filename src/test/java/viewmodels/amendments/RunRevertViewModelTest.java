package viewmodels.amendments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.amendments.RunFixture;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** "Revert whole run" in Amendments: the confirmation lists the run's commits, the revert makes one record. */
class RunRevertViewModelTest {

    @TempDir
    Path tmp;

    @Test
    void aRunOfOneAmendmentIsNotCalledAllOneAmendments() {
        Workspace ws = Fixtures.demo(tmp);
        List<String> shas = RunFixture.apply(ws, "run-1", "rules/x.md");
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            AmendmentsViewModel vm = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                    new AmendmentImpact(index), new SynchronousTaskRunner(), "joel", ZoneOffset.UTC);
            vm.refresh();
            vm.select(List.of(shas.get(0)));
            assertThat(vm.runQuestion().heading()).isEqualTo("Revert the only amendment of run run-1?");
            assertThat(vm.runQuestion().confirm()).isEqualTo("Revert run (1)");
        }
    }

    @Test
    void theConfirmationListsTheCommitsAndTheRunIsRevertedWhole() {
        Workspace ws = Fixtures.demo(tmp);
        List<String> shas = RunFixture.apply(ws, "run-9", "rules/x.md", "rules/y.md");
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            AmendmentsViewModel vm = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                    new AmendmentImpact(index), new SynchronousTaskRunner(), "joel", ZoneOffset.UTC);
            vm.refresh();
            vm.select(List.of(shas.get(0)));
            assertThat(vm.runRevertableProperty().get()).isTrue();

            RevertQuestion q = vm.runQuestion();
            assertThat(q.heading()).isEqualTo("Revert all 2 amendments of run run-9?");
            assertThat(q.body()).contains(shas.get(0).substring(0, 10)).contains(shas.get(1).substring(0, 10))
                    .contains("All or nothing");
            assertThat(q.body().indexOf(shas.get(1).substring(0, 10))).as("newest first, as the revert goes")
                    .isLessThan(q.body().indexOf(shas.get(0).substring(0, 10)));
            assertThat(q.body().split(shas.get(0).substring(0, 10), -1)).as("each commit named once").hasSize(2);
            assertThat(q.confirm()).isEqualTo("Revert run (2)");

            vm.revertRun("wrong retro");
            assertThat(vm.messageProperty().get()).startsWith("Reverted run run-9, newest first, recorded once.");
            assertThat(vm.rows().stream().filter(r -> shas.contains(r.sha())).map(AmendmentRow::status))
                    .containsOnly("reverted");
            vm.select(List.of(shas.get(0)));
            assertThat(vm.runRevertableProperty().get()).isFalse();
        }
    }
}
