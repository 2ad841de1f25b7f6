package app.bench;

import app.compose.IndexBackends;
import app.compose.Pools;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;

/**
 * The Knowledge benchmark: on generated vaults, full sync throughput, no-op re-sync time, search latency for a
 * fixed query set (as the browser asks it: with facet counts), and {@code rg -i} over the same files as the
 * baseline. Prints numbers and ratios; asserts nothing.
 */
public final class KnowledgeBenchmark {

    static final List<String> QUERIES = List.of("idempotency", "email retry", "typesense filter backticks", "flaky network",
            "quarantine", "schema migration", "timezone utc", "budget tokens", "nanny stall restart", "snapshot review",
            "cron concurrency", "redis ttl", "gateway session channel", "otel event", "watchdog prune", "failed target",
            "dream amendment soul", "commit branch trailer", "secret prompt trace", "durable step workflow");

    /**
     * One vault size. Cold = the first run in this JVM (what a user sees once after start-up); warm = the median of
     * the later runs. Plain search is what recall and {@code rg} do; browser search also counts the four facets.
     */
    public record Row(int docs, int files, long fullSyncColdMs, long fullSyncWarmMs, double docsPerSecondWarm,
                      long noopColdMs, long noopWarmMs, double plainP50Ms, double plainP95Ms, double browserP50Ms,
                      double browserP95Ms, double rgP50Ms, double rgP95Ms, double ratioP50, String rgTool) {
    }

    private final Path base;
    private final Pools pools;
    private final int searchRuns;

    public KnowledgeBenchmark(Path base, int searchRuns, Pools pools) {
        this.pools = pools;
        this.base = base;
        this.searchRuns = searchRuns;
    }

    public Row run(int docs, PrintWriter log) throws IOException, InterruptedException {
        Path ws = base.resolve("vault-" + docs);
        if (!Files.exists(ws.resolve("workspace.json"))) {
            log.println("generating a vault of " + docs + " documents in " + ws + " …");
            log.flush();
            SyntheticVault.write(ws, docs);
        }
        Workspace workspace = IndexBackends.shippedLoader().load(ws);
        List<Long> full = new ArrayList<>();
        List<Long> noop = new ArrayList<>();
        SyncResult first = null;
        for (int run = 0; run < 3; run++) {
            deleteState(ws);
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(workspace.indexDir(), 384)) {
                VaultSync sync = new VaultSync(workspace, index, Clock.systemUTC())
                        .preparingIn(pools.workLanes());
                long t0 = System.nanoTime();
                SyncResult result = sync.run(SyncOptions.all(), ProgressSink.NONE);
                full.add((System.nanoTime() - t0) / 1_000_000);
                first = first == null ? result : first;
                long t1 = System.nanoTime();
                SyncResult again = sync.run(SyncOptions.all(), ProgressSink.NONE);
                noop.add((System.nanoTime() - t1) / 1_000_000);
                if (again.indexed() != 0) {
                    throw new IllegalStateException("the no-op re-sync indexed " + again.indexed() + " documents");
                }
            }
        }
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(workspace.indexDir(), 384)) {
            List<Double> plain = latencies(index, false);
            List<Double> browser = latencies(index, true);
            RgBaseline rg = RgBaseline.measure(workspace.vault(), QUERIES);
            int files = first.filesChanged() + first.filesUnchanged() + first.errors().size();
            long warmFull = median(full.subList(1, full.size()));
            double p50 = percentile(plain, 50);
            return new Row(first.indexed(), files, full.get(0), warmFull, first.indexed() * 1000.0 / Math.max(1, warmFull),
                    noop.get(0), median(noop.subList(1, noop.size())), p50, percentile(plain, 95),
                    percentile(browser, 50), percentile(browser, 95), rg.p50(), rg.p95(), rg.p50() / p50, rg.tool());
        }
    }

    private List<Double> latencies(LuceneKnowledgeIndex index, boolean facets) {
        for (int warm = 0; warm < 50; warm++) {
            QUERIES.forEach(q -> index.search(KnowledgeQuery.text(q, 20).withFacets(facets)));
        }
        List<Double> times = new ArrayList<>();
        for (int r = 0; r < searchRuns; r++) {
            for (String q : QUERIES) {
                long s = System.nanoTime();
                index.search(KnowledgeQuery.text(q, 20).withFacets(facets));
                times.add((System.nanoTime() - s) / 1e6);
            }
        }
        return times;
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    static void deleteState(Path ws) throws IOException {
        Path state = ws.resolve("state");
        if (Files.exists(state)) {
            try (var walk = Files.walk(state)) {
                for (Path p : walk.sorted(Collections.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    static double percentile(List<Double> values, int pct) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int at = (int) Math.ceil(pct / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, at)));
    }

    /** {@code rg -i -l} for each query's words (any of them) over the vault: what an operator would do without the console. */
    record RgBaseline(double p50, double p95, String tool) {
        static RgBaseline measure(Path vault, List<String> queries) throws IOException, InterruptedException {
            boolean rg = onPath("rg");
            List<Double> times = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                for (String q : queries) {
                    String pattern = String.join("|", q.split(" "));
                    List<String> command = rg ? List.of("rg", "-i", "-l", "-e", pattern, vault.toString())
                            : List.of("grep", "-r", "-i", "-l", "-E", pattern, vault.toString());
                    long s = System.nanoTime();
                    Process p = new ProcessBuilder(command).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    p.waitFor();
                    times.add((System.nanoTime() - s) / 1e6);
                }
            }
            return new RgBaseline(percentile(times, 50), percentile(times, 95), rg ? "rg -i -l" : "grep -r -i -l");
        }

        private static boolean onPath(String tool) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
                if (Files.isExecutable(Path.of(dir, tool))) {
                    return true;
                }
            }
            return false;
        }
    }

    static Map<String, String> targets() {
        return Map.of("full sync", ">= 5,000 docs/s", "no-op re-sync", "< 0.5 s per 10k files", "search p95",
                "< 20 ms at 100k docs", "vs rg", ">= 50x faster");
    }
}
