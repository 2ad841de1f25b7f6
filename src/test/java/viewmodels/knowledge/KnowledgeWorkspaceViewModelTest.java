package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The chain the window used to hold: after a sync the browser searches again and embeds (plain JUnit, no window). */
class KnowledgeWorkspaceViewModelTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private KnowledgeWorkspaceViewModel vm;

    @BeforeEach
    void setUp() {
        Workspace ws = Fixtures.loader().load(Fixtures.demoAt(tmp.resolve("d")));
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        vm = new KnowledgeWorkspaceViewModel(ws, index, new VaultSync(ws, index, Fixtures.CLOCK), null,
                "turned off in workspace.json", new SynchronousTaskRunner(), Fixtures.CLOCK, 0);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    @Test
    void aSyncIsFollowedByASearchWithoutBeingAsked() {
        vm.knowledge().search();
        assertThat(vm.knowledge().indexEmptyProperty().get()).isTrue();
        vm.sync().syncNow();
        assertThat(vm.knowledge().indexEmptyProperty().get()).isFalse();
        assertThat(vm.knowledge().results()).hasSizeGreaterThan(100);
        assertThat(vm.knowledge().messageProperty().get()).isEmpty();
    }

    @Test
    void withEmbeddingsOffTheBrowserSaysWhyAndOffersNoSearchByMeaning() {
        assertThat(vm.embeddings().available()).isFalse();
        assertThat(vm.embeddings().statusProperty().get())
                .isEqualTo("Semantic search off: turned off in workspace.json");
        vm.sync().syncNow(); // the sync's embedding step is a no-op, not an error
        assertThat(vm.embeddings().statusProperty().get()).startsWith("Semantic search off");
    }
}
