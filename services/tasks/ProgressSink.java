package services.tasks;

/** What a running task may tell its runner, and ask of it. */
public interface ProgressSink {

    /** @param fraction 0..1, or a negative number when the amount of work is unknown */
    void update(double fraction, String message);

    boolean isCancelled();

    /** Throws {@link TaskCancelledException} when the user cancelled; call it between units of work. */
    default void checkCancelled() {
        if (isCancelled() || Thread.currentThread().isInterrupted()) {
            throw new TaskCancelledException();
        }
    }

    ProgressSink NONE = new ProgressSink() {
        @Override
        public void update(double fraction, String message) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };
}
