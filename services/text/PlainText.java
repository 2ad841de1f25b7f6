package services.text;

import java.util.Optional;

/**
 * Values that come from files agents write (proposal ids, targets, evidence, dream-log fields) or from flags
 * ({@code --by}), checked before they are written into a commit message, a frontmatter line or a log. A line break
 * or another control character in such a value could start a new trailer, header or key; here it is found and
 * named, or escaped so that the value stays on its one line.
 */
public final class PlainText {

    private PlainText() {
    }

    /** Whether this code point may not appear in a one-line value: C0/C1 controls, line and paragraph separators,
     *  bidirectional overrides (they make shown text differ from stored text), lone surrogates, non-characters. */
    public static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)
                || cp == 0xFFFE || cp == 0xFFFF;
    }

    /** Why {@code value} cannot stay one line (e.g. "a line break (U+000A) at character 3"), or empty when it can. */
    public static Optional<String> problem(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            if (unsafe(cp)) {
                return Optional.of(describe(cp) + " at character " + (value.codePointCount(0, i) + 1));
            }
            i += Character.charCount(cp);
        }
        return Optional.empty();
    }

    private static String describe(int cp) {
        String code = String.format("U+%04X", cp);
        if (cp == '\n' || cp == '\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029) {
            return "a line break (" + code + ")";
        }
        if (cp == 0) {
            return "a NUL character (" + code + ")";
        }
        if (Character.getType(cp) == Character.SURROGATE) {
            return "a broken surrogate (" + code + ")";
        }
        if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
            return "a text-direction override (" + code + ")";
        }
        return "a control character (" + code + ")";
    }

    /** The value on one line: each unsafe character written as an escape ({@code \n}, {@code \t}, {@code \u0007}). */
    public static String oneLine(String value) {
        if (value == null || problem(value).isEmpty()) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            if (!unsafe(cp)) {
                out.appendCodePoint(cp);
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp == '\t') {
                out.append("\\t");
            } else {
                out.append(String.format("\\u%04X", cp));
            }
        }
        return out.toString();
    }

    /**
     * The value for a message to the user: quoted, escaped ({@link #line}: also invisible format characters, so that
     * what is shown reads as what is stored), and cut at 80 characters.
     */
    public static String shown(String value) {
        if (value == null) {
            return "(none)";
        }
        return "\"" + line(value, 80) + "\"";
    }

    /**
     * Text for one line of a message: every unsafe character escaped as {@link #oneLine} does, every invisible format
     * character (zero-width, bidi marks, U+061C) as {@code \\uXXXX} too, and cut after {@code max} characters
     * (never inside a surrogate pair) with "...".
     */
    public static String line(String text, int max) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 8);
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            String piece = unsafe(cp) ? oneLine(new String(Character.toChars(cp)))
                    : Character.getType(cp) == Character.FORMAT ? String.format("\\u%04X", cp)
                    : new String(Character.toChars(cp));
            if (out.length() + piece.length() > max) {
                int keep = Math.max(0, max - 3);
                out.setLength(Math.min(out.length(), keep));
                if (out.length() > 0 && Character.isHighSurrogate(out.charAt(out.length() - 1))) {
                    out.setLength(out.length() - 1);
                }
                return out.append("...").toString();
            }
            out.append(piece);
        }
        return out.toString();
    }
}
