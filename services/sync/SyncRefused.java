package services.sync;

import java.util.List;
import services.errors.ConsoleException;

/**
 * A sync that did not start because it would lose documents: a root that is missing or empty (an unmounted share,
 * a wrong path) or a deletion larger than the workspace allows. Nothing was written or deleted.
 * {@link #massDelete()} is true when confirming (the window) or {@code --allow-mass-delete} (the CLI) lets it run.
 */
public final class SyncRefused extends ConsoleException {

    private final boolean massDelete;
    private final List<String> details;

    public SyncRefused(String message, boolean massDelete, List<String> details) {
        super(message);
        this.massDelete = massDelete;
        this.details = List.copyOf(details);
    }

    public boolean massDelete() {
        return massDelete;
    }

    /** One line per source that would lose files (with a few of their names), or per missing root. */
    public List<String> details() {
        return details;
    }
}
