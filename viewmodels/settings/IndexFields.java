package viewmodels.settings;

import javafx.beans.Observable;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import services.workspace.ConnectionProfile;

/**
 * The knowledge index part of the Settings form: the backend and the keys of {@code index} a backend may read (its
 * {@code IndexField}s): the nodes, where the API key comes from (a variable or a file), a key typed to be saved, the
 * collection and the timeout.
 */
public final class IndexFields {

    private final StringProperty backend = new SimpleStringProperty();
    private final StringProperty nodes = new SimpleStringProperty();
    private final StringProperty keySource = new SimpleStringProperty();
    private final StringProperty keyEnv = new SimpleStringProperty();
    private final StringProperty keyFile = new SimpleStringProperty();
    private final StringProperty newKey = new SimpleStringProperty("");
    private final StringProperty collection = new SimpleStringProperty();
    private final StringProperty timeout = new SimpleStringProperty();

    /** Fills the fields from {@code p}; a typed key is dropped. */
    void load(ConnectionProfile p) {
        backend.set(p.backend());
        nodes.set(p.nodes());
        keySource.set(p.keySource());
        keyEnv.set(p.keyEnv());
        keyFile.set(p.keyFile());
        collection.set(p.collection());
        timeout.set(p.timeoutSeconds());
        newKey.set("");
    }

    /** Whether a key is typed to be saved. */
    boolean typedKey() {
        return newKey.get() != null && !newKey.get().isBlank();
    }

    /** The fields checked as they are typed (all but the typed key, which has no rule). */
    Observable[] validated() {
        return new Observable[] {backend, nodes, keySource, keyEnv, keyFile, collection, timeout};
    }

    /** The text of a one-value field by its key ({@code nodes}, {@code collection}, {@code timeout}), or null. */
    public StringProperty text(String key) {
        return switch (key) {
            case "nodes" -> nodes;
            case "collection" -> collection;
            case "timeout" -> timeout;
            default -> null;
        };
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
}
