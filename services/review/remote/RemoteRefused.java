package services.review.remote;

import services.review.ReviewException;

/**
 * The remote answered but refused: credentials missing or wrong, a key file others can read, an unknown host key.
 * Retrying will not help until the user changes something; the message says what.
 */
public final class RemoteRefused extends ReviewException {
    public RemoteRefused(String message) {
        super(message);
    }

    public RemoteRefused(String message, Throwable cause) {
        super(message, cause);
    }
}
