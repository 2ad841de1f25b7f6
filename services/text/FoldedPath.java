package services.text;

import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * File names compared as macOS and Windows compare them, and a little stricter: Unicode compatibility forms (NFKC)
 * and full case folding ({@code SOUL.md}, {@code soul.md}, {@code Soul.MD} and {@code SOUL.md} in NFD are one
 * name; so are {@code straße} and {@code STRASSE}), invisible format characters dropped, and the trailing dots and
 * spaces Windows drops. Used for protected paths and for names that would be one file on those systems.
 */
public final class FoldedPath {

    private FoldedPath() {
    }

    /** The folded form of one file or folder name. */
    public static String name(String name) {
        String nfkc = Normalizer.normalize(name, Normalizer.Form.NFKC);
        StringBuilder visible = new StringBuilder(nfkc.length());
        nfkc.codePoints().filter(c -> Character.getType(c) != Character.FORMAT).forEach(visible::appendCodePoint);
        String folded = visible.toString().toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        folded = Normalizer.normalize(folded, Normalizer.Form.NFKC);
        return trimmed(folded);
    }

    /** Without the dots and spaces at its end (Windows drops them), unless it is nothing else ({@code .}, {@code ..}). */
    private static String trimmed(String name) {
        int end = name.length();
        while (end > 0 && (name.charAt(end - 1) == '.' || name.charAt(end - 1) == ' ')) {
            end--;
        }
        return end == 0 ? name : name.substring(0, end);
    }

    /**
     * The folded form of a repository-relative path: '\' read as '/', empty and {@code .} parts dropped, {@code ..}
     * taking the part before it away (or nothing at the top), each part folded by {@link #name}.
     */
    public static String path(String path) {
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.replace('\\', '/').split("/")) {
            String folded = part.strip().equals(".") || part.strip().equals("..") ? part.strip() : name(part);
            if (folded.isEmpty() || folded.equals(".")) {
                continue;
            }
            if (folded.equals("..")) {
                parts.pollLast();
                continue;
            }
            parts.addLast(folded);
        }
        return String.join("/", parts);
    }

    /** Whether two different names would be one on a case-insensitive file system. */
    public static boolean collide(String a, String b) {
        if (a.equals(b)) {
            return false;
        }
        if (ascii(a) && ascii(b)) {
            return trimmed(a).equalsIgnoreCase(trimmed(b));
        }
        return name(a).equals(name(b));
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /** How {@code a} differs from {@code b}, two names that {@link #collide}: "only by case" or its Unicode form. */
    public static String difference(String a, String b) {
        String na = Normalizer.normalize(a, Normalizer.Form.NFC);
        String nb = Normalizer.normalize(b, Normalizer.Form.NFC);
        if (na.equals(nb)) {
            return "differs only in its Unicode form (NFC/NFD)";
        }
        return na.equalsIgnoreCase(nb) || na.toLowerCase(Locale.ROOT).equals(nb.toLowerCase(Locale.ROOT))
                ? "differs only by case" : "differs only by case or Unicode form";
    }
}
