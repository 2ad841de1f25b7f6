package services.tasks;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tasks of which only the newest matters (a search as the user types): at most one runs and one waits. A task
 * submitted while another runs takes the waiting place — the task waiting there before is dropped unrun — and
 * the running one is cancelled (cooperatively: it stops at its next {@link ProgressSink#checkCancelled()} or
 * {@link Cancellation#check()}). When the running task ends, the waiting one starts; the outcome of a task that
 * was superseded is never delivered, the newest task's always is. Submit and take callbacks on the runner's UI
 * thread (the calling thread for {@link SynchronousTaskRunner}).
 */
public final class CoalescingTasks<T> {

    private final TaskRunner runner;
    private final String name;
    private Object running; // the token of the task running now, or null
    private AtomicBoolean runningStop; // set when the running task is superseded
    private Waiting<T> waiting;
    private long started;
    private long superseded;

    private record Waiting<T>(BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
    }

    public CoalescingTasks(TaskRunner runner, String name) {
        this.runner = runner;
        this.name = name;
    }

    /** Runs {@code task} now if none runs, else after the running one, in place of any task waiting. */
    public void submit(BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        Waiting<T> next = new Waiting<>(task, callbacks);
        if (running == null) {
            start(next);
            return;
        }
        if (waiting != null) {
            superseded++;
        }
        waiting = next;
        runningStop.set(true);
    }

    /** How many tasks were started so far (a superseded task that never got a thread counts as started). */
    public long started() {
        return started;
    }

    /** How many tasks were dropped unstarted because a newer one took their waiting place. */
    public long superseded() {
        return superseded;
    }

    private void start(Waiting<T> next) {
        Object token = new Object();
        AtomicBoolean stop = new AtomicBoolean();
        running = token;
        runningStop = stop;
        started++;
        TaskCallbacks<T> callbacks = next.callbacks();
        runner.submit(name, progress -> {
            ProgressSink sink = new ProgressSink() {
                @Override
                public void update(double fraction, String message) {
                    progress.update(fraction, message);
                }

                @Override
                public boolean isCancelled() {
                    return stop.get() || progress.isCancelled();
                }
            };
            sink.checkCancelled(); // superseded while it waited for a thread: never started
            return Cancellation.within(sink, next.task());
        }, new TaskCallbacks<>(
                result -> ended(token, () -> callbacks.onSuccess().accept(result)),
                error -> ended(token, () -> callbacks.onFailure().accept(error)),
                () -> ended(token, callbacks.onCancelled()),
                progress -> {
                    if (running == token && waiting == null) {
                        callbacks.onProgress().accept(progress);
                    }
                }));
    }

    private void ended(Object token, Runnable deliver) {
        if (running != token) {
            return;
        }
        running = null;
        runningStop = null;
        if (waiting != null) {
            Waiting<T> next = waiting;
            waiting = null;
            start(next);
        } else {
            deliver.run();
        }
    }
}
