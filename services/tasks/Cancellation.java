package services.tasks;

/**
 * Whether the task running on this thread was cancelled, for work deep below the task that takes no
 * {@link ProgressSink} (an index's search loop weighing candidates). Runners run each task
 * {@linkplain #within within} its sink; {@link #check()} then throws {@link TaskCancelledException} once the task
 * is cancelled, and does nothing on a thread that runs no task. A flag rather than {@link Thread#interrupt}: an
 * interrupt closes the NIO channels an index or a cache is reading, which would break them for every later search.
 */
public final class Cancellation {

    private static final ThreadLocal<ProgressSink> CURRENT = new ThreadLocal<>();

    private Cancellation() {
    }

    /** Runs {@code task} with {@code sink} as this thread's current task (the one before restored after). */
    public static <T> T within(ProgressSink sink, BackgroundTask<T> task) throws Exception {
        ProgressSink outer = CURRENT.get();
        CURRENT.set(sink);
        try {
            return task.run(sink);
        } finally {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** Throws {@link TaskCancelledException} when the task running on this thread was cancelled; call it between units of work. */
    public static void check() {
        ProgressSink sink = CURRENT.get();
        if (sink != null) {
            sink.checkCancelled();
        }
    }
}
