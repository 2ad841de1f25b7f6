package services.workspace;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What an index backend ({@code index.backend} of workspace.json) says about its settings, so that the workspace
 * loader and the Settings form need no backend's name: the name, a one-line description, the form fields it reads,
 * the checks of its keys when workspace.json is read (a {@link WorkspaceException} naming the file and the key) and
 * when the form is saved (field to message). The backends themselves are registered where the composition is made.
 */
public interface IndexBackendKeys {

    /** The value of {@code index.backend} that selects this backend. */
    String name();

    /** One line for the backend choice's hint ("lucene: embedded, no server"). */
    String summary();

    /** The fields of the Settings form this backend reads, in order; none by default. */
    default List<IndexField> fields() {
        return List.of();
    }

    /** Whether the index lives in the workspace's own folder (it can be moved aside and rebuilt from the vault). */
    boolean embedded();

    /** Checks the keys read from {@code file}; throws a {@link WorkspaceException} naming the key that is wrong. */
    default void check(IndexSettings settings, Path file) {
        // a backend that reads none of the index keys checks nothing
    }

    /**
     * What this backend needs of the form's index fields beyond their shape (which {@link ConnectionProfile#problems()}
     * checks for every backend): field key to what is wrong, for the backend chosen in the form; nothing by default.
     */
    default Map<String, String> problems(ConnectionProfile form) {
        return Map.of();
    }
}
