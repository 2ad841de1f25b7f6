package services.embedding;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneWords;

/**
 * How much of a question a document contains in its own words: the share of the question's content words
 * (English stop words dropped) that start a word of the document's title or content — compared by the part a
 * word shares with its stem, so "retried" finds "retry" and "expires" finds "expiry" (and "ran" does not find
 * "transaction": a match starts a word). It tells a keyword match
 * that is the question asked in the document's words from one that shares a single word with it. Cheap enough
 * for every candidate of a search: a few substring scans of each candidate's text.
 */
final class WordOverlap {

    private static final int MIN_PREFIX = 3;
    /** Words that make a sentence a question rather than say what it is about (besides English stop words). */
    private static final Set<String> ASKING = Set.of("how", "do", "does", "did", "i", "we", "you", "what", "which",
            "when", "where", "why", "who", "should", "can", "could", "would", "our", "my", "me", "us", "about");

    private final List<String> words = new ArrayList<>();

    WordOverlap(String question) {
        Set<String> prefixes = new LinkedHashSet<>();
        for (String word : question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            String stem = ASKING.contains(word) ? null : LuceneWords.stem(word);
            if (stem != null) {
                int common = 0;
                while (common < Math.min(word.length(), stem.length()) && word.charAt(common) == stem.charAt(common)) {
                    common++;
                }
                if (common > MIN_PREFIX && word.charAt(common - 1) == 'i') {
                    common--; // the stemmer's y → i: "retried" and "retry" share "retr"
                }
                prefixes.add(word.substring(0, Math.max(Math.min(MIN_PREFIX, word.length()), common)));
            }
        }
        words.addAll(prefixes);
    }

    /** 0 to 1; 0 for a question with no content words. */
    double of(KnowledgeDoc doc) {
        if (words.isEmpty()) {
            return 0;
        }
        String text = (doc.title() + " " + doc.content()).toLowerCase(Locale.ROOT);
        return words.stream().filter(w -> startsAWord(text, w)).count() / (double) words.size();
    }

    private static boolean startsAWord(String text, String prefix) {
        for (int at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
            if (at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1))) {
                return true;
            }
        }
        return false;
    }
}
