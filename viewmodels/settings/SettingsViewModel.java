package viewmodels.settings;

import javafx.collections.FXCollections;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import services.connections.ConnectionCheck;
import services.errors.ConsoleException;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.workspace.ConnectionProfile;
import services.workspace.Workspace;

/**
 * The Settings screen: the workspace's connection profile as editable fields, a message per field that is wrong
 * (checked as the user types), "Test connection" for Typesense and Redis with their one-line results, and Save,
 * which writes workspace.json (a typed API key goes to a 0600 file and is never shown again) and reopens the
 * workspace with the new connections.
 */
public final class SettingsViewModel {

    public static final List<String> FIELDS = List.of("nodes", "key", "collection", "timeout", "redisUrl", "sentinels",
            "masterName", "cluster", "redisPasswordEnv");

    /** The fields only the Typesense backend reads. */
    static final List<String> TYPESENSE_FIELDS = List.of("nodes", "key", "collection", "timeout");

    private final Workspace workspace;
    private final ConnectionCheck check;
    private final TaskRunner runner;
    private final Map<String, String> env;
    private final Runnable reopen;

    private final StringProperty backend = new SimpleStringProperty();
    private final StringProperty nodes = new SimpleStringProperty();
    private final StringProperty keySource = new SimpleStringProperty();
    private final StringProperty keyEnv = new SimpleStringProperty();
    private final StringProperty keyFile = new SimpleStringProperty();
    private final StringProperty newKey = new SimpleStringProperty("");
    private final StringProperty collection = new SimpleStringProperty();
    private final StringProperty timeout = new SimpleStringProperty();
    private final RedisFields redis = new RedisFields();
    private final BooleanProperty readOnly = new SimpleBooleanProperty();
    private final BooleanProperty semantic = new SimpleBooleanProperty(true);

    private final Map<String, ReadOnlyStringWrapper> errors = new java.util.LinkedHashMap<>();
    private final ReadOnlyStringWrapper keyStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper typesenseResult = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper redisResult = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper typesenseOk = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper redisOk = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyBooleanWrapper typesenseShown = new ReadOnlyBooleanWrapper(false);
    private final javafx.collections.ObservableList<String> backends;

    /** The settings as workspace.json had them: Save writes only the groups of keys that differ from these. */
    private final ConnectionProfile initial;

    public SettingsViewModel(Workspace workspace, ConnectionCheck check, TaskRunner runner, Map<String, String> env,
                             Runnable reopen) {
        this(workspace, check, runner, env, reopen, services.workspace.IndexSettings.SHIPPED_BACKENDS);
    }

    /** With the index backends the console can open, offered in the backend choice (the shipped ones first). */
    public SettingsViewModel(Workspace workspace, ConnectionCheck check, TaskRunner runner, Map<String, String> env,
                             Runnable reopen, List<String> backends) {
        this.backends = FXCollections.unmodifiableObservableList(FXCollections.observableArrayList(backends));
        this.workspace = workspace;
        this.check = check;
        this.runner = runner;
        this.env = env;
        this.reopen = reopen;
        FIELDS.forEach(f -> errors.put(f, new ReadOnlyStringWrapper("")));
        initial = ConnectionProfile.of(workspace);
        load(initial);
        List<javafx.beans.Observable> validated = new java.util.ArrayList<>(List.of(backend, nodes, keySource, keyEnv,
                keyFile, collection, timeout));
        validated.addAll(List.of(redis.validated()));
        validated.forEach(p -> p.addListener(o -> validate()));
        validate();
    }

    private void load(ConnectionProfile p) {
        backend.set(p.backend());
        nodes.set(p.nodes());
        keySource.set(p.keySource());
        keyEnv.set(p.keyEnv());
        keyFile.set(p.keyFile());
        collection.set(p.collection());
        timeout.set(p.timeoutSeconds());
        redis.modeProperty().set(p.redisMode());
        redis.urlProperty().set(p.redisUrl());
        redis.sentinelsProperty().set(p.sentinels());
        redis.masterNameProperty().set(p.masterName());
        redis.clusterProperty().set(p.cluster());
        redis.userProperty().set(p.redisUser());
        redis.tlsProperty().set(p.redisTls());
        redis.passwordEnvProperty().set(p.redisPasswordEnv());
        readOnly.set(p.readOnly());
        semantic.set(p.semantic());
    }

    private ConnectionProfile profile() {
        return new ConnectionProfile(backend.get(), nodes.get(), keySource.get(), keyEnv.get(), keyFile.get(),
                collection.get(), timeout.get(), redis.modeProperty().get(), redis.urlProperty().get(),
                redis.sentinelsProperty().get(), redis.masterNameProperty().get(), redis.clusterProperty().get(),
                redis.userProperty().get(), redis.tlsProperty().get(), redis.passwordEnvProperty().get(), readOnly.get(),
                semantic.get());
    }

    /** Checks every field; each message says what is wrong with that field. */
    public boolean validate() {
        ConnectionProfile p = profile();
        Map<String, String> found = p.problems();
        errors.forEach((field, wrapper) -> wrapper.set(found.getOrDefault(field, "")));
        boolean typesense = services.workspace.IndexSettings.TYPESENSE.equals(backend.get());
        typesenseShown.set(typesense || TYPESENSE_FIELDS.stream().anyMatch(found::containsKey));
        keyStatus.set(typesense ? p.keyStatus(workspace.dir(), env) : "");
        valid.set(found.isEmpty());
        return found.isEmpty();
    }

    public void save() {
        if (!validate()) {
            message.set("Not saved: fix the fields marked in red.");
            return;
        }
        boolean typedKey = newKey.get() != null && !newKey.get().isBlank();
        if (profile().equals(initial) && !typedKey) {
            message.set("Nothing to save: the settings are as " + workspace.dir().resolve(Workspace.FILE_NAME)
                    + " has them.");
            return;
        }
        try {
            profile().save(workspace.dir(), newKey.get(), initial);
            newKey.set("");
            message.set("Saved in " + workspace.dir().resolve(Workspace.FILE_NAME) + ". Reopening the workspace…");
            reopen.run();
        } catch (ConsoleException e) {
            message.set(e.getMessage());
        }
    }

    public void testTypesense() {
        if (!validate()) {
            typesenseOk.set(false);
            typesenseResult.set("Fix the fields marked in red first.");
            return;
        }
        ConnectionProfile p = profile();
        Path dir = workspace.dir();
        String typed = newKey.get();
        typesenseResult.set("Testing…");
        runner.submit("Testing Typesense", progress -> typed == null || typed.isBlank()
                ? check.typesense(p.index(workspace.index().embeddingDimensions()), dir)
                : check.typesenseWithKey(p.index(workspace.index().embeddingDimensions()), typed.strip()),
                TaskCallbacks.<ConnectionCheck.Result>of(r -> {
                    typesenseOk.set(r.ok());
                    typesenseResult.set(r.line());
                }, e -> {
                    typesenseOk.set(false);
                    typesenseResult.set(e.getMessage());
                }));
    }

    public void testRedis() {
        if (!validate()) {
            redisOk.set(false);
            redisResult.set("Fix the fields marked in red first.");
            return;
        }
        ConnectionProfile p = profile();
        redisResult.set("Testing…");
        runner.submit("Testing Redis", progress -> check.redis(p.redis()), TaskCallbacks.<ConnectionCheck.Result>of(r -> {
            redisOk.set(r.ok());
            redisResult.set(r.line());
        }, e -> {
            redisOk.set(false);
            redisResult.set(e.getMessage());
        }));
    }

    public ReadOnlyStringProperty errorProperty(String field) {
        return errors.get(field).getReadOnlyProperty();
    }

    /** The index backends to choose from. */
    public javafx.collections.ObservableList<String> backends() {
        return backends;
    }

    public StringProperty backendProperty() {
        return backend;
    }

    public StringProperty nodesProperty() {
        return nodes;
    }

    public StringProperty keySourceProperty() {
        return keySource;
    }

    public StringProperty keyEnvProperty() {
        return keyEnv;
    }

    public StringProperty keyFileProperty() {
        return keyFile;
    }

    /** A key typed to be saved (into the key file, mode 0600); cleared once saved, never filled from a saved key. */
    public StringProperty newKeyProperty() {
        return newKey;
    }

    public StringProperty collectionProperty() {
        return collection;
    }

    public StringProperty timeoutProperty() {
        return timeout;
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

    /**
     * Whether the Typesense fields (nodes, API key, collection, timeout, its test) apply: the backend is typesense,
     * or one of them is wrong (a value the other backends ignore, shown so it can be fixed before saving).
     */
    public ReadOnlyBooleanProperty typesenseShownProperty() {
        return typesenseShown.getReadOnlyProperty();
    }

    /** Where the Typesense API key comes from and whether it is there; empty when the backend is not typesense. */
    public ReadOnlyStringProperty keyStatusProperty() {
        return keyStatus.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty typesenseResultProperty() {
        return typesenseResult.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty redisResultProperty() {
        return redisResult.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty typesenseOkProperty() {
        return typesenseOk.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty redisOkProperty() {
        return redisOk.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }
}
