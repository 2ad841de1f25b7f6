package services.embedding;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

    /** @param disabledReason null when semantic search is on; otherwise why it is off, for the user */
    public Embeddings(EmbeddingModel model, EmbeddingCache cache, String disabledReason, int maxChars) {
        this.model = model;
        this.cache = cache;
        this.disabledReason = disabledReason;
        this.maxChars = maxChars;
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
        return model.embed(List.of(question)).get(0);
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

    /** The documents with their vectors; how many the model computed and how many came from the cache. */
    public record Embedded(List<KnowledgeDoc> docs, int computed, int cached) {
    }

    /** Every document with its vector: from the cache, or computed (and cached) in one call to the model. */
    public Embedded embedAll(List<KnowledgeDoc> docs) {
        int cachedCount = 0;
        List<KnowledgeDoc> out = new ArrayList<>(docs);
        List<Integer> missing = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<byte[]> hashes = new ArrayList<>();
        for (int i = 0; i < docs.size(); i++) {
            String text = textOf(docs.get(i));
            byte[] hash = EmbeddingText.hash(model.name(), text);
            float[] cached = cache.get(hash);
            if (cached != null) {
                out.set(i, docs.get(i).withEmbedding(cached));
                cachedCount++;
            } else {
                missing.add(i);
                texts.add(text);
                hashes.add(hash);
            }
        }
        if (!texts.isEmpty()) {
            List<float[]> vectors = model.embed(texts);
            for (int j = 0; j < missing.size(); j++) {
                cache.put(hashes.get(j), vectors.get(j));
                out.set(missing.get(j), docs.get(missing.get(j)).withEmbedding(vectors.get(j)));
            }
        }
        return new Embedded(out, texts.size(), cachedCount);
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
