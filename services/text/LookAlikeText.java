package services.text;

import java.text.Normalizer;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Characters that make a text read as another: look-alikes of '/', '\\' and '.', invisible and bidi characters,
 * spaces that are not a plain space, compatibility forms (fullwidth letters, ligatures), accents written apart from
 * their letter, text not in NFC, and letters of two scripts in one word (a Cyrillic а in {@code joelclaw}). For names
 * a person reads and types — project names of failed targets — {@link #problem} names the character and
 * {@link #visible} writes it as its code. The same rules judge proposal ids ({@link #nameProblem}) and the paths
 * proposals target ({@link #pathProblem}).
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

    /** Characters that show nothing but are not format characters: variation selectors, fillers, the CGJ. */
    private static final String INVISIBLE = "\u034F\u115F\u1160\u17B4\u17B5\u180B\u180C\u180D\u180E\u180F"
            + "\u2800\u3164\uFFA0\uFE00\uFE01\uFE02\uFE03\uFE04\uFE05\uFE06\uFE07\uFE08\uFE09\uFE0A\uFE0B"
            + "\uFE0C\uFE0D\uFE0E\uFE0F";
    /** Cyrillic and Greek letters that read as Latin ones, each followed by the Latin letter it reads as. */
    private static final String CONFUSABLE = "аaеeоoрpсcуyхxіiјjѕsԁdԛqԝwһhӏlвbкkмmнhтtАAВBЕEКKМMНHОOРPСCТTХXІIЈJЅS"
            + "οoαaνvρpιiκkυuτtΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX";

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
            } else if (SEPARATORS.indexOf(cp) >= 0 || invisibleChar(cp) || Character.isISOControl(cp)
                    || Character.isSpaceChar(cp) && cp != ' ' || !Normalizer.normalize(one, Normalizer.Form.NFKC).equals(one)
                    || apart || otherScript || phoneticLetter(cp) || looseMark(text, i, cp)) {
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

    /** Why {@code text} could be read as another text (naming the character and where it is), or empty. */
    public static Optional<String> problem(String text) {
        Optional<String> each = pathProblem(text);
        if (each.isEmpty() && !Normalizer.isNormalized(text, Normalizer.Form.NFC)) {
            return Optional.of("characters not in Unicode NFC (it reads as \"" + Normalizer.normalize(text,
                    Normalizer.Form.NFC) + "\", written differently)");
        }
        return each;
    }

    /**
     * Why a name — a proposal id — could be read as another name: not in Unicode NFC, an invisible, bidi or format
     * character, a compatibility form, or letters of two scripts anywhere in it ({@code р-dup} with a Cyrillic р);
     * the character named as U+XXXX NAME.
     */
    public static Optional<String> nameProblem(String name) {
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
        Optional<String> each = pathProblem(name);
        if (each.isPresent()) {
            return each;
        }
        int k = 0;
        for (int i = 0; i < name.length(); i += Character.charCount(name.codePointAt(i))) {
            int cp = name.codePointAt(i);
            k++;
            if (cp > 0x7F && PUNCTUATION_OR_SYMBOL.contains(Character.getType(cp))) { // a hyphen, a minus sign, a dash
                return Optional.of("a punctuation mark or symbol that is not ASCII (" + name(cp) + ") at character " + k
                        + ", which can read as ASCII punctuation");
            }
        }
        return mixedScripts(name, true);
    }

    /** Character types of punctuation and symbols: outside ASCII, an id may hold none (U+2010 HYPHEN reads as '-'). */
    private static final Set<Integer> PUNCTUATION_OR_SYMBOL = Set.of((int) Character.CONNECTOR_PUNCTUATION,
            (int) Character.DASH_PUNCTUATION, (int) Character.START_PUNCTUATION, (int) Character.END_PUNCTUATION,
            (int) Character.INITIAL_QUOTE_PUNCTUATION, (int) Character.FINAL_QUOTE_PUNCTUATION,
            (int) Character.OTHER_PUNCTUATION, (int) Character.MATH_SYMBOL, (int) Character.CURRENCY_SYMBOL,
            (int) Character.MODIFIER_SYMBOL, (int) Character.OTHER_SYMBOL);

    /**
     * Latin letters made for phonetics or that read as another letter: IPA and phonetic extensions (small capitals
     * such as U+1D1C ᴜ, U+0261 ɡ), modifier letters, U+0131 dotless ı, U+0138 ĸ, the click letters that read as
     * {@code l} or {@code |}, and the Latin Extended-D/E blocks.
     */
    private static boolean phoneticLetter(int cp) {
        Character.UnicodeBlock block = Character.UnicodeBlock.of(cp);
        return Character.isLetter(cp) && (block == Character.UnicodeBlock.IPA_EXTENSIONS
                || block == Character.UnicodeBlock.PHONETIC_EXTENSIONS
                || block == Character.UnicodeBlock.PHONETIC_EXTENSIONS_SUPPLEMENT
                || block == Character.UnicodeBlock.SPACING_MODIFIER_LETTERS
                || block == Character.UnicodeBlock.LATIN_EXTENDED_D || block == Character.UnicodeBlock.LATIN_EXTENDED_E
                || cp == 0x0131 || cp == 0x0138 || cp >= 0x01C0 && cp <= 0x01C3 || cp == 0x0196 || cp == 0x0197);
    }

    /**
     * A combining mark of no script of its own (an accent, U+0300–U+036F …) left in NFC text after a Latin, Greek or
     * Cyrillic letter, a digit or punctuation: it composes with nothing, so it hides in the character before it.
     */
    private static boolean looseMark(String text, int i, int cp) {
        int type = Character.getType(cp);
        if (type != Character.NON_SPACING_MARK && type != Character.ENCLOSING_MARK
                || Character.UnicodeScript.of(cp) != Character.UnicodeScript.INHERITED) {
            return false;
        }
        if (i == 0) {
            return true;
        }
        Character.UnicodeScript before = Character.UnicodeScript.of(text.codePointBefore(i));
        return before == Character.UnicodeScript.LATIN || before == Character.UnicodeScript.GREEK
                || before == Character.UnicodeScript.CYRILLIC || before == Character.UnicodeScript.COMMON
                || before == Character.UnicodeScript.INHERITED;
    }

    /** An invisible character (format, bidi, zero-width, variation selector, filler), named, or empty. */
    private static Optional<String> invisible(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i += Character.charCount(s.codePointAt(i))) {
            int cp = s.codePointAt(i);
            n++;
            if (invisibleChar(cp)) {
                return Optional.of("an invisible character (" + name(cp) + ") at character " + n);
            }
        }
        return Optional.empty();
    }

    /** The name with each invisible character written as {@code \\uXXXX}, so that two names that print alike differ. */
    public static String codes(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i += Character.charCount(name.codePointAt(i))) {
            int cp = name.codePointAt(i);
            if (invisibleChar(cp) || PlainText.unsafe(cp)) {
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
    public static String folded(String name) {
        StringBuilder out = new StringBuilder();
        String compatible = Normalizer.normalize(name, Normalizer.Form.NFKC);
        for (int i = 0; i < compatible.length(); i += Character.charCount(compatible.codePointAt(i))) {
            int cp = compatible.codePointAt(i);
            if (invisibleChar(cp)) {
                continue;
            }
            int at = cp < 0x10000 ? CONFUSABLE.indexOf(cp) : -1;
            out.appendCodePoint(at >= 0 && at % 2 == 0 ? CONFUSABLE.charAt(at + 1) : cp);
        }
        return out.toString().toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }

    /**
     * Why {@code path} could be read as another path (naming the character and where it is), or empty: each
     * character judged on its own and each word's scripts; a text not in NFC is left to the caller's folding.
     */
    public static Optional<String> pathProblem(String path) {
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
            if (invisibleChar(cp)) {
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
            if (looseMark(path, i, cp)) {
                return Optional.of("an accent on no letter it composes with" + at + ", which can hide in the letter "
                        + "before it");
            }
            if (phoneticLetter(cp)) {
                return Optional.of("a phonetic or look-alike letter" + at + ", which reads as a common letter");
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

    /** Whether {@code cp} shows nothing: a format or bidi character, a zero-width one, a variation selector, a filler. */
    private static boolean invisibleChar(int cp) {
        return Character.getType(cp) == Character.FORMAT || INVISIBLE.indexOf(cp) >= 0 || cp >= 0xE0100 && cp <= 0xE01EF;
    }

    private static String name(int cp) {
        String name = Character.getName(cp);
        return String.format("U+%04X", cp) + (name == null ? "" : " " + name);
    }
}
