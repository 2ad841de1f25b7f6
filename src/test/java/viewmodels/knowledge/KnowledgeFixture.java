package viewmodels.knowledge;

import java.nio.file.Path;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import testsupport.Fixtures;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;

/** A synced demo workspace on a real index, the sync and Knowledge view models, the synchronous runner and no JavaFX toolkit. */
abstract class KnowledgeFixture {

    @TempDir
    Path tmp;

    Workspace ws;
    LuceneKnowledgeIndex index;
    SynchronousTaskRunner runner;
    SyncViewModel sync;
    KnowledgeViewModel vm;

    @BeforeEach
    void setUp() {
        ws = Fixtures.loader().load(Fixtures.demoAt(tmp.resolve("d")));
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        runner = new SynchronousTaskRunner();
        sync = new SyncViewModel(index, new VaultSync(ws, index, Fixtures.CLOCK), runner, Fixtures.CLOCK, false);
        vm = new KnowledgeViewModel(index, new DocumentDetailViewModel(index, ws, runner, ZoneOffset.UTC), runner,
                ZoneOffset.UTC);
        sync.setAfterSync(vm::search);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }
}
