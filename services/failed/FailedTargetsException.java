package services.failed;

import services.errors.ConsoleException;

/** A failed-targets store could not be read or written; the message names the store and the reason. */
public class FailedTargetsException extends ConsoleException {
    public FailedTargetsException(String message) {
        super(message);
    }

    public FailedTargetsException(String message, Throwable cause) {
        super(message, cause);
    }
}
