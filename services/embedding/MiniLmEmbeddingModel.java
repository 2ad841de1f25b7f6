package services.embedding;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * all-MiniLM-L6-v2, quantized (384 dimensions), shipped inside its Maven package and run by onnxruntime on the
 * CPU with no network. The model loads once per process, on the first call, in the caller's thread (never the
 * FX thread: callers are background tasks). Texts are embedded one after another in the caller's thread;
 * onnxruntime itself uses every core for one text.
 */
public final class MiniLmEmbeddingModel implements EmbeddingModel {

    public static final String NAME = "all-minilm-l6-v2-q";
    public static final int DIMENSIONS = 384;

    /** The model reads at most 256 word pieces; about this many characters of English fill them. */
    public static final int MAX_CHARS = 1_000;

    private static final Executor IN_CALLER = Runnable::run;
    private static volatile AllMiniLmL6V2QuantizedEmbeddingModel shared;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int dimensions() {
        return DIMENSIONS;
    }

    /** True once the model has been loaded in this process. */
    public static boolean loaded() {
        return shared != null;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        AllMiniLmL6V2QuantizedEmbeddingModel model = model();
        List<TextSegment> segments = new ArrayList<>(texts.size());
        for (String text : texts) {
            String t = text == null || text.isBlank() ? "(empty)" : text;
            segments.add(TextSegment.from(t.length() > MAX_CHARS ? t.substring(0, MAX_CHARS) : t));
        }
        try {
            List<Embedding> out = model.embedAll(segments).content();
            List<float[]> vectors = new ArrayList<>(out.size());
            for (Embedding e : out) {
                vectors.add(e.vector());
            }
            return vectors;
        } catch (RuntimeException e) {
            throw new EmbeddingException("The embedding model " + NAME + " failed on a text: " + e.getMessage(), e);
        }
    }

    private static AllMiniLmL6V2QuantizedEmbeddingModel model() {
        AllMiniLmL6V2QuantizedEmbeddingModel m = shared;
        if (m != null) {
            return m;
        }
        synchronized (MiniLmEmbeddingModel.class) {
            if (shared == null) {
                try {
                    shared = new AllMiniLmL6V2QuantizedEmbeddingModel(IN_CALLER);
                } catch (RuntimeException | LinkageError e) {
                    throw new EmbeddingException("Cannot load the embedding model " + NAME + " (its native library "
                            + "for " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
                            + " did not load: " + e.getMessage() + "). Keyword search still works.", e);
                }
            }
            return shared;
        }
    }
}
