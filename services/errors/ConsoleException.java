package services.errors;

/**
 * Base of every exception a service throws on purpose. Its message is written for the user: it names the
 * file, key or id concerned and the reason, and never holds a secret or a stack trace.
 */
public class ConsoleException extends RuntimeException {
    public ConsoleException(String message) {
        super(message);
    }

    public ConsoleException(String message, Throwable cause) {
        super(message, cause);
    }
}
