package services.embedding;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.LoggerFactory;
import services.knowledge.KnowledgeDoc;

/**
 * A workspace's embeddings: the model, the cache of vectors by content hash, and whether semantic search is on
 * (the workspace's {@code semantic.enabled}, and a model whose dimensions match the index's {@code embedding}
 * field). Also remembers the documents written without a vector since the last backfill, for a backend that
 * cannot find them by itself.
 */
public final class Embeddings implements AutoCloseable {

    private final EmbeddingModel model;
    private final EmbeddingCache cache;
    private final String disabledReason;
    private final int maxChars;
    private final Set<String> pending = new HashSet<>();
    private final boolean titles;
    private final SentenceVectors sentenceVectors;

    /**
     * Which sentences of a document get a vector of their own, beside its whole text's. A search uses whichever
     * the cache holds, so a workspace embedded under another choice keeps working.
     */
    public enum SentenceVectors {
        /** every sentence of a text of two or more, each embedded on its own */
        EVERY,
        /** only those the whole text's vector does not read to their end (MiniLM reads 128 word pieces) */
        PAST_THE_WHOLE_TEXT,
        /** none: the whole text's vector only */
        NONE,
        /**
         * every sentence, read in the context of its text (the default): from the same pass over the text as the
         * whole text's vector (the mean of the sentence's own word pieces), not a pass of its own — the recall of
         * {@link #EVERY} within a rank for about two thirds of its CPU
         */
        IN_CONTEXT;

        /** The shipped choice (context), or {@code -Dbrainconsole.sentenceVectors=every|past|none|context}. */
        public static SentenceVectors configured() {
            String value = System.getProperty("brainconsole.sentenceVectors", "context");
            return switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "every" -> EVERY;
                case "past" -> PAST_THE_WHOLE_TEXT;
                case "none" -> NONE;
                case "context" -> IN_CONTEXT;
                default -> {
                    LoggerFactory.getLogger(Embeddings.class).warn("-Dbrainconsole.sentenceVectors={}: not "
                            + "every, past, none or context; sentences are read in context", value);
                    yield IN_CONTEXT;
                }
            };
        }
    }

    /** @param disabledReason null when semantic search is on; otherwise why it is off, for the user */
    public Embeddings(EmbeddingModel model, EmbeddingCache cache, String disabledReason, int maxChars) {
        this(model, cache, disabledReason, maxChars, false);
    }

    public Embeddings(EmbeddingModel model, EmbeddingCache cache, String disabledReason, int maxChars, boolean titles) {
        this(model, cache, disabledReason, maxChars, titles, SentenceVectors.configured());
    }

    /**
     * @param titles whether a document's title is embedded on its own too (one more vector beside its sentences,
     *               where it is not already the start of the content): the recall benchmark's "title vs content
     *               embedded separately" variant
     */
    public Embeddings(EmbeddingModel model, EmbeddingCache cache, String disabledReason, int maxChars, boolean titles,
                      SentenceVectors sentenceVectors) {
        this.sentenceVectors = sentenceVectors;
        this.model = model;
        this.cache = cache;
        this.disabledReason = disabledReason;
        this.maxChars = maxChars;
        this.titles = titles;
    }

    public static Embeddings disabled(String reason) {
        return new Embeddings(null, null, reason, 0);
    }

    public boolean enabled() {
        return disabledReason == null;
    }

    public String disabledReason() {
        return disabledReason;
    }

    public EmbeddingModel model() {
        return model;
    }

    public EmbeddingCache cache() {
        return cache;
    }

    public String textOf(KnowledgeDoc doc) {
        return EmbeddingText.of(doc, maxChars);
    }

    public byte[] hashOf(KnowledgeDoc doc) {
        return EmbeddingText.hash(model.name(), textOf(doc));
    }

    /** A question's vector (not cached on disk: questions are many and cheap, about 10 ms). */
    public float[] embedQuestion(String question) {
        return model.embedQuery(question);
    }

    /** These documents with the vectors the cache already has; the others are remembered as pending. */
    public List<KnowledgeDoc> attachCached(List<KnowledgeDoc> docs) {
        List<KnowledgeDoc> out = new ArrayList<>(docs.size());
        for (KnowledgeDoc doc : docs) {
            if (doc.embedding() != null) {
                out.add(doc);
                continue;
            }
            float[] cached = cache.get(hashOf(doc));
            if (cached == null) {
                synchronized (pending) {
                    pending.add(doc.id());
                }
            }
            out.add(cached == null ? doc : doc.withEmbedding(cached));
        }
        return out;
    }

    /**
     * The documents with their vectors; how many the model embedded and how many came from the cache, and how
     * many sentence vectors it computed.
     */
    public record Embedded(List<KnowledgeDoc> docs, int computed, int cached, int sentences) {
    }

    public List<String> sentencesOf(KnowledgeDoc doc) {
        List<String> sentences = EmbeddingText.sentences(doc, maxChars);
        String title = doc.title() == null ? "" : doc.title().strip();
        if (!titles || title.isEmpty() || textOf(doc).startsWith(title)) {
            return sentences;
        }
        List<String> out = new ArrayList<>(sentences);
        out.add(title);
        return out;
    }

    /**
     * Every document with its vector: from the cache, or computed (and cached) in one call to the model together
     * with the vectors of its sentences that the cache lacks.
     */
    public Embedded embedAll(List<KnowledgeDoc> docs) {
        if (sentenceVectors == SentenceVectors.IN_CONTEXT) {
            return new SentencesInContext(this).embed(docs, true);
        }
        int cachedCount = 0;
        List<KnowledgeDoc> out = new ArrayList<>(docs);
        Map<String, String> missing = new LinkedHashMap<>(); // hex of the hash → text
        String[] computedAs = new String[docs.size()];
        for (int i = 0; i < docs.size(); i++) {
            String text = textOf(docs.get(i));
            byte[] hash = EmbeddingText.hash(model.name(), text);
            float[] cached = cache.get(hash);
            if (cached != null) {
                out.set(i, docs.get(i).withEmbedding(cached));
                cachedCount++;
            } else {
                computedAs[i] = EmbeddingCache.hex(hash);
                missing.put(computedAs[i], text);
            }
        }
        int wholeTexts = missing.size();
        missingSentences(docs, missing);
        Map<String, float[]> vectors = embed(missing);
        int computed = 0;
        for (int i = 0; i < docs.size(); i++) {
            if (computedAs[i] != null) {
                out.set(i, docs.get(i).withEmbedding(vectors.get(computedAs[i])));
                computed++;
            }
        }
        return new Embedded(out, computed, cachedCount, missing.size() - wholeTexts);
    }

    /** Computes and caches the sentence vectors of these documents that the cache lacks; returns how many. */
    public int embedSentences(List<KnowledgeDoc> docs) {
        if (sentenceVectors == SentenceVectors.IN_CONTEXT) {
            return new SentencesInContext(this).embed(docs, false).sentences();
        }
        Map<String, String> missing = new LinkedHashMap<>();
        missingSentences(docs, missing);
        return embed(missing).size();
    }

    private byte[] inContext(byte[] whole, String sentence) {
        return SentencesInContext.key(model.name(), whole, sentence);
    }

    /** The cache key of a sentence's vector: read in context, or on its own. */
    private byte[] sentenceKey(byte[] whole, String sentence, boolean inContext) {
        return inContext ? inContext(whole, sentence) : EmbeddingText.hash(model.name(), sentence);
    }

    /** The cache key this choice writes the vector of one of {@code doc}'s sentences under. */
    public byte[] sentenceKey(KnowledgeDoc doc, String sentence) {
        return sentenceKey(hashOf(doc), sentence, sentenceVectors == SentenceVectors.IN_CONTEXT);
    }

    /** Whether the cache has a vector of this sentence of the text keyed {@code whole}: in context, or its own. */
    boolean hasSentence(byte[] whole, String sentence) {
        return cache.contains(inContext(whole, sentence)) || cache.contains(EmbeddingText.hash(model.name(), sentence));
    }

    /** The sentences of {@code doc} that get a vector of their own (see {@link SentenceVectors}). */
    public List<String> sentencesToEmbed(KnowledgeDoc doc) {
        List<String> sentences = sentencesOf(doc);
        if (sentenceVectors == SentenceVectors.EVERY || sentenceVectors == SentenceVectors.IN_CONTEXT
                || sentences.isEmpty()) {
            return sentences;
        }
        if (sentenceVectors == SentenceVectors.NONE) {
            return List.of();
        }
        String text = textOf(doc);
        String readPart = spaced(text.substring(0, Math.min(text.length(), model.charsRead(text))));
        List<String> out = new ArrayList<>();
        for (String sentence : sentences) {
            if (!readPart.contains(spaced(sentence))) {
                out.add(sentence); // past the part the whole text's vector reads, cut by its end, or the title
            }
        }
        return out;
    }

    private static String spaced(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }

    private void missingSentences(List<KnowledgeDoc> docs, Map<String, String> missing) {
        for (KnowledgeDoc doc : docs) {
            byte[] whole = hashOf(doc);
            for (String sentence : sentencesToEmbed(doc)) {
                if (!hasSentence(whole, sentence)) {
                    missing.putIfAbsent(EmbeddingCache.hex(EmbeddingText.hash(model.name(), sentence)), sentence);
                }
            }
        }
    }

    private Map<String, float[]> embed(Map<String, String> texts) {
        Map<String, float[]> out = new HashMap<>();
        if (texts.isEmpty()) {
            return out;
        }
        List<float[]> vectors = model.embed(new ArrayList<>(texts.values()));
        List<byte[]> hashes = new ArrayList<>(texts.size());
        int j = 0;
        for (String hex : texts.keySet()) {
            hashes.add(HexFormat.of().parseHex(hex));
            out.put(hex, vectors.get(j++));
        }
        cache.putAll(hashes, vectors); // one write for the batch
        return out;
    }

    /**
     * How close a document is in meaning to a question: the best cosine of its whole text's vector (its own, or
     * the cached one) and its sentences' cached vectors; NaN when none is known.
     */
    public float similarity(float[] question, KnowledgeDoc doc) {
        float best = Float.NaN;
        byte[] key = doc.embedding() != null ? null : hashOf(doc);
        float[] whole = key == null ? doc.embedding() : cache.get(key);
        if (whole != null && whole.length == question.length) {
            best = dot(question, whole);
        }
        boolean preferContext = sentenceVectors == SentenceVectors.IN_CONTEXT;
        for (String sentence : sentencesOf(doc)) {
            key = key == null && preferContext ? hashOf(doc) : key;
            float[] v = cache.get(preferContext ? inContext(key, sentence) : EmbeddingText.hash(model.name(), sentence));
            if (v == null) { // embedded under another choice
                key = key == null ? hashOf(doc) : key;
                v = cache.get(preferContext ? EmbeddingText.hash(model.name(), sentence) : inContext(key, sentence));
            }
            if (v != null) {
                float s = dot(question, v);
                best = Float.isNaN(best) ? s : Math.max(best, s);
            }
        }
        return best;
    }

    private static float dot(float[] a, float[] b) {
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** The cache keys of a document: its whole text's and its sentences' (what compaction keeps). */
    public List<String> hashesOf(KnowledgeDoc doc) {
        List<String> out = new ArrayList<>();
        byte[] whole = hashOf(doc);
        out.add(EmbeddingCache.hex(whole));
        boolean preferContext = sentenceVectors == SentenceVectors.IN_CONTEXT;
        for (String sentence : sentencesOf(doc)) {
            byte[] key = sentenceKey(whole, sentence, preferContext);
            out.add(EmbeddingCache.hex(cache.contains(key) ? key : sentenceKey(whole, sentence, !preferContext)));
        }
        return out;
    }

    /** The ids written without a vector since the last call (for the backfill), emptied. */
    public Set<String> takePending() {
        synchronized (pending) {
            Set<String> out = new HashSet<>(pending);
            pending.clear();
            return out;
        }
    }

    public void remember(Collection<String> ids) {
        synchronized (pending) {
            pending.addAll(ids);
        }
    }

    @Override
    public void close() {
        if (cache != null) {
            cache.close();
        }
    }
}
