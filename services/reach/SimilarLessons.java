package services.reach;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.embedding.Embeddings;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.review.Proposal;
import services.review.ReviewService;

/**
 * The existing lessons most like a new piece of advice (a proposal's new text, or a new lesson), so a reviewer
 * sees "we already know this" or "this says the opposite of lesson X" before deciding.
 * <p>
 * Candidates: per sentence of the new text, the index's best lessons for it (keyword and meaning when semantic
 * search is on; any word otherwise). Each candidate is scored by its closest pair of sentences — the new text's
 * and the lesson's —: their cosine in the embedding model (threshold {@value #MEANING_THRESHOLD}) or, with
 * semantic search off, the Dice overlap of their stemmed content words (threshold {@value #WORDS_THRESHOLD}). Both
 * thresholds were measured on a labeled set of lesson-shaped pairs ({@code LessonSimilarityThresholdTest}).
 * <p>
 * A match is a <b>possible contradiction</b> when the advice of the two sentences (each without its reason,
 * consequence or leading condition) has opposite polarity — one negates ("not", "never", "avoid", "without"…),
 * the other does not — and no clause of one agrees with a clause of the other. A lesson learned word for word by
 * several loops is listed once.
 */
public final class SimilarLessons {

    /** Cosine of the closest sentences, by meaning. */
    public static final double MEANING_THRESHOLD = 0.65;
    /** Dice overlap of the closest sentences' stemmed words, when semantic search is off. */
    public static final double WORDS_THRESHOLD = 0.40;
    /** Matches shown at most. */
    public static final int MAX = 5;
    private static final int MAX_SENTENCES = 12;
    private static final int CANDIDATES = 10;

    /**
     * An existing lesson like the new text.
     *
     * @param similarity    0 to 1 (cosine or word overlap of the closest sentences)
     * @param sentence      the new text's sentence
     * @param lessonSentence the lesson's sentence closest to it
     * @param contradiction the two sentences' advice has opposite polarity
     */
    public record Match(String id, String title, String project, double similarity, String sentence,
                        String lessonSentence, boolean contradiction) {
    }

    /**
     * @param method    {@code meaning} or {@code words}
     * @param threshold the similarity a lesson needs to be listed
     * @param note      why it is by words, or empty
     */
    public record Found(String method, double threshold, List<Match> matches, String note) {

        public Found {
            matches = List.copyOf(matches);
        }
    }

    private final KnowledgeIndex index;
    private final Embeddings embeddings;

    /** @param embeddings the workspace's model and cache; null or disabled: by words */
    public SimilarLessons(KnowledgeIndex index, Embeddings embeddings) {
        this.index = index;
        this.embeddings = embeddings;
    }

    private boolean semantic() {
        return embeddings != null && embeddings.enabled();
    }

    /** The lessons like a proposal's new text. */
    public Found forProposal(ReviewService.Item item) {
        return similarTo(newText(item), null);
    }

    /** The lessons like this text; {@code excludeId} (the new lesson itself) is never listed. */
    public Found similarTo(String text, String excludeId) {
        boolean semantic = semantic();
        String note = semantic ? "" : "by words: semantic search is off"
                + (embeddings == null || embeddings.disabledReason() == null ? ""
                : " (" + embeddings.disabledReason() + ")");
        double threshold = semantic ? MEANING_THRESHOLD : WORDS_THRESHOLD;
        List<String> sentences = LessonSimilarity.sentences(text);
        if (sentences.size() > MAX_SENTENCES) {
            sentences = sentences.subList(0, MAX_SENTENCES);
        }
        if (sentences.isEmpty()) {
            return new Found(semantic ? "meaning" : "words", threshold, List.of(), note);
        }
        List<KnowledgeQuery> queries = new ArrayList<>();
        for (String s : sentences) {
            queries.add(KnowledgeQuery.text(s).withFilter("type", List.of("lesson")).withLimit(CANDIDATES).matchingAny()
                    .withRetrieval(semantic ? KnowledgeQuery.Retrieval.HYBRID : KnowledgeQuery.Retrieval.KEYWORD));
        }
        Map<String, KnowledgeDoc> candidates = new LinkedHashMap<>();
        for (SearchResult r : index.searchAll(queries)) {
            r.hits().forEach(h -> {
                if (!h.doc().id().equals(excludeId)) {
                    candidates.putIfAbsent(h.doc().id(), h.doc());
                }
            });
        }
        LessonSimilarity similarity = new LessonSimilarity(semantic ? embeddings.model() : null,
                semantic ? embeddings.cache() : null);
        Map<String, List<String>> lessonSentences = new LinkedHashMap<>();
        Set<String> all = new HashSet<>(sentences);
        for (KnowledgeDoc d : candidates.values()) {
            List<String> ls = LessonSimilarity.sentences(d.content());
            ls = ls.isEmpty() ? LessonSimilarity.sentences(d.title()) : ls;
            lessonSentences.put(d.id(), ls);
            all.addAll(ls);
        }
        similarity.prepare(all); // one call to the model for every sentence not in the cache
        List<Match> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (KnowledgeDoc d : candidates.values()) {
            List<String> ls = lessonSentences.get(d.id());
            if (ls.isEmpty()) {
                continue;
            }
            LessonSimilarity.Pair best = similarity.best(sentences, ls);
            if (best.score() >= threshold && seen.add(best.b())) { // the same lesson learned by two loops: once
                out.add(new Match(d.id(), d.title(), d.project(), Math.round(best.score() * 1000) / 1000.0, best.a(),
                        best.b(), similarity.contradicts(best.a(), best.b(), threshold)));
            }
        }
        out.sort(Comparator.comparingDouble(Match::similarity).reversed().thenComparing(Match::id));
        return new Found(semantic ? "meaning" : "words", threshold, out.subList(0, Math.min(MAX, out.size())), note);
    }

    /**
     * What a proposal would add: the lines of its change that the target does not already have (or, without a
     * change to compare, its proposed text or the added lines of its patch), then its rationale.
     */
    static String newText(ReviewService.Item item) {
        Proposal p = item.proposal();
        StringBuilder out = new StringBuilder();
        if (item.change() != null) {
            Set<String> before = new HashSet<>(Arrays.asList(item.change().before().split("\n")));
            for (String line : item.change().after().split("\n")) {
                if (!before.contains(line)) {
                    out.append(line).append('\n');
                }
            }
        } else if (p.proposedText() != null) {
            out.append(p.proposedText()).append('\n');
        } else if (p.patch() != null) {
            for (String line : p.patch().split("\n")) {
                if (line.startsWith("+") && !line.startsWith("+++")) {
                    out.append(line.substring(1)).append('\n');
                }
            }
        }
        if (p.rationale() != null) {
            out.append('\n').append(p.rationale());
        }
        return out.toString();
    }
}
