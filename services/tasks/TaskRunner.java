package services.tasks;

import java.util.List;

/**
 * The one way the console runs work in the background. The window injects a runner backed by a thread pool
 * that delivers callbacks on the FX thread; tests and the CLI inject {@link SynchronousTaskRunner}.
 */
public interface TaskRunner {

    <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks);

    /**
     * Work that may take minutes and must never delay the rest (embedding a whole index): a runner with a pool
     * runs it on a lane of its own, so searches and other tasks go on meanwhile.
     */
    default <T> TaskHandle submitLong(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        return submit(name, task, callbacks);
    }

    /** Tasks submitted and not yet finished, oldest first, for the status bar. */
    List<TaskHandle> running();

    /** Listeners hear about every task's progress and end; called on the UI thread. */
    void addListener(TaskListener listener);

    interface TaskListener {
        void progress(TaskHandle handle, TaskProgress progress);

        void finished(TaskHandle handle);
    }
}
