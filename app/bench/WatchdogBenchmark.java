package app.bench;

import app.compose.IndexBackends;
import app.compose.Pools;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.watchdog.FileWatchdogGate;
import services.watchdog.JsonlOtelEvents;
import services.watchdog.Watchdog;
import services.watchdog.WatchdogReport;
import services.watchdog.Watchdogs;
import services.workspace.Workspace;

/**
 * {@code bench watchdog}: one watchdog run over the 100k-document synthetic vault and a million OTEL events in
 * seven daily JSON-lines files, each last written at the end of its day. Cold = a fresh event source (what the
 * {@code watchdog} command does): it reads the files written during the window; cold, all files = the worst case,
 * every file touched just now, so every line is read; warm = the scheduler's case, the same source again (files
 * unchanged); incremental = after 1,000 new events were appended.
 */
public final class WatchdogBenchmark {

    public record Result(int documents, int events, long eventBytes, long coldMs, long coldAllFilesMs,
                         long warmMedianMs, long incrementalMedianMs, String findings) {
    }

    private static final String[] ACTIONS = {"agent.dispatch", "system_knowledge.retrieval",
        "knowledge.turn_write.eligible", "knowledge.turn_write.completed", "gateway.message.sent", "memory.observe",
        "session.started", "tool.call"};

    private final Path base;
    private final Pools pools;

    public WatchdogBenchmark(Path base, Pools pools) {
        this.pools = pools;
        this.base = base;
    }

    public Result run(int docs, int events, PrintWriter log) throws IOException {
        Path dir = base.resolve("vault-" + docs);
        if (!Files.exists(dir.resolve("workspace.json"))) {
            log.println("generating a vault of " + docs + " documents in " + dir + " …");
            log.flush();
            SyntheticVault.write(dir, docs);
        }
        Workspace loaded = IndexBackends.shippedLoader().load(dir);
        // read-only: the failed targets past their TTL are listed and reported, not pruned, so the index keeps its size
        Workspace ws = loaded.withReadOnly(true);
        Clock clock = Clock.systemUTC();
        long bytes = writeEvents(ws.otelDir(), events, clock.millis(), log);
        if (Files.exists(ws.stateDir().resolve("decisions.jsonl"))) { // an earlier run pruned: start the index afresh
            KnowledgeBenchmark.deleteState(dir);
        }
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(loaded, index, clock).preparingIn(pools.workLanes());
            if (index.status().documents() < docs / 2) {
                log.println("syncing the vault …");
                log.flush();
                sync.run(SyncOptions.all(), ProgressSink.NONE);
            }
            JsonlOtelEvents source = new JsonlOtelEvents(ws.otelDir()).readingIn(pools.workLanes());
            Watchdog watchdog = Watchdogs.create(ws, index, sync, new FailedTargetsService(ws, index, null, clock), source,
                    new FileWatchdogGate(ws.stateDir()), clock, Telemetry.noop());
            long t0 = System.nanoTime();
            WatchdogReport first = watchdog.run(true, ProgressSink.NONE);
            long cold = (System.nanoTime() - t0) / 1_000_000;
            List<Long> warm = new ArrayList<>();
            List<Long> incremental = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long t1 = System.nanoTime();
                watchdog.run(true, ProgressSink.NONE);
                warm.add((System.nanoTime() - t1) / 1_000_000);
                append(ws.otelDir(), 1_000, clock.millis());
                long t2 = System.nanoTime();
                watchdog.run(true, ProgressSink.NONE);
                incremental.add((System.nanoTime() - t2) / 1_000_000);
            }
            try (Stream<Path> files = Files.list(ws.otelDir())) {
                for (Path p : files.toList()) {
                    Files.setLastModifiedTime(p, FileTime.fromMillis(clock.millis()));
                }
            }
            Watchdog fresh = Watchdogs.create(ws, index, sync, new FailedTargetsService(ws, index, null, clock),
                    new JsonlOtelEvents(ws.otelDir()).readingIn(pools.workLanes()), new FileWatchdogGate(ws.stateDir()),
                    clock, Telemetry.noop());
            long t3 = System.nanoTime();
            fresh.run(true, ProgressSink.NONE);
            long coldAll = (System.nanoTime() - t3) / 1_000_000;
            String findings = first.findings().stream().map(f -> f.check() + "=" + f.severity())
                    .reduce((a, b) -> a + ", " + b).orElse("");
            return new Result((int) index.status().documents(), events, bytes, cold, coldAll, median(warm),
                    median(incremental), findings);
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** A million events over the last seven days, one file a day, about 220 bytes each. */
    private static long writeEvents(Path dir, int events, long now, PrintWriter log) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> old = Files.list(dir)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
        log.println("writing " + events + " OTEL events into " + dir + " …");
        log.flush();
        Random random = new Random(7);
        int perDay = events / 7;
        for (int day = 6; day >= 0; day--) {
            Path file = dir.resolve("day-" + (7 - day) + ".jsonl");
            long start = now - (day + 1) * 86_400_000L;
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                for (int i = 0; i < (day == 0 ? events - 6 * perDay : perDay); i++) {
                    out.write(event(random, start + (long) i * 86_400_000L / perDay, i));
                    out.newLine();
                }
            }
            Files.setLastModifiedTime(file, FileTime.fromMillis(start + 86_400_000L));
        }
        long bytes = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                bytes += Files.size(p);
            }
        }
        return bytes;
    }

    private static void append(Path dir, int events, long now) throws IOException {
        Random random = new Random(now);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < events; i++) {
            b.append(event(random, now - events + i, i)).append('\n');
        }
        Files.writeString(dir.resolve("day-7.jsonl"), b, StandardOpenOption.APPEND);
    }

    private static String event(Random random, long ts, int i) {
        String action = ACTIONS[random.nextInt(ACTIONS.length)];
        return "{\"id\":\"" + Long.toHexString(random.nextLong()) + "\",\"timestamp\":" + ts + ",\"sessionId\":\"s-"
                + (i % 97) + "\",\"systemId\":\"panda\",\"level\":\"info\",\"source\":\"gateway\",\"component\":\""
                + (action.startsWith("agent") ? "agent-loop" : "gateway") + "\",\"action\":\"" + action
                + "\",\"duration_ms\":" + random.nextInt(900) + ",\"success\":true,\"metadata\":{\"loopId\":\"loop-"
                + Integer.toString(i, 36) + "\",\"tokens\":" + random.nextInt(5000) + "}}";
    }
}
