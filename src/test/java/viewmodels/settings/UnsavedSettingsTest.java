package viewmodels.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.connections.ConnectionCheck;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Secrets;
import services.workspace.SemanticSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Settings knows when its form differs from workspace.json: from the first edit until it is saved, reverted or typed
 * back to what the file has — the rail's marker and the question on closing the window follow it.
 */
class UnsavedSettingsTest {

    @TempDir
    Path tmp;

    private final AtomicInteger reopened = new AtomicInteger();

    private SettingsViewModel settings(Workspace ws) {
        return new SettingsViewModel(ws, new ConnectionCheck(Secrets.fromEnvironment()), new SynchronousTaskRunner(),
                Map.of(), reopened::incrementAndGet, Fixtures.BACKENDS);
    }

    @Test
    void aFreshFormIsSavedAnEditIsNot() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        assertThat(vm.unsavedProperty().get()).isFalse();

        vm.redis().modeProperty().set("standalone");
        assertThat(vm.unsavedProperty().get()).isTrue();
    }

    @Test
    void everyKindOfFieldCounts() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        vm.readOnlyProperty().set(true);
        assertThat(vm.unsavedProperty().get()).isTrue();
        vm.readOnlyProperty().set(false);
        assertThat(vm.unsavedProperty().get()).isFalse();

        vm.redis().tlsProperty().set(true); // a field without a rule: an edit all the same
        assertThat(vm.unsavedProperty().get()).isTrue();
        vm.redis().tlsProperty().set(false);

        vm.index().newKeyProperty().set("a-key"); // a key typed to be saved is not saved yet
        assertThat(vm.unsavedProperty().get()).isTrue();
        vm.index().newKeyProperty().set("");
        assertThat(vm.unsavedProperty().get()).isFalse();
    }

    @Test
    void anEditTypedBackToTheSavedValueIsNoChange() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        String timeout = vm.index().timeoutProperty().get();
        vm.index().timeoutProperty().set(timeout + "0");
        assertThat(vm.unsavedProperty().get()).isTrue();
        vm.index().timeoutProperty().set(timeout);
        assertThat(vm.unsavedProperty().get()).isFalse();

        vm.redis().modeProperty().set("cluster");
        vm.redis().modeProperty().set("none");
        assertThat(vm.unsavedProperty().get()).isFalse();
    }

    @Test
    void savingMakesTheFormSavedAndTheFileHasTheEdit() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        SettingsViewModel vm = settings(ws);
        vm.redis().modeProperty().set("standalone");
        vm.redis().urlProperty().set("redis://127.0.0.1:6399/0");
        assertThat(vm.unsavedProperty().get()).isTrue();

        vm.save();
        assertThat(vm.unsavedProperty().get()).isFalse();
        assertThat(reopened.get()).isEqualTo(1);
        assertThat(Files.readString(ws.dir().resolve(Workspace.FILE_NAME))).contains("redis://127.0.0.1:6399/0");

        // edited again after saving, and back: compared with what was saved, not with what was first loaded
        vm.redis().urlProperty().set("redis://127.0.0.1:6400/0");
        assertThat(vm.unsavedProperty().get()).isTrue();
        vm.redis().urlProperty().set("redis://127.0.0.1:6399/0");
        assertThat(vm.unsavedProperty().get()).isFalse();
    }

    @Test
    void aFormThatCannotBeSavedStaysUnsaved() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        vm.redis().modeProperty().set("standalone"); // no URL: the field is wrong

        vm.save();
        assertThat(vm.unsavedProperty().get()).isTrue();
        assertThat(vm.saveBeforeLeaving()).isFalse();
        assertThat(vm.messageProperty().get()).startsWith("Not saved: fix the fields marked in red.");
        assertThat(reopened.get()).isZero();
    }

    @Test
    void revertPutsBackWhatTheFileHasAndDropsATypedKey() {
        SettingsViewModel vm = settings(Fixtures.demo(tmp));
        vm.redis().modeProperty().set("standalone");
        vm.redis().urlProperty().set("redis://127.0.0.1:1/0"); // nothing listens there
        vm.index().backendProperty().set("typesense");
        vm.index().newKeyProperty().set("a-key");
        vm.testRedis(); // a test of the edited URL: its result goes with the edit
        assertThat(vm.tests().redisResultProperty().get()).isNotEmpty();

        vm.revert();
        assertThat(vm.unsavedProperty().get()).isFalse();
        assertThat(vm.redis().modeProperty().get()).isEqualTo("none");
        assertThat(vm.redis().urlProperty().get()).isEmpty();
        assertThat(vm.index().backendProperty().get()).isEqualTo("lucene");
        assertThat(vm.index().newKeyProperty().get()).isEmpty();
        assertThat(vm.tests().redisResultProperty().get()).isEmpty();
        assertThat(vm.errorProperty("redisUrl").get()).isEmpty();
        assertThat(vm.messageProperty().get()).startsWith("Changes discarded");
        assertThat(reopened.get()).isZero();

        vm.readOnlyProperty().set(true); // the message was about the form before this edit
        assertThat(vm.messageProperty().get()).isEmpty();
    }

    @Test
    void savingBeforeLeavingWritesWithoutReopening() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        SettingsViewModel vm = settings(ws);
        assertThat(vm.saveBeforeLeaving()).isTrue(); // nothing to save: nothing in the way
        boolean semantic = !vm.semanticProperty().get();
        vm.semanticProperty().set(semantic);

        assertThat(vm.saveBeforeLeaving()).isTrue();
        assertThat(vm.unsavedProperty().get()).isFalse();
        assertThat(reopened.get()).isZero(); // the window is closing, or opening another workspace
        Workspace again = Fixtures.loader().load(ws.dir());
        assertThat(SemanticSettings.of(again).enabled()).isEqualTo(semantic);
    }
}
