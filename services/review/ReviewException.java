package services.review;

import services.errors.ConsoleException;

/** A review action was refused or failed; the message names the proposal (and path) and says why. */
public class ReviewException extends ConsoleException {
    public ReviewException(String message) {
        super(message);
    }

    public ReviewException(String message, Throwable cause) {
        super(message, cause);
    }
}
