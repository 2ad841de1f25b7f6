package services.tasks;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** Runs each task at once on the calling thread: the twin for tests and the headless CLI. */
public final class SynchronousTaskRunner implements TaskRunner {

    private final List<TaskListener> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean cancelNext;
    private volatile AtomicBoolean current;

    /** Cancels the task running now, from another thread (the headless scheduler's shutdown hook). */
    public void cancelRunning() {
        AtomicBoolean running = current;
        if (running != null) {
            running.set(true);
        }
    }

    /** Makes the next submitted task see itself cancelled from the start (for testing cancel paths). */
    public void cancelNextTask() {
        cancelNext = true;
    }

    @Override
    public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        AtomicBoolean cancelled = new AtomicBoolean(cancelNext);
        cancelNext = false;
        AtomicBoolean outer = current;
        current = cancelled;
        AtomicBoolean done = new AtomicBoolean();
        TaskHandle handle = TaskHandle.of(name, () -> cancelled.set(true), done::get);
        ProgressSink sink = new ProgressSink() {
            @Override
            public void update(double fraction, String message) {
                TaskProgress progress = new TaskProgress(name, fraction, message);
                callbacks.onProgress().accept(progress);
                listeners.forEach(l -> l.progress(handle, progress));
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }
        };
        try {
            T result = Cancellation.within(sink, task);
            done.set(true);
            callbacks.onSuccess().accept(result);
        } catch (TaskCancelledException e) {
            done.set(true);
            callbacks.onCancelled().run();
        } catch (Exception e) {
            done.set(true);
            callbacks.onFailure().accept(e);
        } finally {
            current = outer;
            listeners.forEach(l -> l.finished(handle));
        }
        return handle;
    }

    @Override
    public List<TaskHandle> running() {
        return List.of();
    }

    @Override
    public void addListener(TaskListener listener) {
        listeners.add(listener);
    }
}
