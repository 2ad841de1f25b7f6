package services.embedding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.knowledge.KnowledgeDoc;

/**
 * {@link Embeddings.SentenceVectors#IN_CONTEXT}, the default: a document's sentence vectors come from the passes over
 * its text that give its whole vector ({@link EmbeddingModel#embedInContext}), and are cached under that text, so a
 * new text gives its sentences new vectors.
 */
final class SentencesInContext {

    private final Embeddings embeddings;
    private final String modelName;

    SentencesInContext(Embeddings embeddings) {
        this.embeddings = embeddings;
        this.modelName = embeddings.model().name();
    }

    /** The cache key of a sentence's vector read in the context of the text whose own key is {@code whole}. */
    static byte[] key(String modelName, byte[] whole, String sentence) {
        return EmbeddingText.hash(modelName + "/in-context", HexFormat.of().formatHex(whole) + sentence);
    }

    /**
     * Each document whose whole vector or some sentence's vector the cache lacks is read once for all of them (a
     * sentence vector embedded on its own under another choice counts as there; a text shared by several documents
     * is read once).
     * With {@code attach}, the documents come back with their whole vectors.
     */
    Embeddings.Embedded embed(List<KnowledgeDoc> docs, boolean attach) {
        List<KnowledgeDoc> out = new ArrayList<>(docs);
        Map<String, ToRead> toRead = new LinkedHashMap<>(); // each text once
        String[] readAs = new String[docs.size()]; // the text a document's vectors come from; null: from the cache
        int cachedCount = 0;
        for (int i = 0; i < docs.size(); i++) {
            KnowledgeDoc doc = docs.get(i);
            String text = embeddings.textOf(doc);
            byte[] key = EmbeddingText.hash(modelName, text);
            float[] whole = embeddings.cache().get(key);
            List<String> sentences = embeddings.sentencesOf(doc);
            if (whole != null && sentences.stream().allMatch(s -> embeddings.hasSentence(key, s))) {
                out.set(i, doc.withEmbedding(whole));
                cachedCount++;
            } else {
                toRead.putIfAbsent(text, new ToRead(key, sentences));
                readAs[i] = text;
            }
        }
        if (toRead.isEmpty()) {
            return new Embeddings.Embedded(attach ? out : docs, 0, cachedCount, 0);
        }
        List<String> texts = new ArrayList<>(toRead.keySet());
        List<float[][]> vectors = embeddings.model().embedInContext(texts,
                toRead.values().stream().map(ToRead::sentences).toList());
        Map<String, float[]> put = new LinkedHashMap<>(); // hex of the key → vector, each key once
        Map<String, float[]> wholeByText = new HashMap<>();
        int sentenceCount = 0;
        for (int k = 0; k < texts.size(); k++) {
            float[][] v = vectors.get(k);
            ToRead read = toRead.get(texts.get(k));
            put.put(EmbeddingCache.hex(read.key()), v[0]);
            wholeByText.put(texts.get(k), v[0]);
            for (int j = 0; j < read.sentences().size(); j++) {
                if (put.putIfAbsent(EmbeddingCache.hex(key(modelName, read.key(), read.sentences().get(j))),
                        v[1 + j]) == null) {
                    sentenceCount++;
                }
            }
        }
        List<byte[]> hashes = put.keySet().stream().map(HexFormat.of()::parseHex).toList();
        embeddings.cache().putAll(hashes, new ArrayList<>(put.values())); // one write for the batch
        int computed = 0;
        for (int i = 0; i < docs.size(); i++) {
            if (readAs[i] != null) {
                out.set(i, docs.get(i).withEmbedding(wholeByText.get(readAs[i])));
                computed++;
            }
        }
        return new Embeddings.Embedded(attach ? out : docs, computed, cachedCount, sentenceCount);
    }

    /** A text to read: its cache key and its sentences. */
    private record ToRead(byte[] key, List<String> sentences) {
    }
}
