package services.knowledge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Words as the embedded index sees them: Lucene's English analyzer (stop words dropped, Porter stems), for the
 * features that compare texts by their words without searching (word overlap of a hit, similar lessons).
 */
public final class LuceneWords {

    private static final Analyzer ENGLISH = new EnglishAnalyzer();

    private LuceneWords() {
    }

    /** The stem of the text's first word, or null for a stop word (or no word). */
    public static String stem(String word) {
        if (word.isEmpty()) {
            return null;
        }
        try (TokenStream tokens = ENGLISH.tokenStream("", word)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            String out = tokens.incrementToken() ? term.toString() : null;
            tokens.end();
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
    }

    /** The stems of every word of the text as given (lower-case it first when case should not count). */
    public static Set<String> stems(String text) {
        Set<String> out = new HashSet<>();
        try (TokenStream tokens = ENGLISH.tokenStream("", text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                out.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
        return out;
    }
}
