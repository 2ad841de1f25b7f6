package services.tasks;

/** A submitted task. Cancelling is cooperative: the task stops at its next {@link ProgressSink#checkCancelled()}. */
public interface TaskHandle {
    String name();

    void cancel();

    boolean isDone();
}
