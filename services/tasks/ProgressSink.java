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

    /**
     * Waits {@code millis} (a search settling while the user types), waking early to throw
     * {@link TaskCancelledException} when the task is cancelled meanwhile.
     */
    default void pause(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        for (long left = millis; left > 0; left = (end - System.nanoTime()) / 1_000_000L) {
            checkCancelled();
            try {
                Thread.sleep(Math.min(10, left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TaskCancelledException();
            }
        }
        checkCancelled();
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
