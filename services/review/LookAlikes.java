package services.review;

import java.text.Normalizer;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Characters in a path that make it read as another path: look-alikes of '/', '\' and '.', invisible characters,
 * spaces that are not a plain space, compatibility forms (fullwidth letters, ligatures), accents written apart from
 * their letter, and letters of two scripts in one word (a Cyrillic О in {@code SOUL.md}). A target an agent wrote
 * with them could pass for the file a person thinks it names, or become another path where it is checked out.
 */
final class LookAlikes {

    /** Slash, backslash and dot look-alikes that compatibility normalisation leaves as they are. */
    private static final String SEPARATORS = "\u2215\u2044\u2216\u29F5\u29F8\u29F9\u2571\u2572\u0338\u1735\u2024\u2025"
            + "\u2026\uFE52\uFF0E\uFF0F\uFF3C\uFE68";
    /** Scripts written together in one word (Japanese, Korean, Chinese with bopomofo). */
    private static final Set<Set<Character.UnicodeScript>> TOGETHER = Set.of(
            EnumSet.of(Character.UnicodeScript.HAN, Character.UnicodeScript.HIRAGANA, Character.UnicodeScript.KATAKANA),
            EnumSet.of(Character.UnicodeScript.HAN, Character.UnicodeScript.HANGUL),
            EnumSet.of(Character.UnicodeScript.HAN, Character.UnicodeScript.BOPOMOFO));

    private LookAlikes() {
    }

    /** Why {@code path} could be read as another path (naming the character and where it is), or empty. */
    static Optional<String> problem(String path) {
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
