package services.brain;

import services.errors.ConsoleException;

/** critical.db cannot be read: missing, locked, of another schema, or not a SQLite file — said in words. */
public final class CriticalDbUnavailable extends ConsoleException {
    public CriticalDbUnavailable(String message) {
        super(message);
    }

    public CriticalDbUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
