package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The window's face of the mass-delete guard: the sync asks, and deletes only once the user confirms. */
class SyncViewModelTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private SyncViewModel vm;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        vm = new SyncViewModel(index, new VaultSync(ws, index, Fixtures.CLOCK), new SynchronousTaskRunner(),
                Fixtures.CLOCK, false);
        vm.syncNow();
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    @Test
    void aMassDeletionWaitsForConfirmationAndDeclineKeepsEverything() throws Exception {
        long before = index.status().documents();
        try (Stream<Path> adrs = Files.list(ws.adrDir())) {
            adrs.sorted().limit(20).forEach(p -> p.toFile().delete());
        }
        vm.syncNow();
        assertThat(vm.massDeleteQuestionProperty().get()).contains("ADRs: ").contains("--allow-mass-delete");
        assertThat(vm.lastResultProperty().get()).contains("waiting for confirmation");
        assertEquals(before, index.status().documents());

        vm.declineMassDelete();
        assertThat(vm.massDeleteQuestionProperty().get()).isEmpty();
        assertEquals(before, index.status().documents());

        vm.syncNow();
        vm.confirmMassDelete();
        assertThat(vm.massDeleteQuestionProperty().get()).isEmpty();
        assertThat(vm.lastResultProperty().get()).startsWith("Last sync:").contains("deleted");
        assertThat(index.status().documents()).isLessThan(before - 10);
    }
}
