package services.knowledge;

import services.errors.ConsoleException;

/** The index could not be read or written; the message says which index and why. */
public class KnowledgeIndexException extends ConsoleException {
    public KnowledgeIndexException(String message, Throwable cause) {
        super(message, cause);
    }

    public KnowledgeIndexException(String message) {
        super(message);
    }
}
