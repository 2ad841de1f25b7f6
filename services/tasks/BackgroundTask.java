package services.tasks;

/** Blocking work to run off the UI thread. It reports progress and checks for cancellation through the sink. */
@FunctionalInterface
public interface BackgroundTask<T> {
    T run(ProgressSink progress) throws Exception;
}
