package services.review;

import java.text.Normalizer;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import services.text.PlainText;

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

    /** Characters that show nothing but are not format characters: variation selectors, fillers, the CGJ. */
    private static final String INVISIBLE = "\u034F\u115F\u1160\u17B4\u17B5\u180B\u180C\u180D\u180E\u180F"
            + "\u2800\u3164\uFFA0\uFE00\uFE01\uFE02\uFE03\uFE04\uFE05\uFE06\uFE07\uFE08\uFE09\uFE0A\uFE0B"
            + "\uFE0C\uFE0D\uFE0E\uFE0F";
    /** Cyrillic and Greek letters that read as Latin ones, each followed by the Latin letter it reads as. */
    private static final String CONFUSABLE = "аaеeоoрpсcуyхxіiјjѕsԁdԛqԝwһhӏlвbкkмmнhтtАAВBЕEКKМMНHОOРPСCТTХXІIЈJЅS"
            + "οoαaνvρpιiκkυuτtΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX";

    private LookAlikes() {
    }

    /**
     * Why a name — a proposal id — could be read as another name: not in Unicode NFC, an invisible, bidi or format
     * character, a compatibility form, or letters of two scripts anywhere in it ({@code р-dup} with a Cyrillic р);
     * the character named as U+XXXX NAME.
     */
    static Optional<String> nameProblem(String name) {
        int n = 0;
        for (int i = 0; i < name.length(); ) { // the first character after which the name is no longer NFC
            int cp = name.codePointAt(i);
            n++;
            i += Character.charCount(cp);
            if (!Normalizer.isNormalized(name.substring(0, i), Normalizer.Form.NFC)) {
                return Optional.of("a character that is not in Unicode NFC form (" + name(cp) + ") at character " + n
                        + "; write it composed");
            }
        }
        Optional<String> invisible = invisible(name);
        if (invisible.isPresent()) {
            return invisible;
        }
        Optional<String> each = problem(name);
        return each.isPresent() ? each : mixedScripts(name, true);
    }

    /** An invisible character (format, bidi, zero-width, variation selector, filler), named, or empty. */
    private static Optional<String> invisible(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i += Character.charCount(s.codePointAt(i))) {
            int cp = s.codePointAt(i);
            n++;
            if (Character.getType(cp) == Character.FORMAT || INVISIBLE.indexOf(cp) >= 0
                    || cp >= 0xE0100 && cp <= 0xE01EF) {
                return Optional.of("an invisible character (" + name(cp) + ") at character " + n);
            }
        }
        return Optional.empty();
    }

    /** The name with each invisible character written as {@code \\uXXXX}, so that two names that print alike differ. */
    static String visible(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i += Character.charCount(name.codePointAt(i))) {
            int cp = name.codePointAt(i);
            if (Character.getType(cp) == Character.FORMAT || INVISIBLE.indexOf(cp) >= 0 || cp >= 0xE0100 && cp <= 0xE01EF
                    || PlainText.unsafe(cp)) {
                out.append(String.format("\\u%04X", cp));
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    /**
     * A name as a person reads it, to find two names that are one: NFKC, invisible characters removed, case folded,
     * Cyrillic and Greek look-alikes read as the Latin letters they resemble.
     */
    static String folded(String name) {
        StringBuilder out = new StringBuilder();
        String compatible = Normalizer.normalize(name, Normalizer.Form.NFKC);
        for (int i = 0; i < compatible.length(); i += Character.charCount(compatible.codePointAt(i))) {
            int cp = compatible.codePointAt(i);
            if (Character.getType(cp) == Character.FORMAT || INVISIBLE.indexOf(cp) >= 0
                    || cp >= 0xE0100 && cp <= 0xE01EF) {
                continue;
            }
            int at = cp < 0x10000 ? CONFUSABLE.indexOf(cp) : -1;
            out.appendCodePoint(at >= 0 && at % 2 == 0 ? CONFUSABLE.charAt(at + 1) : cp);
        }
        return out.toString().toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
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
        return mixedScripts(path, false);
    }

    /** The first word (a run of letters and marks) whose letters come from two scripts not written together. */
    private static Optional<String> mixedScripts(String path, boolean wholeName) {
        Set<Character.UnicodeScript> scripts = EnumSet.noneOf(Character.UnicodeScript.class);
        Character.UnicodeScript first = null;
        int wordStart = 0;
        int n = 0;
        for (int i = 0; i <= path.length(); ) {
            int cp = i < path.length() ? path.codePointAt(i) : ' ';
            n++;
            boolean letter = Character.isLetter(cp) || Character.getType(cp) == Character.NON_SPACING_MARK
                    || Character.getType(cp) == Character.COMBINING_SPACING_MARK;
            if (!letter && wholeName && i < path.length()) {
                // a name is read whole: its words may not come from two scripts either
            } else if (!letter) {
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
                        // the letter named is the look-alike: the one not in Latin, when the other script is Latin
                        int odd = cp;
                        int oddAt = n;
                        if (script == Character.UnicodeScript.LATIN) {
                            int k = 0;
                            for (int j = 0; j < path.length(); j += Character.charCount(path.codePointAt(j))) {
                                k++;
                                if (j >= wordStart && Character.UnicodeScript.of(path.codePointAt(j)) == first) {
                                    odd = path.codePointAt(j);
                                    oddAt = k;
                                    break;
                                }
                            }
                        }
                        return Optional.of("letters of two scripts in one " + (wholeName ? "name" : "word") + " (\""
                                + path.substring(wordStart, end) + "\": " + first + " and " + script + "; " + name(odd)
                                + " at character " + oddAt + "), a look-alike of another name");
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
