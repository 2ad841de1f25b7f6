package viewmodels.shell;

import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.tasks.TaskHandle;
import services.tasks.TaskProgress;
import services.tasks.TaskRunner;

/**
 * The background task the status bar shows: what runs ("Sync: system/brain/…") — its name and its detail apart,
 * so a narrow window can keep the name whole and cut the detail —, how far it is, whether any runs;
 * when one ends, the next still running takes its place. Cancel cancels every running task.
 */
public final class TaskStatus {

    private final TaskRunner runner;
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper name = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);

    TaskStatus(TaskRunner runner) {
        this.runner = runner;
        runner.addListener(new TaskRunner.TaskListener() {
            @Override
            public void progress(TaskHandle handle, TaskProgress at) {
                running.set(true);
                message.set(at.taskName() + (at.message().isEmpty() ? "" : ": " + at.message()));
                name.set(at.taskName());
                detail.set(at.message());
                progress.set(at.fraction());
            }

            @Override
            public void finished(TaskHandle handle) {
                List<TaskHandle> still = runner.running();
                running.set(!still.isEmpty());
                message.set(still.isEmpty() ? "" : still.get(0).name());
                name.set(message.get());
                detail.set("");
                progress.set(-1);
            }
        });
    }

    /** Cancels every running task (the status bar's Cancel). */
    public void cancelAll() {
        runner.running().forEach(TaskHandle::cancel);
    }

    /** The whole of it: "Embedding documents: embedding the sentences of 45 of 117 documents". */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Which task runs ("Embedding documents"): the short form, shown whole where the whole message does not fit. */
    public ReadOnlyStringProperty nameProperty() {
        return name.getReadOnlyProperty();
    }

    /** How far it is ("embedding the sentences of 45 of 117 documents"), empty when it said nothing yet. */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
