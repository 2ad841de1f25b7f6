package viewmodels.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.connections.ConnectionCheck;
import services.workspace.Secrets;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The Typesense fields and the API key's status apply only while the backend is typesense. */
class SettingsTypesenseFieldsTest {

    @TempDir
    Path tmp;

    private SettingsViewModel settings(Workspace ws) {
        return new SettingsViewModel(ws, new ConnectionCheck(Secrets.fromEnvironment()), new SynchronousTaskRunner(),
                Map.of(), () -> { }, Fixtures.BACKENDS);
    }

    @Test
    void onLuceneTheTypesenseFieldsAndTheKeyStatusAreNotShownOnTypesenseTheyAre() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        assertThat(vm.index().backendProperty().get()).isEqualTo("lucene");
        assertThat(vm.indexChoice().shownProperty("nodes").get()).isFalse();
        assertThat(vm.keyStatusProperty().get()).isEmpty();

        vm.index().backendProperty().set("typesense");
        assertThat(vm.indexChoice().shownProperty("nodes").get()).isTrue();
        assertThat(vm.keyStatusProperty().get()).isNotEmpty();

        vm.index().backendProperty().set("lucene");
        assertThat(vm.indexChoice().shownProperty("nodes").get()).isFalse();
        assertThat(vm.keyStatusProperty().get()).isEmpty();
    }

    @Test
    void aWrongTypesenseFieldIsShownOnLuceneTooSoItCanBeFixedBeforeSaving() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        vm.index().timeoutProperty().set("0");
        assertThat(vm.errorProperty("timeout").get()).isNotEmpty();
        assertThat(vm.indexChoice().shownProperty("nodes").get()).isTrue();
        vm.index().timeoutProperty().set("5");
        assertThat(vm.indexChoice().shownProperty("nodes").get()).isFalse();
    }
}
