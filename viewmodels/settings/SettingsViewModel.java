package viewmodels.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ObservableList;
import services.connections.ConnectionCheck;
import services.errors.ConsoleException;
import services.knowledge.IndexBackend;
import services.tasks.TaskRunner;
import services.workspace.ConnectionProfile;
import services.workspace.Workspace;

/**
 * The Settings screen: the workspace's connection profile as editable fields, a message per field that is wrong
 * (checked as the user types), "Test connection" for the index backend (when it has something to reach) and Redis
 * with their one-line results, Save, which
 * writes workspace.json (a typed API key goes to a 0600 file and is never shown again) and reopens the workspace
 * with the new connections, and Revert, which puts back what the file has. {@link #unsavedProperty()} says whether
 * the form differs from the file: an edit typed back to the saved value is no change.
 */
public final class SettingsViewModel {

    public static final List<String> FIELDS = List.of("nodes", "key", "collection", "timeout", "redisUrl", "sentinels",
            "masterName", "cluster", "redisPasswordEnv");

    private final Workspace workspace;
    private final ConnectionTests tests;
    private final Map<String, String> env;
    private final Runnable reopen;

    private final IndexFields index = new IndexFields();
    private final RedisFields redis = new RedisFields();
    private final BooleanProperty readOnly = new SimpleBooleanProperty();
    private final BooleanProperty semantic = new SimpleBooleanProperty(true);

    private final Map<String, ReadOnlyStringWrapper> errors = new LinkedHashMap<>();
    private final ReadOnlyStringWrapper keyStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyBooleanWrapper unsaved = new ReadOnlyBooleanWrapper(false);
    private final IndexChoice backends;

    /** The settings as workspace.json has them: Save writes only the groups of keys that differ from these. */
    private ConnectionProfile saved;

    /**
     * With the index backends the console can open (the registry's, shipped ones first), offered in the backend
     * choice, each bringing its own fields, checks and connection test.
     */
    public SettingsViewModel(Workspace workspace, ConnectionCheck check, TaskRunner runner, Map<String, String> env,
                             Runnable reopen, List<? extends IndexBackend> backends) {
        this.backends = new IndexChoice(backends);
        this.workspace = workspace;
        this.tests = new ConnectionTests(check, runner);
        this.env = env;
        this.reopen = reopen;
        FIELDS.forEach(f -> errors.put(f, new ReadOnlyStringWrapper("")));
        saved = ConnectionProfile.of(workspace);
        load(saved);
        List<Observable> validated = new ArrayList<>(List.of(index.validated()));
        validated.addAll(List.of(redis.validated()));
        validated.forEach(p -> p.addListener(o -> validate()));
        List<Observable> edited = new ArrayList<>(validated);
        edited.addAll(List.of(redis.unchecked()));
        edited.addAll(List.of(index.newKeyProperty(), readOnly, semantic));
        edited.forEach(p -> p.addListener(o -> {
            unsaved.set(differsFromSaved());
            message.set(""); // "Saved", "Not saved: fix…", "Changes discarded" were about the form before this edit
        }));
        validate();
    }

    private void load(ConnectionProfile p) {
        index.load(p);
        redis.load(p);
        readOnly.set(p.readOnly());
        semantic.set(p.semantic());
    }

    private ConnectionProfile profile() {
        return new ConnectionProfile(index.backendProperty().get(), index.nodesProperty().get(),
                index.keySourceProperty().get(), index.keyEnvProperty().get(), index.keyFileProperty().get(),
                index.collectionProperty().get(), index.timeoutProperty().get(), redis.modeProperty().get(),
                redis.urlProperty().get(), redis.sentinelsProperty().get(), redis.masterNameProperty().get(),
                redis.clusterProperty().get(), redis.userProperty().get(), redis.tlsProperty().get(),
                redis.passwordEnvProperty().get(), readOnly.get(), semantic.get());
    }

    /** Whether Save would write anything: a field that differs from the file, or a key typed to be saved. */
    private boolean differsFromSaved() {
        return !profile().equals(saved) || index.typedKey();
    }

    /** Checks every field; each message says what is wrong with that field. */
    public boolean validate() {
        ConnectionProfile p = profile();
        String chosen = index.backendProperty().get();
        Map<String, String> found = backends.named(chosen).map(p::problems).orElseGet(p::problems);
        errors.forEach((field, wrapper) -> wrapper.set(found.getOrDefault(field, "")));
        backends.show(chosen, found);
        keyStatus.set(backends.secretChosen(chosen) ? p.keyStatus(workspace.dir(), env) : "");
        valid.set(found.isEmpty());
        return found.isEmpty();
    }

    /** Saves the changed keys into workspace.json and reopens the workspace with them. */
    public void save() {
        if (write()) {
            message.set("Saved in " + Workspace.FILE_NAME + ". Reopening the workspace…");
            reopen.run();
        }
    }

    /**
     * Saves without reopening the workspace, for a window that is closing or opening another workspace: true when
     * nothing is left unsaved (saved now, or nothing to save); false when a field is wrong or the file could not be
     * written, which the message says.
     */
    public boolean saveBeforeLeaving() {
        return !unsaved.get() || write();
    }

    /** Writes the form into workspace.json: true when it did; otherwise the message says why not. */
    private boolean write() {
        if (!validate()) {
            message.set("Not saved: fix the fields marked in red.");
            return false;
        }
        if (!differsFromSaved()) {
            message.set("Nothing to save: the fields are as " + Workspace.FILE_NAME + " has them.");
            return false;
        }
        try {
            ConnectionProfile written = profile();
            IndexBackend chosen = backends.named(written.backend()).orElseThrow(() -> new ConsoleException(
                    "Not saved: \"" + written.backend() + "\" is not an index backend this console knows."));
            written.save(workspace.dir(), index.newKeyProperty().get(), saved, chosen);
            saved = written;
            index.newKeyProperty().set(""); // in its file now: the form is as saved
            unsaved.set(differsFromSaved());
            message.set("Saved in " + Workspace.FILE_NAME + ".");
            return true;
        } catch (ConsoleException e) {
            message.set(e.getMessage());
            return false;
        }
    }

    /** Puts back the settings workspace.json has, dropping every edit and a typed key; the test results go too. */
    public void revert() {
        if (!unsaved.get()) {
            return;
        }
        load(saved);
        tests.clear();
        message.set("Changes discarded: the fields are as " + Workspace.FILE_NAME + " has them.");
    }

    /** Tests the chosen index backend's connection with the form's settings and a typed key, if any. */
    public void testIndex() {
        if (!validate()) {
            tests.refuseIndex();
            return;
        }
        backends.named(index.backendProperty().get()).ifPresent(b -> tests.index(b, profile(),
                workspace.index().embeddingDimensions(), workspace.dir(), index.newKeyProperty().get()));
    }

    public void testRedis() {
        if (!validate()) {
            tests.refuseRedis();
            return;
        }
        tests.redis(profile());
    }

    public ReadOnlyStringProperty errorProperty(String field) {
        return errors.get(field).getReadOnlyProperty();
    }

    /** The index backends to choose from, by name. */
    public ObservableList<String> backends() {
        return backends.names();
    }

    /** The backends' fields, which of them apply, and the chosen backend's test. */
    public IndexChoice indexChoice() {
        return backends;
    }

    /** The knowledge index fields of the form (the backend; the nodes, key, collection, timeout it may read). */
    public IndexFields index() {
        return index;
    }

    /** The Redis fields of the form. */
    public RedisFields redis() {
        return redis;
    }

    public BooleanProperty readOnlyProperty() {
        return readOnly;
    }

    public BooleanProperty semanticProperty() {
        return semantic;
    }

    /** The Test buttons' result lines. */
    public ConnectionTests tests() {
        return tests;
    }

    /** Where the backend's API key comes from and whether it is there; empty when the backend reads no secret. */
    public ReadOnlyStringProperty keyStatusProperty() {
        return keyStatus.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /**
     * Whether the form differs from workspace.json (a typed API key counts): true from the first edit until it is
     * saved, reverted, or typed back to what the file has.
     */
    public ReadOnlyBooleanProperty unsavedProperty() {
        return unsaved.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }
}
