package services.notes;

import services.errors.ConsoleException;

/** The request breaks the turn-write contract; {@code code} is the contract's reason code. Nothing was written. */
public class TurnNoteRefused extends ConsoleException {

    private final String code;
    private final String reason;

    public TurnNoteRefused(String code, String message) {
        super(code + ": " + message);
        this.code = code;
        this.reason = message;
    }

    /** Why, in words, without the code. */
    public String reason() {
        return reason;
    }

    public String code() {
        return code;
    }
}
