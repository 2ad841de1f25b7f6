package app.bench;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import services.embedding.EmbeddingException;
import services.embedding.EmbeddingModel;
import services.embedding.MiniLmEmbeddingModel;

/**
 * The other small embedding models that ship as Maven packages (langchain4j's BGE-small-en-v1.5 and e5-small-v2,
 * quantized and in full precision, and MiniLM itself in full precision; 384 dimensions like the shipped MiniLM), for
 * the recall benchmark's comparison only: they are not the console's
 * dependencies, so the benchmark finds them on the class path when they are put there
 * ({@code java -cp target/brain-console.jar:<their jars> app.Main bench recall}) and says so when they are not.
 * Each is used as its authors prescribe: BGE with its query instruction, E5 with {@code query: } and
 * {@code passage: } prefixes.
 */
final class BenchModels {

    private BenchModels() {
    }

    /**
     * A model the benchmark compares: its name, the class that loads it, its prefixes, and whether it votes in the
     * 3-model rerank (the quantized ones, as small as MiniLM's package; the full-precision ones are measured alone).
     */
    record Candidate(String name, String className, String queryPrefix, String passagePrefix, boolean votes) {
    }

    private static final String BGE_QUERY = "Represent this sentence for searching relevant passages: ";

    static final List<Candidate> OTHERS = List.of(
            new Candidate("bge-small-en-v1.5-q", "dev.langchain4j.model.embedding.onnx.bgesmallenv15q."
                    + "BgeSmallEnV15QuantizedEmbeddingModel", BGE_QUERY, "", true),
            new Candidate("e5-small-v2-q", "dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel",
                    "query: ", "passage: ", true),
            new Candidate("bge-small-en-v1.5 (full precision)",
                    "dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel", BGE_QUERY, "", false),
            new Candidate("e5-small-v2 (full precision)",
                    "dev.langchain4j.model.embedding.onnx.e5smallv2.E5SmallV2EmbeddingModel", "query: ", "passage: ", false),
            new Candidate("all-minilm-l6-v2 (full precision)",
                    "dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel", "", "", false));

    /** Whether a loaded model votes in the 3-model rerank. */
    static boolean votes(EmbeddingModel m) {
        return m instanceof Prefixed p && p.c.votes();
    }

    /** How many of the candidates vote in the rerank. */
    static long voters() {
        return OTHERS.stream().filter(Candidate::votes).count();
    }

    /** The model, or null when its package is not on the class path. */
    static EmbeddingModel load(Candidate c) {
        try {
            Class<?> type = Class.forName(c.className());
            Object model = type.getConstructor(Executor.class).newInstance((Executor) Runnable::run);
            return new Prefixed(c, (dev.langchain4j.model.embedding.EmbeddingModel) model); // qualified: our own EmbeddingModel is imported
        } catch (ClassNotFoundException absent) {
            return null;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new EmbeddingException("Cannot load " + c.name() + ": " + e.getMessage(), e);
        }
    }

    /** Megabytes of the jar that holds a model's class (the model is most of it). */
    static double megabytes(Class<?> modelClass) {
        try {
            Path jar = Path.of(modelClass.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(jar) ? Files.size(jar) / 1e6 : Double.NaN;
        } catch (Exception unknown) {
            return Double.NaN;
        }
    }

    static double megabytes(EmbeddingModel m) {
        return m instanceof Prefixed p ? megabytes(p.model.getClass())
                : megabytes(AllMiniLmL6V2QuantizedEmbeddingModel.class);
    }

    private static final class Prefixed implements EmbeddingModel {
        private final Candidate c;
        private final dev.langchain4j.model.embedding.EmbeddingModel model; // qualified: our own EmbeddingModel is imported

        Prefixed(Candidate c, dev.langchain4j.model.embedding.EmbeddingModel model) { // qualified: our own EmbeddingModel is imported
            this.c = c;
            this.model = model;
        }

        @Override
        public String name() {
            return c.name();
        }

        @Override
        public int dimensions() {
            return MiniLmEmbeddingModel.DIMENSIONS;
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            return run(texts, c.passagePrefix());
        }

        @Override
        public float[] embedQuery(String question) {
            return run(List.of(question), c.queryPrefix()).get(0);
        }

        private List<float[]> run(List<String> texts, String prefix) {
            List<TextSegment> segments = new ArrayList<>();
            for (String t : texts) {
                String s = t == null || t.isBlank() ? "(empty)" : t;
                segments.add(TextSegment.from(prefix + (s.length() > MiniLmEmbeddingModel.MAX_CHARS
                        ? s.substring(0, MiniLmEmbeddingModel.MAX_CHARS) : s)));
            }
            List<float[]> out = new ArrayList<>();
            for (Embedding e : model.embedAll(segments).content()) {
                out.add(e.vector());
            }
            return out;
        }
    }
}
