package services.amendments;

import java.util.List;
import services.errors.ConsoleException;

/** A revert was refused or failed; nothing was half-applied. {@code paths} lists conflicting files, if any. */
public class AmendmentException extends ConsoleException {

    private final List<String> paths;

    public AmendmentException(String message) {
        this(message, List.of());
    }

    public AmendmentException(String message, List<String> paths) {
        super(message);
        this.paths = List.copyOf(paths);
    }

    public List<String> paths() {
        return paths;
    }
}
