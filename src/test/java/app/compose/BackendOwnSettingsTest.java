package app.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.IndexBackend;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.ConnectionProfile;
import services.workspace.IndexField;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import viewmodels.settings.SettingsViewModel;

/**
 * A backend is one class: registered once, its own check of workspace.json's index keys runs when a workspace is
 * read (naming the key), its fields are the ones the Settings form shows for it (and only for it), its problems
 * are the form's, and its connection test is the form's test button — with no change to the loader or the form.
 */
class BackendOwnSettingsTest {

    @TempDir
    Path tmp;

    /** A sample remote backend: it needs a collection named "kb-…" and a node, and shows nodes and collection. */
    static final class SampleBackend implements IndexBackend {
        int probes;

        @Override
        public String name() {
            return "sample";
        }

        @Override
        public String summary() {
            return "sample: a test backend";
        }

        @Override
        public List<IndexField> fields() {
            return List.of(new IndexField("nodes", "Sample nodes", "one URL a line", "https://s:1", IndexField.Kind.LINES,
                    false), new IndexField("collection", "Sample index", "kb-…", "kb-main", IndexField.Kind.TEXT, false));
        }

        @Override
        public boolean embedded() {
            return false;
        }

        @Override
        public boolean sharedWithRunningSystem() {
            return false;
        }

        @Override
        public void check(IndexSettings settings, Path file) {
            if (!settings.collection().startsWith("kb-")) {
                throw new WorkspaceException(file + " key 'index.collection': the sample backend's index is named kb-….");
            }
        }

        @Override
        public Map<String, String> problems(ConnectionProfile form) {
            return form.collection().startsWith("kb-") ? Map.of() : Map.of("collection", "Start it with kb-.");
        }

        @Override
        public KnowledgeIndex open(IndexSettings settings, Workspace workspace, Parts parts) {
            return new LuceneKnowledgeIndex(workspace.stateDir().resolve("sample"), settings.embeddingDimensions());
        }

        @Override
        public String testLabel() {
            return "Test the sample";
        }

        @Override
        public Probe probe(IndexSettings settings, Path workspaceDir, Secrets secrets, String typedKey) {
            probes++;
            return new Probe(true, "sample OK: " + settings.collection());
        }
    }

    private AppContext app(SampleBackend sample) {
        return new AppContext(new AppDirs(tmp.resolve("config"), tmp.resolve("data")), Fixtures.CLOCK,
                new SynchronousTaskRunner()).withIndexBackend(sample);
    }

    @Test
    void theBackendsOwnCheckRunsWhenWorkspaceJsonIsReadNamingTheKey() {
        AppContext app = app(new SampleBackend());
        Path dir = Fixtures.demoWriter(Fixtures.CLOCK).write(tmp.resolve("demo")).dir();
        new WorkspaceFile(dir).update(root -> root.putObject("index").put("backend", "sample").put("collection", "x"));
        assertThatThrownBy(() -> app.loader().load(dir)).isInstanceOf(WorkspaceException.class)
                .hasMessageEndingWith("key 'index.collection': the sample backend's index is named kb-….");
        new WorkspaceFile(dir).update(root -> root.putObject("index").put("backend", "sample").put("collection", "kb-1"));
        assertThat(app.loader().load(dir).index().collection()).isEqualTo("kb-1");
        assertThat(app.indexBackends().names()).containsExactly("lucene", "typesense", "sample");
    }

    @Test
    void theSettingsFormShowsTheChosenBackendsFieldsChecksThemAndTestsItsConnection() {
        SampleBackend sample = new SampleBackend();
        AppContext app = app(sample);
        Path dir = Fixtures.demoWriter(Fixtures.CLOCK).write(tmp.resolve("demo")).dir();
        new WorkspaceFile(dir).update(root -> root.putObject("index").put("backend", "sample").put("collection", "kb-1"));
        Workspace ws = app.loader().load(dir);
        SettingsViewModel vm = new SettingsViewModel(ws, app.connections(), new SynchronousTaskRunner(), Map.of(),
                () -> { }, app.indexBackends().all());

        assertThat(vm.indexChoice().shownProperty("nodes").get()).isTrue();
        assertThat(vm.indexChoice().shownProperty("collection").get()).isTrue();
        assertThat(vm.indexChoice().shownProperty("key").get()).as("Typesense's key: not the sample's").isFalse();
        assertThat(vm.keyStatusProperty().get()).as("the sample reads no secret").isEmpty();
        assertThat(vm.indexChoice().testLabelProperty().get()).isEqualTo("Test the sample");
        assertThat(vm.indexChoice().hint()).contains("sample: a test backend");

        vm.index().collectionProperty().set("other");
        assertThat(vm.errorProperty("collection").get()).isEqualTo("Start it with kb-.");
        vm.index().collectionProperty().set("kb-2");
        assertThat(vm.validProperty().get()).isTrue();
        vm.testIndex();
        assertThat(sample.probes).isEqualTo(1);
        assertThat(vm.tests().indexResultProperty().get()).isEqualTo("sample OK: kb-2");

        vm.index().backendProperty().set("lucene");
        assertThat(vm.indexChoice().shownProperty("collection").get()).isFalse();
        assertThat(vm.indexChoice().testShownProperty().get()).as("the embedded index has nothing to reach").isFalse();
    }
}
