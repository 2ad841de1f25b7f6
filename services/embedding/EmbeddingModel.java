package services.embedding;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns text into unit-length vectors whose dot product says how alike two texts are in meaning. Implementations
 * are deterministic (the same text gives the same vector) and safe to call from one thread at a time.
 */
public interface EmbeddingModel {

    /** A short stable name; cached vectors are keyed by it, so a new model never reuses another's vectors. */
    String name();

    int dimensions();

    /** One vector per text, in order. Blocks; may take seconds the first time while the model loads. */
    List<float[]> embed(List<String> texts);

    /**
     * For each text, its vector followed by one vector for each of its sentences (which are pieces of it), read in
     * the context of the text where the model can do that in one pass; by default each sentence is embedded on its
     * own. The first vector is always the same as {@link #embed}'s.
     */
    default List<float[][]> embedInContext(List<String> texts, List<List<String>> sentences) {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            all.add(texts.get(i));
            all.addAll(sentences.get(i));
        }
        List<float[]> vectors = embed(all);
        List<float[][]> out = new ArrayList<>(texts.size());
        int j = 0;
        for (int i = 0; i < texts.size(); i++) {
            float[][] one = new float[1 + sentences.get(i).size()][];
            for (int k = 0; k < one.length; k++) {
                one[k] = vectors.get(j++);
            }
            out.add(one);
        }
        return out;
    }

    /**
     * How many leading characters of {@code text} the model's vector of it reads: all of them, unless the model
     * stops reading earlier (MiniLM's tokenizer keeps 128 word pieces).
     */
    default int charsRead(String text) {
        return text.length();
    }

    /**
     * A question's vector. The same as a text's for a symmetric model (MiniLM); a model trained with a query
     * instruction or prefix (BGE, E5) adds it here.
     */
    default float[] embedQuery(String question) {
        return embed(List.of(question)).get(0);
    }
}
