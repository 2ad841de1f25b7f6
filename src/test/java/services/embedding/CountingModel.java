package services.embedding;

import java.util.ArrayList;
import java.util.List;

/** The real MiniLM model, counting the texts it was asked to embed (to prove what was and was not re-embedded). */
final class CountingModel implements EmbeddingModel {

    private final MiniLmEmbeddingModel real = new MiniLmEmbeddingModel();
    final List<String> embedded = new ArrayList<>();
    /** The texts read in context ({@link #embedInContext}), whole texts whose sentences came from the same pass. */
    final List<String> readInContext = new ArrayList<>();
    /** Runs before each call: a concurrent writer, for race tests. */
    Runnable beforeEmbedding = () -> { };

    @Override
    public String name() {
        return real.name();
    }

    @Override
    public int dimensions() {
        return real.dimensions();
    }

    @Override
    public int charsRead(String text) {
        return real.charsRead(text);
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        beforeEmbedding.run();
        embedded.addAll(texts);
        return real.embed(texts);
    }

    @Override
    public List<float[][]> embedInContext(List<String> texts, List<List<String>> sentences) {
        beforeEmbedding.run();
        readInContext.addAll(texts);
        return real.embedInContext(texts, sentences);
    }
}
