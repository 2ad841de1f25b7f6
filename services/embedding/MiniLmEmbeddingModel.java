package services.embedding;

import ai.onnxruntime.OrtException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * all-MiniLM-L6-v2, quantized (384 dimensions), shipped inside its Maven package and run by onnxruntime on the
 * CPU with no network. The model loads once per process, on the first call, in the caller's thread (never the
 * FX thread: callers are background tasks), and its session is shared by every instance. Each text is one run
 * on one core ({@link MiniLmSession}); a call with several texts spreads them over {@code parallelism} workers —
 * the caller and {@code parallelism − 1} tasks on the given executor — so two cores embed two texts at once.
 * The vectors do not depend on how texts are grouped or spread.
 */
public final class MiniLmEmbeddingModel implements EmbeddingModel {

    public static final String NAME = "all-minilm-l6-v2-q";
    public static final int DIMENSIONS = 384;

    /**
     * Texts are cut here before they are embedded and hashed. The tokenizer shipped with the model keeps only the
     * first 128 word pieces of that (about 500–600 characters of English), so a whole text's vector reads less
     * than this; its sentences' vectors cover the rest.
     */
    public static final int MAX_CHARS = 1_000;

    private static volatile MiniLmSession shared;

    private final Executor workers;
    private final int parallelism;

    /** Texts embedded one after another in the caller's thread. */
    public MiniLmEmbeddingModel() {
        this(Runnable::run, 1);
    }

    /** Texts spread over the caller and {@code parallelism − 1} tasks on {@code workers}. */
    public MiniLmEmbeddingModel(Executor workers, int parallelism) {
        this.workers = workers;
        this.parallelism = Math.max(1, parallelism);
    }

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

    /** Loads the model now if it is not loaded yet (blocks; call it off the window's thread). */
    public static void load() {
        session();
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        MiniLmSession session = session();
        String[] cut = new String[texts.size()];
        for (int i = 0; i < cut.length; i++) {
            cut[i] = cut(texts.get(i));
        }
        return Arrays.asList(spread(cut.length, i -> guarded(() -> session.embed(cut[i])), float[][]::new));
    }

    /** One pass over each text gives its vector and its sentences' (see {@link MiniLmSession#embedInContext}). */
    @Override
    public List<float[][]> embedInContext(List<String> texts, List<List<String>> sentences) {
        MiniLmSession session = session();
        return Arrays.asList(spread(texts.size(), i -> guarded(() -> session.embedInContext(cut(texts.get(i)),
                sentences.get(i))), float[][][]::new));
    }

    private static String cut(String text) {
        String t = text == null || text.isBlank() ? "(empty)" : text;
        return t.length() > MAX_CHARS ? t.substring(0, MAX_CHARS) : t;
    }

    /** {@code work(0 … n−1)} spread over the caller and up to {@code parallelism − 1} workers, in order. */
    private <T> T[] spread(int n, IntFunction<T> work, IntFunction<T[]> array) {
        T[] out = array.apply(n);
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                out[i] = work.apply(i);
            }
        };
        int helpers = Math.min(parallelism, n) - 1;
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (int i = 0; i < helpers; i++) {
            running.add(CompletableFuture.runAsync(worker, workers));
        }
        RuntimeException failed = null;
        try {
            worker.run();
        } catch (RuntimeException e) {
            failed = e;
            next.set(n); // the helpers stop after their current text
        }
        for (CompletableFuture<Void> helper : running) {
            try {
                helper.join();
            } catch (CompletionException e) {
                if (failed == null) {
                    failed = e.getCause() instanceof RuntimeException r ? r : new EmbeddingException(
                            "The embedding model " + NAME + " failed on a text: " + e.getCause(), e.getCause());
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
        return out;
    }

    @Override
    public int charsRead(String text) {
        String t = text == null ? "" : text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        return session().charsRead(t);
    }

    /** One run of the model; its failure as an {@link EmbeddingException} naming the model. */
    private interface Run<T> {
        T run() throws OrtException;
    }

    private static <T> T guarded(Run<T> run) {
        try {
            return run.run();
        } catch (OrtException | RuntimeException e) {
            throw new EmbeddingException("The embedding model " + NAME + " failed on a text: " + e.getMessage(), e);
        }
    }

    private static MiniLmSession session() {
        MiniLmSession s = shared;
        if (s != null) {
            return s;
        }
        synchronized (MiniLmEmbeddingModel.class) {
            if (shared == null) {
                try {
                    shared = MiniLmSession.load();
                } catch (OrtException | IOException | RuntimeException | LinkageError e) {
                    throw new EmbeddingException("Cannot load the embedding model " + NAME + " (its native library "
                            + "for " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
                            + " did not load: " + e.getMessage() + "). Keyword search still works.", e);
                }
            }
            return shared;
        }
    }
}
