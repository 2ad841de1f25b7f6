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
 * The background task the status bar shows: what runs ("Sync: system/brain/…"), how far it is, whether any runs;
 * when one ends, the next still running takes its place. Cancel cancels every running task.
 */
public final class TaskStatus {

    private final TaskRunner runner;
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);

    TaskStatus(TaskRunner runner) {
        this.runner = runner;
        runner.addListener(new TaskRunner.TaskListener() {
            @Override
            public void progress(TaskHandle handle, TaskProgress at) {
                running.set(true);
                message.set(at.taskName() + (at.message().isEmpty() ? "" : ": " + at.message()));
                progress.set(at.fraction());
            }

            @Override
            public void finished(TaskHandle handle) {
                List<TaskHandle> still = runner.running();
                running.set(!still.isEmpty());
                message.set(still.isEmpty() ? "" : still.get(0).name());
                progress.set(-1);
            }
        });
    }

    /** Cancels every running task (the status bar's Cancel). */
    public void cancelAll() {
        runner.running().forEach(TaskHandle::cancel);
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
