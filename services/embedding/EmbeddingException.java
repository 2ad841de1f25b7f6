package services.embedding;

import services.errors.ConsoleException;

/** The embedding model could not be loaded or run; the message says why, for a user. */
public final class EmbeddingException extends ConsoleException {

    public EmbeddingException(String message, Throwable cause) {
        super(message, cause);
    }

    public EmbeddingException(String message) {
        super(message);
    }
}
