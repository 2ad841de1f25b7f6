package services.reach;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.embedding.EmbeddingCache;
import services.embedding.EmbeddingModel;
import services.embedding.EmbeddingText;
import services.knowledge.LuceneWords;

/**
 * How alike two pieces of advice are, sentence by sentence: by meaning (the embedding model's cosine of the two
 * closest sentences) or, when semantic search is off, by words (the Dice overlap of their stemmed content words);
 * and whether two alike sentences say opposite things (their polarity differs: one negates, the other does not).
 */
final class LessonSimilarity {

    /** The best pair of sentences of two texts and how alike they are (0 to 1). */
    record Pair(String a, String b, double score) {
    }

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+|\\s*\\n+\\s*");
    private static final Pattern MARKUP = Pattern.compile("^\\s*(?:[-*•>+]|#{1,6}|\\d+[.)])\\s+");
    private static final int MIN_SENTENCE = 20;
    private static final int MAX_SENTENCE = 400;

    private final EmbeddingModel model;
    private final EmbeddingCache cache;
    private final Map<String, float[]> vectors = new HashMap<>();

    /** @param model null: by words */
    LessonSimilarity(EmbeddingModel model, EmbeddingCache cache) {
        this.model = model;
        this.cache = cache;
    }

    boolean semantic() {
        return model != null;
    }

    /**
     * The sentences of a text worth comparing: markdown bullets, headings and numbering taken off, pieces under
     * {@value #MIN_SENTENCE} characters dropped (a heading word, "ok"), each cut at {@value #MAX_SENTENCE}.
     */
    static List<String> sentences(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String piece : SENTENCE_END.split(text == null ? "" : text)) {
            String s = MARKUP.matcher(piece).replaceFirst("").replaceAll("[*_`]+", "").strip();
            if (s.length() >= MIN_SENTENCE) {
                out.add(s.length() > MAX_SENTENCE ? s.substring(0, MAX_SENTENCE) : s);
            }
        }
        return new ArrayList<>(out);
    }

    /** Computes (or takes from the cache) the vectors of these sentences in one call to the model. */
    void prepare(Set<String> texts) {
        if (model == null) {
            return;
        }
        List<String> missing = new ArrayList<>();
        for (String t : texts) {
            if (vectors.containsKey(t)) {
                continue;
            }
            float[] v = cache == null ? null : cache.get(EmbeddingText.hash(model.name(), t));
            if (v != null) {
                vectors.put(t, v);
            } else {
                missing.add(t);
            }
        }
        if (!missing.isEmpty()) {
            List<float[]> computed = model.embed(missing);
            for (int i = 0; i < missing.size(); i++) {
                vectors.put(missing.get(i), computed.get(i));
            }
        }
    }

    /** The closest pair of a sentence of {@code as} and a sentence of {@code bs}. */
    Pair best(List<String> as, List<String> bs) {
        if (model != null) {
            Set<String> all = new HashSet<>(as);
            all.addAll(bs);
            prepare(all);
        }
        Pair best = null;
        for (String a : as) {
            for (String b : bs) {
                double score = model == null ? words(a, b) : cosine(vectors.get(a), vectors.get(b));
                if (best == null || score > best.score()) {
                    best = new Pair(a, b, score);
                }
            }
        }
        return best;
    }

    private static double cosine(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** Dice overlap of the stemmed content words (English stop words dropped). */
    static double words(String a, String b) {
        Set<String> x = stems(a);
        Set<String> y = stems(b);
        if (x.isEmpty() || y.isEmpty()) {
            return 0;
        }
        long common = x.stream().filter(y::contains).count();
        return 2.0 * common / (x.size() + y.size());
    }

    static Set<String> stems(String text) {
        return LuceneWords.stems(text.toLowerCase(Locale.ROOT));
    }

    /** Words that turn advice around. */
    private static final Set<String> NEGATIONS = Set.of("not", "no", "never", "don't", "dont", "doesn't", "isn't",
            "aren't", "mustn't", "shouldn't", "can't", "cannot", "won't", "without", "avoid", "nor");

    /** Where the advice of a sentence ends and its reason or consequence begins. */
    private static final Pattern CONSEQUENCE = Pattern.compile("[;:]|,\\s*not\\b|,?\\s+(?:so|or|because|since|otherwise"
            + "|which)\\s", Pattern.CASE_INSENSITIVE);
    /** A leading condition: "If Redis cannot be reached, …", "Before changing a module, …". */
    private static final Pattern CONDITION = Pattern.compile("^(?:if|when|whenever|before|after|unless|once|while)\\b"
            + "[^,]*,\\s*", Pattern.CASE_INSENSITIVE);

    /**
     * The advice of a sentence: what comes before its reason or consequence ("; they fail twice as often", "or
     * the port stays bound", "so a retry does not send it again"), without a leading condition, and without a
     * contrast ("quarantined, not retried"): a negation there does not turn the advice around.
     */
    static String advice(String sentence) {
        Matcher m = CONSEQUENCE.matcher(sentence);
        String head = m.find() && m.start() > 0 ? sentence.substring(0, m.start()) : sentence;
        return CONDITION.matcher(head.strip()).replaceFirst("");
    }

    /** Odd: the sentence's advice negates what it says (an odd number of negating words in it). */
    static boolean negated(String sentence) {
        int n = 0;
        for (String w : advice(sentence).toLowerCase(Locale.ROOT).replace('’', '\'').split("[^\\p{L}']+")) {
            if (NEGATIONS.contains(w)) {
                n++;
            }
        }
        return n % 2 == 1;
    }

    /** Alike sentences of opposite polarity: one negates, the other does not. */
    static boolean opposite(String a, String b) {
        return negated(a) != negated(b);
    }

    private static final Pattern CLAUSE = Pattern.compile("\\s*[;:—]\\s*|\\s+-\\s+");

    /**
     * The two alike sentences say opposite things: their advice has opposite polarity, and no clause of one
     * agrees with a clause of the other (same polarity, alike at {@code threshold} or more) — "Never delete by
     * fuzzy search; delete by exact id only" repeats "Fuzzy deletes removed targets; delete only by exact id".
     */
    boolean contradicts(String a, String b, double threshold) {
        if (!opposite(a, b)) {
            return false;
        }
        List<String> as = clauses(a);
        List<String> bs = clauses(b);
        if (model != null) {
            Set<String> all = new HashSet<>(as);
            all.addAll(bs);
            prepare(all);
        }
        for (String x : as) {
            for (String y : bs) {
                double score = model == null ? words(x, y) : cosine(vectors.get(x), vectors.get(y));
                if (negated(x) == negated(y) && score >= threshold) {
                    return false;
                }
            }
        }
        return true;
    }

    private static List<String> clauses(String sentence) {
        List<String> out = new ArrayList<>();
        for (String c : CLAUSE.split(sentence)) {
            if (c.strip().length() >= 12) {
                out.add(c.strip());
            }
        }
        return out;
    }
}
