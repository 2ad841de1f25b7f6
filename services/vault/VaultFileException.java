package services.vault;

import services.errors.ConsoleException;
import services.text.PlainText;
import services.text.TerminalText;

/**
 * One vault file that cannot be used, with the reason; a sync reports it and goes on with the next file. The reason
 * is one line, escaped ({@code \\x1B} as on a terminal, line breaks as {@code \\n}, {@code \\u2028}) and bounded
 * whatever values from the file it quotes ({@link PlainText#line}).
 */
public class VaultFileException extends ConsoleException {

    /** The longest reason kept: a file's value quoted whole would be a wall of text. */
    static final int MAX_REASON = 600;

    private final String reason;

    public VaultFileException(String reason) {
        this(PlainText.line(TerminalText.safe(reason), MAX_REASON), true);
    }

    private VaultFileException(String reason, boolean checked) {
        super(reason);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
