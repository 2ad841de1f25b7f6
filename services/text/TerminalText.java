package services.text;

/**
 * Text from files (written by agents, so untrusted) made safe to print on a terminal: C0 and C1 control
 * characters (escape sequences, carriage returns, bells), DEL and the bidirectional overrides that reorder what a
 * line shows become visible {@code \x1B} / {@code \u202E} escapes. Line feeds and tabs stay.
 */
public final class TerminalText {

    private TerminalText() {
    }

    public static String safe(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (unsafe(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(c < 0x100 ? String.format("\\x%02X", (int) c) : String.format("\\u%04X", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    /** Whether this character could move the cursor, recolour, retitle or reorder the terminal's output. */
    public static boolean unsafe(int c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069);
    }
}
