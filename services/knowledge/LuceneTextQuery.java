package services.knowledge;

import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.queryparser.simple.SimpleQueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.Query;

/**
 * Turns what a user types into a Lucene query over title (weight 2) and content. It never fails on syntax:
 * quotes make phrases, {@code -word} excludes, {@code word*} is a prefix; the last word being typed is also
 * matched as a prefix, so results follow the keyboard.
 */
final class LuceneTextQuery {

    private static final Map<String, Float> FIELDS = Map.of("title", 2.0f, "content", 1.0f);

    private final Analyzer analyzer;

    LuceneTextQuery(Analyzer analyzer) {
        this.analyzer = analyzer;
    }

    /**
     * The most words (runs of letters and digits) a question is searched by: each becomes a clause per field, and
     * Lucene refuses a query of more than 1024 clauses. A longer question is searched by its first words.
     */
    static final int MAX_WORDS = 200;
    static final int MAX_CHARS = 4000;

    /** @return the query, or null when the text holds nothing to search for */
    Query parse(String text, boolean matchAll) {
        text = bounded(text);
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return null;
        }
        SimpleQueryParser parser = new SimpleQueryParser(analyzer, FIELDS);
        parser.setDefaultOperator(matchAll ? BooleanClause.Occur.MUST : BooleanClause.Occur.SHOULD);
        String withPrefix = matchAll && endsInWord(text) && !balancedQuotesOpen(trimmed) ? lastWordAlsoAsPrefix(trimmed)
                : trimmed;
        Query query = parser.parse(withPrefix);
        if (query == null && withPrefix != trimmed) {
            query = parser.parse(trimmed);
        }
        return query;
    }

    /** The question cut after {@link #MAX_WORDS} words or {@link #MAX_CHARS} characters, at a space where it can. */
    static String bounded(String text) {
        int words = 0;
        boolean inWord = false;
        int end = Math.min(text.length(), MAX_CHARS);
        for (int i = 0; i < end; i++) {
            boolean letter = Character.isLetterOrDigit(text.charAt(i));
            if (letter && !inWord && ++words > MAX_WORDS) {
                end = i;
                break;
            }
            inWord = letter;
        }
        if (end == text.length()) {
            return text;
        }
        String cut = text.substring(0, end);
        int space = cut.lastIndexOf(' ');
        cut = space > 0 ? cut.substring(0, space) : cut;
        // An unbalanced quote left by the cut would make the rest one phrase.
        return cut.chars().filter(c -> c == '"').count() % 2 == 1 ? cut.replace('"', ' ') : cut;
    }

    /** "exactly once retr" becomes "exactly once (retr | retr*)": the stemmed word or anything it starts. */
    private static String lastWordAlsoAsPrefix(String text) {
        int start = text.length();
        while (start > 0 && Character.isLetterOrDigit(text.charAt(start - 1))) {
            start--;
        }
        String word = text.substring(start);
        return text.substring(0, start) + "(" + word + " | " + word.toLowerCase() + "*)";
    }

    private static boolean endsInWord(String text) {
        if (text.isEmpty()) {
            return false;
        }
        char last = text.charAt(text.length() - 1);
        if (!Character.isLetterOrDigit(last)) {
            return false;
        }
        int start = text.length() - 1;
        while (start > 0 && Character.isLetterOrDigit(text.charAt(start - 1))) {
            start--;
        }
        return text.length() - start >= 3;
    }

    private static boolean balancedQuotesOpen(String text) {
        return text.chars().filter(c -> c == '"').count() % 2 == 1 || text.endsWith("\"");
    }
}
