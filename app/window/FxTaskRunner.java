package app.window;

import app.compose.BackgroundThreads;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import services.tasks.BackgroundTask;
import services.tasks.Cancellation;
import services.tasks.ProgressSink;
import services.tasks.TaskCallbacks;
import services.tasks.TaskCancelledException;
import services.tasks.TaskHandle;
import services.tasks.TaskProgress;
import services.tasks.TaskRunner;

/**
 * The window's task runner: work runs on a small pool of daemon threads; progress, results and failures are
 * delivered on the FX thread. Progress is coalesced so a chatty task cannot flood the FX event queue.
 */
public final class FxTaskRunner implements TaskRunner, AutoCloseable {

    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "bc-task-" + threadNumber.incrementAndGet());
        t.setDaemon(true);
        return t;
    });
    /** Long background work (a sync, the embedding backfill): one thread that yields the CPU to the window's. */
    private final ExecutorService longLane = Executors.newSingleThreadExecutor(
            BackgroundThreads.named("bc-long-task"));
    private final List<TaskHandle> running = new CopyOnWriteArrayList<>();
    private final List<TaskListener> listeners = new CopyOnWriteArrayList<>();

    @Override
    public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        return submitTo(pool, name, task, callbacks);
    }

    @Override
    public <T> TaskHandle submitLong(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        return submitTo(longLane, name, task, callbacks);
    }

    private <T> TaskHandle submitTo(ExecutorService lane, String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        Handle handle = new Handle(name);
        running.add(handle);
        handle.future = lane.submit(() -> runTask(handle, task, callbacks));
        return handle;
    }

    private <T> void runTask(Handle handle, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        AtomicReference<TaskProgress> pending = new AtomicReference<>();
        ProgressSink sink = new ProgressSink() {
            @Override
            public void update(double fraction, String message) {
                if (pending.getAndSet(new TaskProgress(handle.name, fraction, message)) == null) {
                    Platform.runLater(() -> {
                        TaskProgress latest = pending.getAndSet(null);
                        if (latest != null) {
                            callbacks.onProgress().accept(latest);
                            listeners.forEach(l -> l.progress(handle, latest));
                        }
                    });
                }
            }

            @Override
            public boolean isCancelled() {
                return handle.cancelled.get();
            }
        };
        Runnable outcome;
        try {
            sink.checkCancelled(); // cancelled while it waited for a thread (a superseded search): never started
            T result = Cancellation.within(sink, task);
            outcome = handle.cancelled.get() ? callbacks.onCancelled() : () -> callbacks.onSuccess().accept(result);
        } catch (TaskCancelledException | InterruptedException e) {
            outcome = callbacks.onCancelled();
        } catch (Exception | LinkageError e) {
            outcome = () -> callbacks.onFailure().accept(e);
        }
        Runnable finish = outcome;
        Platform.runLater(() -> {
            running.remove(handle);
            handle.done.set(true);
            finish.run();
            listeners.forEach(l -> l.finished(handle));
        });
    }

    @Override
    public List<TaskHandle> running() {
        return List.copyOf(running);
    }

    @Override
    public void addListener(TaskListener listener) {
        listeners.add(listener);
    }

    @Override
    public void close() {
        running.forEach(TaskHandle::cancel);
        pool.shutdownNow();
        longLane.shutdownNow();
    }

    private static final class Handle implements TaskHandle {
        final String name;
        final AtomicBoolean cancelled = new AtomicBoolean();
        final AtomicBoolean done = new AtomicBoolean();
        volatile Future<?> future;

        Handle(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void cancel() {
            cancelled.set(true);
        }

        @Override
        public boolean isDone() {
            return done.get();
        }
    }
}
