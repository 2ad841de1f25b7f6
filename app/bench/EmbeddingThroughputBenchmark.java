package app.bench;

import app.compose.Pools;
import com.sun.management.OperatingSystemMXBean;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.knowledge.KnowledgeDoc;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/**
 * How fast a workspace's documents get their embeddings, everything included: the backfill of documents of
 * exactly 1,000 characters (cut from the labeled set's texts, each one different) as the window and the CLI run
 * it — the model over every core, whole texts and sentences, the cache's writes, the index's writes. The model is
 * loaded and warmed first (its load is reported on its own). Meanwhile a thread stands in for the window's: it asks
 * to run every 5 ms, and the benchmark reports how late it ran at worst — what a UI thread would wait for a core.
 */
public final class EmbeddingThroughputBenchmark {

    public record Result(int documents, int cores, long modelLoadMs, long wallMs, double docsPerSecond,
                         double cpuMsPerDoc, double coresBusy, int sentenceVectors, double uiLateP99Ms,
                         double uiLateMaxMs, String window) {
    }

    private final Path base;
    private final Pools pools;

    public EmbeddingThroughputBenchmark(Path base, Pools pools) {
        this.pools = pools;
        this.base = base;
    }

    public Result run(int documents, PrintWriter log) throws IOException, InterruptedException {
        return run(documents, log, true);
    }

    /** @param withWindow whether the window part runs too (a child process under a display or xvfb-run) */
    public Result run(int documents, PrintWriter log, boolean withWindow) throws IOException, InterruptedException {
        Files.createDirectories(base);
        Path dir = Files.createTempDirectory(base, "embed");
        try (HybridKnowledgeIndex index = RecallBenchmark.open(dir, pools)) {
            long t = System.nanoTime();
            index.embeddings().model().embed(List.of("warm the model up", "a second text to warm it"));
            long loadMs = (System.nanoTime() - t) / 1_000_000;
            index.upsert(documents(documents));
            index.flush();
            log.printf("embedding %,d documents of 1,000 characters on %d cores …%n", documents,
                    Runtime.getRuntime().availableProcessors());
            log.flush();
            EmbeddingBackfill backfill = new EmbeddingBackfill(index, index.embeddings(),
                    new BackfillState(dir.resolve("state/embeddings")), Telemetry.noop())
                    .writingBeside(pools.backfillWrites()); // as the window and the CLI run it
            List<Double> late = new ArrayList<>();
            AtomicBoolean done = new AtomicBoolean();
            Thread ui = new Thread(() -> watch(done, late), "ui-stand-in");
            ui.start();
            long cpu0 = cpuNanos();
            long w0 = System.nanoTime();
            EmbeddingBackfill.Result r = backfill.run(ProgressSink.NONE);
            long wall = System.nanoTime() - w0;
            long cpu = cpuNanos() - cpu0;
            done.set(true);
            ui.join();
            late.sort(null);
            return new Result(r.computed(), Runtime.getRuntime().availableProcessors(), loadMs, wall / 1_000_000,
                    r.computed() / (wall / 1e9), cpu / 1e6 / Math.max(1, r.computed()), (double) cpu / wall,
                    r.sentences(), late.isEmpty() ? 0 : late.get((int) Math.min(late.size() - 1, late.size() * 0.99)),
                    late.isEmpty() ? 0 : late.get(late.size() - 1),
                    withWindow ? window(log) : "not measured");
        } finally {
            RecallBenchmark.delete(dir);
        }
    }

    /**
     * The real window: the demo workspace opened fresh (synced, then embedded in the background) under the
     * installed launcher or {@code java -jar}, its FX thread watched from the start of the embedding to its end.
     */
    private String window(PrintWriter log) throws IOException, InterruptedException {
        if (!Boolean.parseBoolean(System.getProperty("brainconsole.bench.window", "true"))) {
            return "not measured: -Dbrainconsole.bench.window=false";
        }
        if (System.getenv("DISPLAY") == null && !onPath("xvfb-run")) {
            return "not measured: no display and no xvfb-run";
        }
        log.println("the window: the demo workspace, synced and embedded in the background …");
        log.flush();
        Path home = Files.createTempDirectory(base, "embed-window");
        try {
            String out = StartupBenchmark.run(StartupBenchmark.launcher(), home,
                    List.of("--demo", "--ui-stalls-while-embedding"));
            return out.lines().filter(l -> l.startsWith("while embedding")).findFirst()
                    .orElse("not measured: the window did not report (" + out.lines().reduce((a, b) -> b).orElse("") + ")");
        } finally {
            RecallBenchmark.delete(home);
        }
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    /** Wakes every 5 ms; records how much later than asked each wake-up came (ms). */
    private static void watch(AtomicBoolean done, List<Double> late) {
        while (!done.get()) {
            long asked = System.nanoTime() + 5_000_000;
            LockSupport.parkNanos(5_000_000);
            late.add(Math.max(0, System.nanoTime() - asked) / 1e6);
        }
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * Documents of exactly 1,000 characters: the labeled set's sentences run together, each starting elsewhere and
     * each sentence made the document's own (as a loop's lessons are), so no vector comes from the cache.
     */
    static List<KnowledgeDoc> documents(int n) {
        Set<String> distinct = new LinkedHashSet<>();
        for (KnowledgeDoc d : RecallCorpus.load().all()) {
            for (String s : (d.content().isBlank() ? d.title() : d.content()).split("(?<=[.!?])\\s+")) {
                if (s.strip().length() > 40) { // long enough that the sentence splitter keeps it on its own
                    distinct.add(s.strip());
                }
            }
        }
        List<String> sentences = new ArrayList<>(distinct);
        List<KnowledgeDoc> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            StringBuilder text = new StringBuilder();
            for (int j = i * 13; text.length() < 1_000; j++) {
                text.append("In case ").append(i).append(", ").append(sentences.get(j % sentences.size())).append(' ');
            }
            out.add(new KnowledgeDoc("lesson:embed:" + i, "lesson", "Lesson " + i, text.substring(0, 1_000), null,
                    null, null, null, null, List.of(), 1L, null));
        }
        return out;
    }

    public static String table(Result r) {
        return String.format("| documents (1,000 characters) | cores | model load | wall | documents/s | CPU per document "
                + "| cores busy | sentence vectors (%s) | UI stand-in late p99 / max |%n|---:|---:|---:|---:|---:|---:|---:|---:|---:|%n"
                + "| %,d | %d | %,d ms | %,d ms | **%.0f** | %.1f ms | %.2f | %,d | %.1f / %.1f ms |%n"
                + "Targets: >= 100 documents of 1,000 characters a second on 2 cores, everything included; the UI thread "
                + "never blocked > 50 ms while embedding.%nThe window (demo workspace) %s%n",
                Embeddings.SentenceVectors.configured().name().toLowerCase(Locale.ROOT)
                        .replace('_', ' '), r.documents(), r.cores(),
                r.modelLoadMs(), r.wallMs(), r.docsPerSecond(), r.cpuMsPerDoc(), r.coresBusy(), r.sentenceVectors(),
                r.uiLateP99Ms(), r.uiLateMaxMs(), r.window());
    }
}
