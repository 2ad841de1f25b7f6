package services.review.caps;

import services.errors.ConsoleException;

/** A cap setting that cannot be read, or a capped file that cannot be counted; the message names the key or file. */
public final class CapException extends ConsoleException {
    public CapException(String message) {
        super(message);
    }
}
