package services.tasks;

import java.util.function.BooleanSupplier;

/** A submitted task. Cancelling is cooperative: the task stops at its next {@link ProgressSink#checkCancelled()}. */
public interface TaskHandle {
    String name();

    void cancel();

    boolean isDone();

    /** A handle named {@code name} whose cancel runs {@code cancel} and whose state is {@code done}. */
    static TaskHandle of(String name, Runnable cancel, BooleanSupplier done) {
        return new TaskHandle() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void cancel() {
                cancel.run();
            }

            @Override
            public boolean isDone() {
                return done.getAsBoolean();
            }
        };
    }
}
