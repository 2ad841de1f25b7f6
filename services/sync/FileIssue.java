package services.sync;

import services.text.PlainText;
import services.text.TerminalText;

/** A file the sync could not use (error) or used with a remark (warning), by path relative to its root. */
public record FileIssue(String path, String reason) {

    /** The longest path and reason shown on a line: an agent names the files, and writes what the reasons quote. */
    private static final int MAX_PATH = 300;
    private static final int MAX_REASON = 700;

    /**
     * "path: reason" for one line of a listing, escaped and bounded ({@link PlainText#line}): a file named with a
     * line break or U+2028 by an agent cannot print a second, forged line.
     */
    public String line() {
        return PlainText.line(TerminalText.safe(path), MAX_PATH) + ": " + PlainText.line(TerminalText.safe(reason), MAX_REASON);
    }
}
