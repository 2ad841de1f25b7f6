package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.BrainPages;
import testsupport.Fixtures;

/** The window's sync line says in one plain line why Brain pages were read and not written to a shared index. */
class SyncBrainPagesLineTest {

    @TempDir
    Path tmp;

    @Test
    void theSyncLineSaysWhyTheBrainPagesWereNotWritten() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        Path repo = BrainPages.copyRepo(tmp.resolve("code"));
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"brain\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"repo\", \"brain\": [\"" + repo + "\"]}");
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.createDirectories(dir.resolve("repo/skills"));
        Workspace ws = Fixtures.loader().load(dir);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, Fixtures.CLOCK).withholdingBrainPagesFrom("Typesense system_knowledge");
            SyncViewModel vm = new SyncViewModel(index, sync, new SynchronousTaskRunner(), Fixtures.CLOCK, false);
            vm.syncNow();
            assertThat(vm.lastResultProperty().get()).startsWith("Last sync: indexed 0").endsWith("Brain pages: 11 "
                    + "read, not written to Typesense system_knowledge — it is the running system's collection; open a "
                    + "workspace with the embedded index to browse them.");
            assertThat(index.status().documents()).isZero();
        }
    }
}
