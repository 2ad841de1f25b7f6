package viewmodels.settings;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.knowledge.IndexBackend;
import services.workspace.IndexField;

/**
 * The index backends the form offers, each with its own fields: which fields are shown (the chosen backend's, and
 * any other that is wrong, so it can be fixed before saving), whether its key's status applies, and the label of
 * its connection test (none for an embedded index). No backend is named here: they come from the registry.
 */
public final class IndexChoice {

    /**
     * A field as the view builds it: its key, label, hint and empty-field text; {@code lines} for one item a line,
     * {@code secretSource} for where a secret comes from (with its status and a new one to type).
     */
    public record Field(String key, String label, String hint, String prompt, boolean lines, boolean secretSource) {
        static Field of(IndexField f) {
            return new Field(f.key(), f.label(), f.hint(), f.prompt(), f.kind() == IndexField.Kind.LINES,
                    f.kind() == IndexField.Kind.SECRET_SOURCE);
        }
    }

    private final List<IndexBackend> backends;
    private final ObservableList<String> names;
    private final List<Field> fields;
    private final Map<String, ReadOnlyBooleanWrapper> shown = new LinkedHashMap<>();
    private final ReadOnlyStringWrapper testLabel = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper testShown = new ReadOnlyBooleanWrapper(false);

    IndexChoice(List<? extends IndexBackend> backends) {
        this.backends = List.copyOf(backends);
        this.names = FXCollections.unmodifiableObservableList(FXCollections.observableArrayList(
                this.backends.stream().map(IndexBackend::name).toList()));
        Map<String, IndexField> union = new LinkedHashMap<>();
        this.backends.forEach(b -> b.fields().forEach(f -> union.putIfAbsent(f.key(), f)));
        this.fields = union.values().stream().map(Field::of).toList();
        fields.forEach(f -> shown.put(f.key(), new ReadOnlyBooleanWrapper(false)));
    }

    /** The backend of this name, if the registry has it. */
    Optional<IndexBackend> named(String name) {
        return backends.stream().filter(b -> b.name().equals(name)).findFirst();
    }

    /**
     * Shows the fields of {@code chosen}, and all the fields of a backend one of whose fields is wrong (a value the
     * chosen backend ignores, shown so it can be fixed before saving); the test button is the chosen backend's.
     */
    void show(String chosen, Map<String, String> problems) {
        Optional<IndexBackend> backend = named(chosen);
        Set<String> keys = new HashSet<>();
        for (IndexBackend b : backends) {
            List<String> own = b.fields().stream().map(IndexField::key).toList();
            if (b.name().equals(chosen) || own.stream().anyMatch(problems::containsKey)) {
                keys.addAll(own);
            }
        }
        shown.forEach((key, wrapper) -> wrapper.set(keys.contains(key)));
        String label = backend.map(IndexBackend::testLabel).orElse(null);
        testLabel.set(label == null ? "" : label);
        testShown.set(label != null);
    }

    /** Whether the chosen backend reads a secret (its status line applies). */
    boolean secretChosen(String chosen) {
        return named(chosen).map(b -> b.fields().stream().anyMatch(IndexField::secret)).orElse(false);
    }

    /** The backends' names, in the registry's order. */
    public ObservableList<String> names() {
        return names;
    }

    /** Every backend's fields, each once, in the order the backends list them. */
    public List<Field> fields() {
        return fields;
    }

    /** One line per backend for the choice's hint. */
    public String hint() {
        return String.join(" · ", backends.stream().map(IndexBackend::summary).toList());
    }

    /** Whether the field of this key applies now (false for a key no backend has). */
    public ReadOnlyBooleanProperty shownProperty(String key) {
        ReadOnlyBooleanWrapper wrapper = shown.get(key);
        return wrapper == null ? new ReadOnlyBooleanWrapper(false).getReadOnlyProperty() : wrapper.getReadOnlyProperty();
    }

    /** The chosen backend's test button label; empty when it has nothing to test. */
    public ReadOnlyStringProperty testLabelProperty() {
        return testLabel.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty testShownProperty() {
        return testShown.getReadOnlyProperty();
    }
}
