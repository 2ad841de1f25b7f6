package services.vault;

import services.errors.ConsoleException;

/** One vault file that cannot be used, with the reason; a sync reports it and goes on with the next file. */
public class VaultFileException extends ConsoleException {

    private final String reason;

    public VaultFileException(String reason) {
        super(reason);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
