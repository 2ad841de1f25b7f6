package services.text;

import java.text.Normalizer;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Characters that make a text read as another: look-alikes of '/', '\\' and '.', invisible and bidi characters,
 * spaces that are not a plain space, compatibility forms (fullwidth letters, ligatures), accents written apart from
 * their letter, text not in NFC, and letters of two scripts in one word (a Cyrillic а in {@code joelclaw}). For names
 * a person reads and types — project names of failed targets — {@link #problem} names the character and
 * {@link #visible} writes it as its code. (services.review.LookAlikes holds the same rules for paths.)
 */
public final class LookAlikeText {

    /** Slash, backslash and dot look-alikes that compatibility normalisation leaves as they are. */
    private static final String SEPARATORS = "\u2215\u2044\u2216\u29F5\u29F8\u29F9\u2571\u2572\u0338\u1735\u2024\u2025"
            + "\u2026\uFE52\uFF0E\uFF0F\uFF3C\uFE68";
    /** Scripts written together in one word (Japanese, Korean, Chinese with bopomofo). */
    private static final Set<Set<Character.UnicodeScript>> TOGETHER = Set.of(
            EnumSet.of(Character.UnicodeScript.HAN, Character.UnicodeScript.HIRAGANA, Character.UnicodeScript.KATAKANA),
            EnumSet.of(Character.UnicodeScript.HAN, Character.UnicodeScript.HANGUL),
            EnumSet.of(Character.UnicodeScript.HAN, Character.UnicodeScript.BOPOMOFO));

    private LookAlikeText() {
    }

    /**
     * {@code text} as a person can tell it apart: every character {@link #problem} would name — invisible, bidi, a
     * space that is not a plain space, a compatibility form, a look-alike of '/', '\\' or '.', an accent written apart,
     * a letter of a second script in a word — written as its code, {@code \\u{200B}}. A backslash is doubled, so
     * {@link #fromVisible} reads it back exactly.
     */
    public static String visible(String text) {
        return visible(text, true);
    }

    /** {@link #visible}; with {@code doubleBackslash} false a backslash is left as it is (a text read to its end). */
    public static String visible(String text, boolean doubleBackslash) {
        StringBuilder out = new StringBuilder();
        Set<Character.UnicodeScript> word = EnumSet.noneOf(Character.UnicodeScript.class);
        Character.UnicodeScript first = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            String one = new String(Character.toChars(cp));
            boolean letter = Character.isLetter(cp) || Character.getType(cp) == Character.NON_SPACING_MARK
                    || Character.getType(cp) == Character.COMBINING_SPACING_MARK;
            if (!letter) {
                word.clear();
                first = null;
            }
            Character.UnicodeScript script = Character.UnicodeScript.of(cp);
            boolean otherScript = false;
            if (letter && script != Character.UnicodeScript.COMMON && script != Character.UnicodeScript.INHERITED) {
                first = first == null ? script : first;
                word.add(script);
                Set<Character.UnicodeScript> pair = EnumSet.of(first, script);
                otherScript = script != first && TOGETHER.stream().noneMatch(t -> t.containsAll(pair));
            }
            boolean apart = i > 0 && Character.getType(cp) == Character.NON_SPACING_MARK && Normalizer.normalize(
                    new String(Character.toChars(text.codePointBefore(i))) + one, Normalizer.Form.NFC)
                    .codePointCount(0, Normalizer.normalize(new String(Character.toChars(text.codePointBefore(i))) + one,
                            Normalizer.Form.NFC).length()) == 1;
            if (cp == '\\' && doubleBackslash) {
                out.append("\\\\");
            } else if (SEPARATORS.indexOf(cp) >= 0 || Character.getType(cp) == Character.FORMAT || Character.isISOControl(cp)
                    || Character.isSpaceChar(cp) && cp != ' ' || !Normalizer.normalize(one, Normalizer.Form.NFKC).equals(one)
                    || apart || otherScript) {
                out.append("\\u{").append(String.format("%04X", cp)).append('}');
            } else {
                out.append(one);
            }
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    /** {@link #visible} read back: {@code \\u{XXXX}} is that character, {@code \\\\} a backslash. */
    public static String fromVisible(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && text.startsWith("u{", i + 1) && text.indexOf('}', i) > 0) {
                String hex = text.substring(i + 3, text.indexOf('}', i));
                if (hex.matches("[0-9A-Fa-f]{1,6}")) {
                    out.appendCodePoint(Integer.parseInt(hex, 16));
                    i = text.indexOf('}', i);
                    continue;
                }
            }
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '\\') {
                out.append('\\');
                i++;
                continue;
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Why {@code path} could be read as another text (naming the character and where it is), or empty. */
    public static Optional<String> problem(String path) {
        if (!Normalizer.isNormalized(path, Normalizer.Form.NFC) && firstProblem(path).isEmpty()) {
            return Optional.of("characters not in Unicode NFC (it reads as \"" + Normalizer.normalize(path,
                    Normalizer.Form.NFC) + "\", written differently)");
        }
        return firstProblem(path);
    }

    private static Optional<String> firstProblem(String path) {
        int n = 0;
        for (int i = 0; i < path.length(); ) {
            int cp = path.codePointAt(i);
            n++;
            String at = " (" + name(cp) + ") at character " + n;
            String one = new String(Character.toChars(cp));
            String compatible = Normalizer.normalize(one, Normalizer.Form.NFKC);
            if (SEPARATORS.indexOf(cp) >= 0) {
                return Optional.of("a look-alike of '/', '\\' or '.'" + at);
            }
            if (Character.getType(cp) == Character.FORMAT) {
                return Optional.of("an invisible character" + at);
            }
            if (Character.isSpaceChar(cp) && cp != ' ') {
                return Optional.of("a space that is not a plain space" + at);
            }
            if (!compatible.equals(one)) {
                return Optional.of("a compatibility form" + at + ", which reads as \"" + compatible + "\"");
            }
            if (n > 1 && Character.getType(cp) == Character.NON_SPACING_MARK) {
                int before = path.codePointBefore(i);
                String pair = new String(Character.toChars(before)) + one;
                if (Normalizer.normalize(pair, Normalizer.Form.NFC).codePointCount(0, Normalizer.normalize(pair,
                        Normalizer.Form.NFC).length()) == 1) {
                    return Optional.of("an accent written apart from its letter" + at + "; write the letter composed");
                }
            }
            i += Character.charCount(cp);
        }
        return mixedScripts(path);
    }

    /** The first word (a run of letters and marks) whose letters come from two scripts not written together. */
    private static Optional<String> mixedScripts(String path) {
        Set<Character.UnicodeScript> scripts = EnumSet.noneOf(Character.UnicodeScript.class);
        Character.UnicodeScript first = null;
        int wordStart = 0;
        int n = 0;
        for (int i = 0; i <= path.length(); ) {
            int cp = i < path.length() ? path.codePointAt(i) : ' ';
            n++;
            if (!Character.isLetter(cp) && Character.getType(cp) != Character.NON_SPACING_MARK
                    && Character.getType(cp) != Character.COMBINING_SPACING_MARK) {
                scripts.clear();
                first = null;
                wordStart = i + Character.charCount(cp);
            } else {
                Character.UnicodeScript script = Character.UnicodeScript.of(cp);
                if (script != Character.UnicodeScript.COMMON && script != Character.UnicodeScript.INHERITED) {
                    first = first == null ? script : first;
                    scripts.add(script);
                    if (scripts.size() > 1 && TOGETHER.stream().noneMatch(t -> t.containsAll(scripts))) {
                        int end = i + Character.charCount(cp);
                        while (end < path.length() && Character.isLetter(path.codePointAt(end))) {
                            end += Character.charCount(path.codePointAt(end));
                        }
                        return Optional.of("letters of two scripts in one word (\"" + path.substring(wordStart, end)
                                + "\": " + first + " and " + script + "; " + name(cp) + " at character " + n
                                + "), a look-alike of another name");
                    }
                }
            }
            if (i >= path.length()) {
                break;
            }
            i += Character.charCount(cp);
        }
        return Optional.empty();
    }

    private static String name(int cp) {
        String name = Character.getName(cp);
        return String.format("U+%04X", cp) + (name == null ? "" : " " + name);
    }
}
