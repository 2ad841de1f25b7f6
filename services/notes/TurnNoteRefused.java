package services.notes;

import services.errors.ConsoleException;

/** The request breaks the turn-write contract; {@code code} is the contract's reason code. Nothing was written. */
public class TurnNoteRefused extends ConsoleException {

    private final String code;

    public TurnNoteRefused(String code, String message) {
        super(code + ": " + message);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
