package services.embedding;

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
