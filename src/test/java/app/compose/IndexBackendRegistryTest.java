package app.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.connections.ConnectionCheck;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.Secrets;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import viewmodels.settings.SettingsViewModel;

/**
 * "Add an index backend" (README, How the code is laid out), done: a sample backend registered with one line is
 * accepted by the workspace loader, offered by the Settings screen, opened by the workspace's services, and the
 * sync and the search go through it. (The sample's adapter is the Lucene index in another folder; a real new
 * adapter also passes the contract suite, services.knowledge.KnowledgeIndexContract.)
 */
class IndexBackendRegistryTest {

    @TempDir
    Path tmp;

    @Test
    void aRegisteredBackendIsAcceptedOfferedOpenedAndUsedBySyncAndSearch() {
        List<Path> opened = new ArrayList<>();
        AppContext app = new AppContext(new AppDirs(tmp.resolve("config"), tmp.resolve("data")), Fixtures.CLOCK,
                new SynchronousTaskRunner()).withIndexBackend("sample", (settings, ws) -> {
                    opened.add(ws.dir());
                    return new LuceneKnowledgeIndex(ws.stateDir().resolve("sample-index"), settings.embeddingDimensions());
                });
        Path dir = Fixtures.demoAt(tmp.resolve("demo"));
        new WorkspaceFile(dir).update(root -> {
            root.putObject("index").put("backend", "sample");
            root.putObject("semantic").put("enabled", false);
        });

        assertThat(app.indexBackends().names()).containsExactly("lucene", "typesense", "sample");
        Workspace ws = app.loader().load(dir);
        assertThat(ws.index().backend()).isEqualTo("sample");
        try (WorkspaceServices services = app.open(ws)) {
            services.sync().run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(services.index().search(KnowledgeQuery.text("retry", 5)).total()).isPositive();
        }
        assertThat(opened).containsExactly(ws.dir());
        assertThat(Files.isDirectory(ws.stateDir().resolve("sample-index"))).isTrue();
        assertThat(Files.exists(ws.indexDir())).isFalse();

        SettingsViewModel settings = new SettingsViewModel(ws, new ConnectionCheck(Secrets.fromEnvironment()),
                new SynchronousTaskRunner(), Map.of(), () -> { }, app.indexBackends().all());
        assertThat(settings.backends()).containsExactly("lucene", "typesense", "sample");
        assertThat(settings.index().backendProperty().get()).isEqualTo("sample");
    }

    @Test
    void withoutTheRegistrationTheSameWorkspaceIsRefusedNamingTheKeyAndTheChoices() {
        Path dir = Fixtures.demoAt(tmp.resolve("demo"));
        new WorkspaceFile(dir).update(root -> root.putObject("index").put("backend", "sample"));
        assertThatThrownBy(() -> Fixtures.loader().load(dir)).isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("key 'index.backend': unknown backend \"sample\" (use \"lucene\" or \"typesense\").");
    }
}
