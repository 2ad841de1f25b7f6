package services.workspace;

import services.errors.ConsoleException;

/** A workspace could not be opened or written; the message names the key or file and the path. */
public class WorkspaceException extends ConsoleException {
    public WorkspaceException(String message) {
        super(message);
    }

    public WorkspaceException(String message, Throwable cause) {
        super(message, cause);
    }
}
