package services.review.remote;

import services.review.ReviewException;

/** The remote did not answer (no network, host down, connection cut): normal, the push waits. */
public final class RemoteUnreachable extends ReviewException {
    public RemoteUnreachable(String message, Throwable cause) {
        super(message, cause);
    }
}
