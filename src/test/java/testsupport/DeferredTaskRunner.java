package testsupport;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import services.tasks.BackgroundTask;
import services.tasks.Cancellation;
import services.tasks.ProgressSink;
import services.tasks.TaskCallbacks;
import services.tasks.TaskCancelledException;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;

/**
 * The synchronous runner held back: a submitted task waits until the test runs it ({@link #runNext}, {@link
 * #runAll}), on the test's thread, its callbacks delivered at once — as the window's pool would run it later, but
 * deterministic. What a task does while it runs (more keystrokes arriving) the test writes into the task itself.
 */
public final class DeferredTaskRunner implements TaskRunner {

    private record Queued<T>(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks, AtomicBoolean cancelled,
                             AtomicBoolean done) {
    }

    private final Deque<Queued<?>> queue = new ArrayDeque<>();
    /** How many tasks this runner ran (a task that threw TaskCancelledException counts too). */
    public int ran;

    @Override
    public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        Queued<T> q = new Queued<>(name, task, callbacks, new AtomicBoolean(), new AtomicBoolean());
        queue.add(q);
        return TaskHandle.of(name, () -> q.cancelled().set(true), q.done()::get);
    }

    /** How many tasks are waiting to run. */
    public int waiting() {
        return queue.size();
    }

    /** Runs the oldest waiting task and delivers its outcome; false when none waits. */
    public boolean runNext() {
        Queued<?> q = queue.poll();
        if (q == null) {
            return false;
        }
        run(q);
        return true;
    }

    /** Runs waiting tasks (and those they submit) until none waits. */
    public void runAll() {
        while (runNext()) {
            // the next
        }
    }

    private <T> void run(Queued<T> q) {
        ProgressSink sink = new ProgressSink() {
            @Override
            public void update(double fraction, String message) {
            }

            @Override
            public boolean isCancelled() {
                return q.cancelled().get();
            }
        };
        ran++;
        try {
            T out = Cancellation.within(sink, q.task());
            q.done().set(true);
            q.callbacks().onSuccess().accept(out);
        } catch (TaskCancelledException e) {
            q.done().set(true);
            q.callbacks().onCancelled().run();
        } catch (Exception e) {
            q.done().set(true);
            q.callbacks().onFailure().accept(e);
        }
    }

    @Override
    public List<TaskHandle> running() {
        return List.of();
    }

    @Override
    public void addListener(TaskListener listener) {
    }
}
