package app.cli;

import app.bench.BrainBenchmark;
import app.bench.BriefBenchmark;
import app.bench.CliBenchmark;
import app.bench.EmbeddingThroughputBenchmark;
import app.bench.KnowledgeBenchmark;
import app.bench.ReachBenchmark;
import app.bench.RecallBenchmark;
import app.bench.RecallCostBenchmark;
import app.bench.ReviewBenchmark;
import app.bench.StartupBenchmark;
import app.bench.WatchdogBenchmark;
import app.compose.Pools;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brain-console bench knowledge}: the performance figures of the README, measured here. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run a benchmark and print its figures (numbers and ratios; nothing is asserted).")
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "WHAT", description = "knowledge, review, startup, brief, watchdog, recall, embed, reach, brain or cli", defaultValue = "knowledge")
    String what;

    @Option(names = "--sizes", split = ",", defaultValue = "10000,100000", converter = OptionValues.Documents.class,
            description = "Vault sizes in documents (default 10000,100000).")
    List<Integer> sizes;

    @Option(names = "--dir", description = "Where generated vaults are kept (default: /tmp/brain-console-bench).")
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "brain-console-bench");

    @Option(names = "--runs", defaultValue = "25",
            converter = OptionValues.Runs.class, description = "Search repetitions of the query set (default 25); "
            + "bench embed: how many documents (default 400).")
    int runs;

    @Option(names = "--quality-only", description = "bench recall: only the labeled questions, not the cost figures.")
    boolean qualityOnly;

    @Option(names = "--cost-only", description = "bench recall: only the cost figures.")
    boolean costOnly;

    @Option(names = "--semantic", description = "bench startup: browse the 100k-document workspace with semantic "
            + "search on (every document with a vector, the model loaded, Semantic searches).")
    boolean semantic;

    @Option(names = "--json", description = "Print the rows as JSON.")
    boolean json;

    @Option(names = "--workspace", paramLabel = "DIR", description = "Taken like every command's; the benchmarks "
            + "build their own workspaces (the demo, generated vaults) and leave yours untouched.")
    Path workspace;

    /** The worker threads of this benchmark run (its own process's, as the window's and the CLI's are theirs). */
    private final Pools pools = new Pools();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (workspace != null) {
            spec.commandLine().getErr().println("note: bench builds its own workspaces; " + workspace
                    + " is not read or changed.");
            spec.commandLine().getErr().flush();
        }
        if ("startup".equals(what)) {
            StartupBenchmark.Result r = new StartupBenchmark(dir, pools).run(semantic ? 1 : 5, spec.commandLine().getErr(),
                    semantic);
            out.printf("launcher: %s%n| cold start, median of %d | all runs | resident at start | resident after browsing "
                    + "%,d docs, semantic %s |%n|---:|---|---:|---:|%n| %d ms | %s ms | %d MB | %d MB |%n"
                    + "Targets: start-up < 1.5 s on 2 cores; resident memory < 400 MB after browsing a 100k-doc workspace.%n",
                    r.launcher(), r.startsMs().size(), r.browsedDocs(), semantic ? "on" : "off", r.medianMs(), r.startsMs(), r.residentAtStartMb(),
                    r.residentAfterBrowsingMb());
            out.flush();
            return 0;
        }
        if ("embed".equals(what)) {
            int n = spec.commandLine().getParseResult().hasMatchedOption("--runs") ? runs : 400;
            EmbeddingThroughputBenchmark.Result r = new EmbeddingThroughputBenchmark(dir, pools)
                    .run(n, spec.commandLine().getErr());
            out.print(json ? new ObjectMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(r) + System.lineSeparator() : EmbeddingThroughputBenchmark.table(r));
            out.flush();
            return 0;
        }
        if ("brain".equals(what)) {
            BrainBenchmark.Result r = new BrainBenchmark(dir).run(500, spec.commandLine().getErr());
            out.print(json ? new ObjectMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(r) + System.lineSeparator() : BrainBenchmark.table(r));
            out.flush();
            return 0;
        }
        if ("cli".equals(what)) {
            // Each run is a process start: 5 of each unless --runs says otherwise.
            int n = spec.commandLine().getParseResult().hasMatchedOption("--runs") ? runs : 5;
            CliBenchmark.Result r = new CliBenchmark(dir).run(n, spec.commandLine().getErr());
            if (json) {
                out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(r));
            } else {
                out.print(CliBenchmark.table(r));
            }
            out.flush();
            return 0;
        }
        if ("recall".equals(what)) {
            Map<String, Object> asJson = new LinkedHashMap<>();
            if (!costOnly) {
                RecallBenchmark.Quality q = new RecallBenchmark(pools).quality(spec.commandLine().getErr());
                asJson.put("quality", RecallBenchmark.json(q));
                if (!json) {
                    out.print(RecallBenchmark.table(q));
                    out.flush();
                }
            }
            if (!qualityOnly) {
                RecallCostBenchmark.Cost c = new RecallCostBenchmark(dir, pools).run(
                        sizes.get(0), sizes.get(sizes.size() - 1), spec.commandLine().getErr());
                asJson.put("cost", c);
                if (!json) {
                    out.print(RecallCostBenchmark.table(c));
                    out.flush();
                }
            }
            if (json) {
                out.println(new ObjectMapper().writerWithDefaultPrettyPrinter()
                        .writeValueAsString(asJson));
                out.flush();
            }
            return 0;
        }
        if ("reach".equals(what)) {
            Path runDir = Files.createTempDirectory(
                    Files.createDirectories(dir), "reach");
            ReachBenchmark.Result r = new ReachBenchmark(runDir, pools).run(10_000,
                    sizes.get(sizes.size() - 1), spec.commandLine().getErr());
            out.printf("| stories | documents | build the index (not counted) | read the retros | replay + lists "
                    + "(first run) | documents reached | never reached | next run (read + replay + lists) | documents "
                    + "changed | new stories | stories searched again |%n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:"
                    + "|---:|%n| %,d | %,d | %,d ms | %,d ms | %,d ms | %,d | %,d | %,d ms | %,d | %,d | %,d |%n"
                    + "Target: 10k stories × 100k documents < 1 min on 2 cores.%n", r.stories(), r.docs(), r.indexMs(),
                    r.loadMs(), r.replayMs(), r.reached(), r.neverReached(), r.againMs(), r.changedDocs(),
                    r.newStories(), r.againReplayed());
            out.flush();
            return 0;
        }
        if ("watchdog".equals(what)) {
            int docs = sizes.get(sizes.size() - 1);
            WatchdogBenchmark.Result r = new WatchdogBenchmark(dir, pools).run(docs, 1_000_000,
                    spec.commandLine().getErr());
            out.printf("| documents | OTEL events | event files | cold run | every file read (JIT warm) | warm run (median of 5) "
                    + "| after 1,000 new events (median of 5) |%n|---:|---:|---:|---:|---:|---:|---:|%n"
                    + "| %,d | %,d | %d MB | %d ms | %d ms | %d ms | %d ms |%n"
                    + "findings: %s%nTarget: one watchdog run over a 100k-doc index and 1M OTEL events < 1 s.%n",
                    r.documents(), r.events(), r.eventBytes() >> 20, r.coldMs(), r.coldAllFilesMs(), r.warmMedianMs(),
                    r.incrementalMedianMs(), r.findings());
            out.flush();
            return 0;
        }
        if ("brief".equals(what)) {
            BriefBenchmark.Result r = new BriefBenchmark().run(25);
            out.printf("| brief gathered (demo workspace, index only) | first | median | p95 |%n|---|---:|---:|---:|%n"
                    + "| %d runs | %d ms | %d ms | %d ms |%nTarget: gathered in < 100 ms.%n", r.runs(), r.firstMs(),
                    r.medianMs(), r.p95Ms());
            out.flush();
            return 0;
        }
        if ("review".equals(what)) {
            ReviewBenchmark.Result r = new ReviewBenchmark(dir).run(10_000, 25);
            out.printf("| repo files | approvals | approve median | approve p95 | first approve (cold) | revert median | revert p95 |%n"
                    + "|---:|---:|---:|---:|---:|---:|---:|%n"
                    + "| %,d | %d | %.1f ms | %.1f ms | %.1f ms | %.1f ms | %.1f ms |%n"
                    + "Targets: approve on a repo of 10k files < 100 ms (median); revert < 200 ms (median).%n%n"
                    + "| shared through a remote (file://) | approve median (fetch first) | approve p95 | push after "
                    + "median | push p95 |%n|---|---:|---:|---:|---:|%n| %d approvals | %.1f ms | %.1f ms | %.1f ms | "
                    + "%.1f ms |%n",
                    r.files(), r.approvals(), r.medianMs(), r.p95Ms(), r.firstMs(), r.revertMedianMs(), r.revertP95Ms(),
                    ReviewBenchmark.SHARED, r.sharedMedianMs(), r.sharedP95Ms(), r.pushMedianMs(), r.pushP95Ms());
            out.flush();
            return 0;
        }
        if (!"knowledge".equals(what)) {
            throw OptionValues.notOneOf(spec.commandLine(), "WHAT", what, "a benchmark", List.of("knowledge", "review",
                    "startup", "brief", "watchdog", "recall", "embed", "reach", "brain", "cli"));
        }
        PrintWriter err = spec.commandLine().getErr();
        KnowledgeBenchmark bench = new KnowledgeBenchmark(dir, runs, pools);
        List<KnowledgeBenchmark.Row> rows = new ArrayList<>();
        for (int size : sizes) {
            rows.add(bench.run(size, err));
        }
        if (json) {
            out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(rows));
        } else {
            out.println("| docs | files | full sync cold / warm | docs/s (warm) | no-op re-sync cold / warm "
                    + "| plain search p50 / p95 | browser search p50 / p95 | rg p50 / p95 | rg ÷ plain search (p50) |");
            out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (KnowledgeBenchmark.Row r : rows) {
                out.printf("| %,d | %,d | %,d / %,d ms | %,.0f | %,d / %,d ms | %.2f / %.2f ms | %.2f / %.2f ms "
                        + "| %.1f / %.1f ms | %.0f× |%n", r.docs(), r.files(), r.fullSyncColdMs(), r.fullSyncWarmMs(),
                        r.docsPerSecondWarm(), r.noopColdMs(), r.noopWarmMs(), r.plainP50Ms(), r.plainP95Ms(),
                        r.browserP50Ms(), r.browserP95Ms(), r.rgP50Ms(), r.rgP95Ms(), r.ratioP50());
            }
            out.println("Targets: full sync >= 5,000 docs/s; no-op re-sync of 10k files < 0.5 s; search p95 < 20 ms at "
                    + "100k docs; >= 50x faster than " + (rows.isEmpty() ? "rg" : rows.get(0).rgTool()) + ".");
        }
        out.flush();
        return 0;
    }
}
