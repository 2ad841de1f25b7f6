package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import services.knowledge.LuceneWords;

/**
 * A text cut into parts that match the searched words and parts that do not, for highlighting; and the snippet of
 * a document's content around the first matched word. Words match at a word start, ignoring case ("retr" marks
 * "Retry"), as the index's prefix matching does.
 */
public final class Snippet {

    /** One run of text; {@code match} when it is a searched word. */
    public record Part(String text, boolean match) {
    }

    static final int LENGTH = 160;

    private Snippet() {
    }

    /**
     * The searched words to mark, as the index searches them: letters and digits, two characters or more,
     * lower-cased, without repeats; a stop word ("the", "from") is left out — the search ignores it, so marking it
     * everywhere said nothing — and a word's stem is added, so a word of the same stem is marked too ("retry" marks
     * "retried" and "Retries", which the search found by their stem "retri").
     */
    static List<String> terms(String query) {
        Set<String> out = new LinkedHashSet<>();
        if (query != null) {
            for (String word : query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+")) {
                if (word.length() < 2) {
                    continue;
                }
                String stem = LuceneWords.stem(word);
                if (stem == null) {
                    continue; // a stop word
                }
                out.add(word);
                if (stem.length() >= 3 && !stem.equals(word)) {
                    out.add(stem);
                }
            }
        }
        return List.copyOf(out);
    }

    /** {@code text} split into matched and unmatched parts. */
    static List<Part> mark(String text, List<String> terms) {
        List<Part> out = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return out;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        int at = 0;
        int plainFrom = 0;
        while (at < text.length()) {
            int length = terms.isEmpty() ? 0 : matchAt(lower, at, terms);
            if (length > 0) {
                if (plainFrom < at) {
                    out.add(new Part(text.substring(plainFrom, at), false));
                }
                out.add(new Part(text.substring(at, at + length), true));
                at += length;
                plainFrom = at;
            } else {
                at++;
            }
        }
        if (plainFrom < text.length()) {
            out.add(new Part(text.substring(plainFrom), false));
        }
        return out;
    }

    /** The length of the longest term starting a word at {@code at} (the rest of that word included), or 0. */
    private static int matchAt(String lower, int at, List<String> terms) {
        if (at > 0 && Character.isLetterOrDigit(lower.charAt(at - 1))) {
            return 0;
        }
        int best = 0;
        for (String term : terms) {
            if (lower.startsWith(term, at)) {
                int end = at + term.length();
                while (end < lower.length() && Character.isLetterOrDigit(lower.charAt(end))) {
                    end++;
                }
                best = Math.max(best, end - at);
            }
        }
        return best;
    }

    /**
     * About {@value #LENGTH} characters of {@code content} on one line — around the first searched word when there
     * is one, else its beginning — as prose ({@link SnippetText}): markdown's marks, table rules and a turn note's
     * labels taken out.
     */
    static String around(String content, List<String> terms) {
        if (content == null) {
            return "";
        }
        String flat = SnippetText.of(content);
        if (flat.length() <= LENGTH) {
            return flat;
        }
        String lower = flat.toLowerCase(Locale.ROOT);
        int first = -1;
        for (String term : terms) {
            int i = lower.indexOf(term);
            while (i > 0 && Character.isLetterOrDigit(lower.charAt(i - 1))) {
                i = lower.indexOf(term, i + 1);
            }
            if (i >= 0 && (first < 0 || i < first)) {
                first = i;
            }
        }
        int start = first < 0 ? 0 : Math.max(0, first - 40);
        if (start > 0) {
            int space = flat.indexOf(' ', start);
            start = space < 0 || space > first ? start : space + 1;
        }
        int end = Math.min(flat.length(), start + LENGTH);
        int space = flat.lastIndexOf(' ', end);
        if (end < flat.length() && space > start + LENGTH / 2) {
            end = space;
        }
        return (start > 0 ? "…" : "") + flat.substring(start, end).strip() + (end < flat.length() ? " …" : "");
    }
}
