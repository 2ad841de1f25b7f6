package app.bench;

import app.compose.Pools;
import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.reach.LoopHistory;
import services.reach.LoopPrds;
import services.reach.ReachReport;
import services.reach.ReachService;
import services.reach.ReplayCache;
import services.reach.StoryReplays;
import services.recall.ImplementorRecall;
import services.tasks.ProgressSink;

/**
 * {@code bench reach}: the reach replay over {@code stories} stories (retros of ten stories each, in five
 * projects) against a Lucene index of {@code docs} lessons, patterns, failed targets and retros written from the
 * same vocabulary. Target: 10k stories × 100k documents in under a minute on 2 cores.
 */
public final class ReachBenchmark {

    /**
     * @param replayMs      the first run: every story searched (no cache yet), and the lists
     * @param againMs       the next run after {@code changedDocs} documents were added, changed or deleted and
     *                      {@code newStories} stories were added: only what could change is searched
     * @param againReplayed stories searched by that run
     */
    public record Result(int stories, int docs, long indexMs, long loadMs, long replayMs, int reached, int neverReached,
                         long againMs, int changedDocs, int newStories, int againReplayed) {
    }

    private static final String[] WORDS = ("idempotency email retry step inngest typesense filter backtick redis key "
            + "ttl loop story retro lesson pattern failed target gateway session router cron digest timezone adr list "
            + "paginate skill cache flaky network test quarantine budget brain note schema migrate commit codex claude "
            + "worker queue timeout sandbox vault sync index embedding recall search rank prompt context").split(" ");
    private static final String[] TYPES = {"lesson", "pattern", "failed_target", "retro"};

    private final Path dir;
    private final Pools pools;

    public ReachBenchmark(Path dir, Pools pools) {
        this.pools = pools;
        this.dir = dir;
    }

    public Result run(int stories, int docs, PrintWriter log) throws IOException {
        Random random = new Random(7);
        Instant now = Instant.now();
        List<String> projects = List.of("/code/joelclaw", "/code/gremlin", "/code/course-builder", "/code/skills",
                "/code/inngest");
        long t0 = System.nanoTime();
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            List<KnowledgeDoc> batch = new ArrayList<>();
            long created = now.minus(Duration.ofDays(30)).getEpochSecond();
            for (int i = 0; i < docs; i++) {
                String type = TYPES[i % TYPES.length];
                batch.add(new KnowledgeDoc(type + ":" + i, type, words(random, 6), words(random, 40), null,
                        projects.get(random.nextInt(projects.size())), "loop-old-" + (i / 50), null, null, List.of(),
                        created, null));
                if (batch.size() == 2000) {
                    index.upsert(batch);
                    batch.clear();
                }
            }
            index.upsert(batch);
            index.flush();
            long indexMs = (System.nanoTime() - t0) / 1_000_000;
            log.printf("indexed %,d documents in %,d ms%n", docs, indexMs);
            log.flush();
            Path retros = Files.createDirectories(dir.resolve("retrospectives"));
            for (int loop = 0; loop * 10 < stories; loop++) {
                writeRetro(retros, loop, projects.get(loop % projects.size()), now, Math.min(10, stories - loop * 10),
                        random);
            }
            long t1 = System.nanoTime();
            LoopHistory.Loaded loaded = new LoopHistory(retros, LoopPrds.NONE).load(now.minus(Duration.ofDays(14)), now);
            long loadMs = (System.nanoTime() - t1) / 1_000_000;
            Path cache = dir.resolve("state").resolve(ReplayCache.FILE);
            ProgressSink progress = progress(log);
            long t2 = System.nanoTime();
            long cpu2 = cpuMs();
            ReachReport r = run(index, loaded, now, cache, progress);
            long replayMs = (System.nanoTime() - t2) / 1_000_000;
            log.printf("first run: %,d ms, %,d ms of CPU (%s)%n", replayMs, cpuMs() - cpu2, r.replay());
            log.flush();
            // A day's writes: 20 new lessons, 10 changed, 10 patterns deleted; a new loop of ten stories.
            List<KnowledgeDoc> changed = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                changed.add(new KnowledgeDoc("lesson:new:" + i, "lesson", words(random, 6), words(random, 40), null,
                        projects.get(i % projects.size()), "loop-new", null, null, List.of(), created, null));
            }
            for (int i = 0; i < 10; i++) {
                int n = 4 * random.nextInt(docs / 4);
                changed.add(new KnowledgeDoc("lesson:" + n, "lesson", words(random, 6), words(random, 40), null,
                        projects.get(random.nextInt(projects.size())), "loop-old-" + (n / 50), null, null, List.of(),
                        created, null));
            }
            index.upsert(changed);
            List<String> gone = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                gone.add("pattern:" + (4 * random.nextInt(docs / 4) + 1));
            }
            index.delete(gone);
            index.flush();
            int loops = (stories + 9) / 10;
            writeRetro(retros, loops, projects.get(0), now, 10, random);
            long t3 = System.nanoTime();
            long cpu3 = cpuMs();
            LoopHistory.Loaded loadedAgain = new LoopHistory(retros, LoopPrds.NONE).load(now.minus(Duration.ofDays(14)),
                    now);
            ReachReport again = run(index, loadedAgain, now, cache, progress);
            long againMs = (System.nanoTime() - t3) / 1_000_000;
            log.printf("next run: %,d ms, %,d ms of CPU (%s)%n", againMs, cpuMs() - cpu3, again.replay());
            return new Result(r.stories().size(), docs, indexMs, loadMs, replayMs, r.documents().size(),
                    r.neverReached().size(), againMs, again.replay().documentsChanged(),
                    again.stories().size() - r.stories().size(), again.replay().replayed());
        }
    }

    private ReachReport run(LuceneKnowledgeIndex index, LoopHistory.Loaded loaded, Instant now, Path cache,
                                   ProgressSink progress) {
        return new ReachService(new ImplementorRecall(index), index).report(loaded, 14, now.minus(Duration.ofDays(14)),
                new StoryReplays(index, cache, true, LocalDate.now(ZoneOffset.UTC)).sharingWith(pools.workLanes())
                        .matchingChangesIn(scratch -> new LuceneKnowledgeIndex(scratch, 1)),
                progress);
    }

    private static void writeRetro(Path retros, int loop, String project, Instant now, int stories, Random random)
            throws IOException {
        StringBuilder text = new StringBuilder("---\nloopId: loop-" + loop + "\nproject: " + project + "\ndate: "
                + now.minus(Duration.ofHours(loop % 300)) + "\n---\n\n## Story Outcomes\n\n"
                + "| id | title | result | attempts | tool |\n|---|---|---|---|---|\n");
        for (int s = 0; s < stories; s++) {
            text.append("| S").append(s + 1).append(" | ").append(words(random, 7)).append(" | ")
                    .append(random.nextInt(5) == 0 ? "fail" : "pass").append(" | ").append(1 + random.nextInt(2))
                    .append(" | codex |\n");
        }
        Files.writeString(retros.resolve("loop-" + loop + ".md"), text);
    }

    /** CPU time of this process so far (all threads), in ms: what the replay cost, whatever else ran. */
    private static long cpuMs() {
        return ((OperatingSystemMXBean) ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime() / 1_000_000;
    }

    private static ProgressSink progress(PrintWriter log) {
        return new ProgressSink() {
            private long last;

            @Override
            public void update(double fraction, String message) {
                if (System.nanoTime() - last > 5_000_000_000L) {
                    last = System.nanoTime();
                    log.println(message);
                    log.flush();
                }
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
    }

    private static String words(Random random, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return b.toString();
    }
}
