package viewmodels.settings;

import java.nio.file.Path;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.connections.ConnectionCheck;
import services.knowledge.IndexBackend;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.workspace.ConnectionProfile;

/**
 * The Settings screen's two Test buttons, the index backend's and Redis: each checks the connection the form
 * describes, in the background, and shows a one-line result (and whether it succeeded) beside its button.
 */
public final class ConnectionTests {

    static final String FIX_FIRST = "Fix the fields marked in red first.";

    private final ConnectionCheck check;
    private final TaskRunner runner;
    private final Line index = new Line();
    private final Line redis = new Line();

    ConnectionTests(ConnectionCheck check, TaskRunner runner) {
        this.check = check;
        this.runner = runner;
    }

    /** Tests the backend with the form's index settings and the key typed (blank: the key it would read itself). */
    void index(IndexBackend backend, ConnectionProfile profile, int embeddingDimensions, Path workspaceDir,
               String typedKey) {
        index.testing();
        runner.submit("Testing " + backend.name(), progress -> check.index(backend,
                profile.index(embeddingDimensions), workspaceDir, typedKey), index.callbacks());
    }

    void redis(ConnectionProfile profile) {
        redis.testing();
        runner.submit("Testing Redis", progress -> check.redis(profile.redis()), redis.callbacks());
    }

    /** A test not run because a field is wrong: its line says to fix the fields first. */
    void refuseIndex() {
        index.show(false, FIX_FIRST);
    }

    void refuseRedis() {
        redis.show(false, FIX_FIRST);
    }

    /** Empties both lines (the fields they were about are no longer in the form). */
    void clear() {
        index.show(false, "");
        redis.show(false, "");
    }

    public ReadOnlyStringProperty indexResultProperty() {
        return index.text.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty indexOkProperty() {
        return index.ok.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty redisResultProperty() {
        return redis.text.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty redisOkProperty() {
        return redis.ok.getReadOnlyProperty();
    }

    /** One test's result line. */
    private static final class Line {
        final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
        final ReadOnlyBooleanWrapper ok = new ReadOnlyBooleanWrapper();

        void testing() {
            text.set("Testing…");
        }

        void show(boolean success, String line) {
            ok.set(success);
            text.set(line);
        }

        TaskCallbacks<ConnectionCheck.Result> callbacks() {
            return TaskCallbacks.of(r -> show(r.ok(), r.line()), e -> show(false, e.getMessage()));
        }
    }
}
