package app.compose;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import services.errors.ConsoleException;

/**
 * The global exception handler: logs the stack trace once and hands the user a short message (the service's own
 * message for a {@link ConsoleException}, otherwise what happened and where the log is).
 */
public final class ErrorReporter implements Thread.UncaughtExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorReporter.class);

    private final Path logFile;
    private final Consumer<String> show;
    private volatile boolean shuttingDown;

    public ErrorReporter(Path logFile, Consumer<String> show) {
        this.logFile = logFile;
        this.show = show;
    }

    public void install() {
        Thread.setDefaultUncaughtExceptionHandler(this);
        // SIGTERM / Ctrl+C: JavaFX disposes its graphics pipeline while its thread may still handle an event, which
        // then fails (a NullPointerException in picking). Errors of a closing program are no news for anyone.
        Runtime.getRuntime().addShutdownHook(new Thread(this::shuttingDown, "bc-shutdown-errors"));
    }

    /** From now on the program is closing: uncaught errors are logged in one line, without a stack trace, and not shown. */
    void shuttingDown() {
        shuttingDown = true;
    }

    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        if (shuttingDown) {
            LOG.info("Ignored while shutting down, on thread {}: {}", thread.getName(), error.toString());
            return;
        }
        String message = userMessage(error, logFile);
        LOG.error("Unhandled error on thread {}: {}", thread.getName(), message, error);
        try {
            show.accept(message);
        } catch (RuntimeException ignored) {
            // Showing the message must never raise a second error; it is already logged.
        }
    }

    /** One line for the user: no stack trace, no class names for expected errors. */
    public static String userMessage(Throwable error, Path logFile) {
        Throwable cause = error;
        while (cause.getCause() != null && !(cause instanceof ConsoleException)) {
            cause = cause.getCause();
        }
        if (cause instanceof ConsoleException) {
            return cause.getMessage();
        }
        String text = cause.getMessage() == null ? "" : ": " + cause.getMessage();
        return "Unexpected error (" + cause.getClass().getSimpleName() + text + "). Details are in " + logFile + ".";
    }
}
