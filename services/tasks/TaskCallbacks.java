package services.tasks;

import java.util.function.Consumer;

/**
 * Where a task's outcome goes. The runner calls these on the thread that owns the UI (the FX thread in the
 * window, the calling thread in tests and the CLI), so view models may update their properties directly.
 */
public record TaskCallbacks<T>(
        Consumer<? super T> onSuccess,
        Consumer<Throwable> onFailure,
        Runnable onCancelled,
        Consumer<TaskProgress> onProgress) {

    public static <T> TaskCallbacks<T> of(Consumer<? super T> onSuccess, Consumer<Throwable> onFailure) {
        return new TaskCallbacks<>(onSuccess, onFailure, () -> { }, p -> { });
    }

    public TaskCallbacks<T> withProgress(Consumer<TaskProgress> listener) {
        return new TaskCallbacks<>(onSuccess, onFailure, onCancelled, listener);
    }

    public TaskCallbacks<T> withCancelled(Runnable listener) {
        return new TaskCallbacks<>(onSuccess, onFailure, listener, onProgress);
    }
}
