package services.failed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.RedisSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RedisServer;

/** Failed targets against a real redis-server started on a free loopback port, and a real Lucene index. */
@Tag("server")
class FailedTargetsServiceTest {

    @TempDir
    Path tmp;

    private RedisServer server;
    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private FailedTargets redis;
    private FailedTargetsService service;

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        redis = RedisFailedTargets.open(new RedisSettings(server.url(), List.of(), null, List.of(), null));
        service = new FailedTargetsService(ws, index, redis, Fixtures.CLOCK);
        service.copyIndexToRedis();
        redis.add("joelclaw", "ADR-0075", Fixtures.CLOCK.millis() - Duration.ofDays(1).toMillis());
    }

    @AfterEach
    void tearDown() {
        redis.close();
        index.close();
        server.close();
    }

    /** Issue 37: "Wrote 5 failed targets" beside 3 listed — 5 documents under 3 targets, each counted by its name. */
    @Test
    void copyToRedisCountsTargetsAsTheListDoesAndTheDocumentsApart() {
        FailedTargetsService.Copied copied = service.copyIndexToRedis();
        long indexTargets = service.list().targets().stream().filter(t -> !t.docIds().isEmpty()).count();
        long documents = service.list().targets().stream().mapToLong(t -> t.docIds().size()).sum();
        assertThat(copied.targets()).isEqualTo((int) indexTargets);
        assertThat(copied.documents()).isEqualTo((int) documents).isGreaterThan(copied.targets());
    }

    private FailedTargetsService.Target target(FailedTargetsService svc, String key) {
        return svc.list().targets().stream().filter(t -> t.key().equals(key)).findFirst().orElse(null);
    }

    @Test
    void listsTargetsAcrossProjectsAndStoresWithExpiry() {
        FailedTargetsService.Listing listing = service.list();
        assertThat(listing.targets()).extracting(FailedTargetsService.Target::project)
                .contains("joelclaw", "course-builder", "gremlin");
        FailedTargetsService.Target pitch = target(service, "joelclaw/ADR-0075");
        assertEquals(FailedTargetsService.Where.REDIS, pitch.where());
        assertEquals(pitch.failedAtMillis() + Duration.ofDays(7).toMillis(), pitch.expiresAtMillis());
        assertThat(listing.targets()).filteredOn(t -> t.where() == FailedTargetsService.Where.BOTH).isNotEmpty()
                .allSatisfy(t -> {
                    assertThat(t.docIds()).allMatch(id -> id.startsWith("failed_target:loop-") && id.endsWith(":" + t.target()));
                    assertThat(t.storyTitle()).isNotBlank();
                });
        assertThat(listing.problems()).isEmpty();
    }

    @Test
    void clearingOneRemovesExactlyThatMemberAndItsDocumentsAndIsAudited() {
        FailedTargetsService.Target t = service.list().targets().stream()
                .filter(x -> x.where() == FailedTargetsService.Where.BOTH).findFirst().orElseThrow();
        int before = service.list().targets().size();
        List<FailedTargetsService.Outcome> out = service.clear(List.of(t.key()), "Fixed upstream; retry it.", "joel");
        assertEquals(List.of(new FailedTargetsService.Outcome(t.key(), "removed", t.docIds().size(), "removed")), out);
        assertThat(target(service, t.key())).isNull();
        assertEquals(before - 1, service.list().targets().size());
        t.docIds().forEach(id -> assertThat(index.get(id)).isEmpty());
        var entry = service.history().get(0);
        assertEquals("clear_failed", entry.get("action").asText());
        assertEquals("joel", entry.get("by").asText());
        assertEquals("Fixed upstream; retry it.", entry.get("reason").asText());
        // A later sync does not bring the cleared documents back from the retro.
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        index.recreate();
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        t.docIds().forEach(id -> assertThat(index.get(id)).isEmpty());
    }

    @Test
    void clearingManyShowsAPreviewFirst() {
        List<String> keys = service.list().targets().stream().limit(3).map(FailedTargetsService.Target::key).toList();
        List<String> preview = service.preview(keys);
        assertThat(preview).hasSize(3).allMatch(l -> l.contains("Redis member") || l.contains("document"));
        assertThat(service.clear(keys, "Batch retry after the fix.", "joel")).allMatch(FailedTargetsService.Outcome::complete);
        assertThat(service.list().targets()).noneMatch(t -> keys.contains(t.key()));
    }

    @Test
    void pruneRemovesOnlyWhatIsOlderThanTheTtlInBothStores() {
        Clock later = Clock.offset(Fixtures.CLOCK, Duration.ofDays(3));
        FailedTargetsService svc = new FailedTargetsService(ws, index, redis, later);
        long cutoff = later.millis() - Duration.ofDays(7).toMillis();
        List<FailedTargetsService.Target> before = svc.list().targets();
        long expired = before.stream().filter(t -> t.failedAtMillis() < cutoff).count();
        assertThat(expired).isPositive();
        FailedTargetsService.PruneResult result = svc.prune("watchdog");
        assertThat(result.redisRemoved()).isPositive();
        assertThat(svc.list().targets()).allMatch(t -> t.failedAtMillis() >= cutoff)
                .hasSize((int) (before.size() - expired));
        assertEquals("prune_failed", svc.history().get(0).get("action").asText());
    }

    @Test
    void indexOnlyModeWorksWithoutRedis() {
        FailedTargetsService indexOnly = new FailedTargetsService(ws, index, null, Fixtures.CLOCK);
        FailedTargetsService.Listing listing = indexOnly.list();
        assertThat(listing.redisConfigured()).isFalse();
        assertThat(listing.targets()).isNotEmpty().allMatch(t -> t.where() == FailedTargetsService.Where.INDEX);
        String key = listing.targets().get(0).key();
        assertEquals("not configured", indexOnly.clear(List.of(key), "retry", "joel").get(0).redis());
        assertThat(assertThrows(FailedTargetsException.class, indexOnly::copyIndexToRedis).getMessage())
                .contains("No Redis is configured");
    }

    @Test
    void redisStoppedInTheMiddleOfABulkClearIsReportedAndARetryFinishes() throws Exception {
        List<String> keys = service.list().targets().stream().filter(t -> t.where() == FailedTargetsService.Where.BOTH)
                .limit(3).map(FailedTargetsService.Target::key).toList();
        AtomicInteger removes = new AtomicInteger();
        FailedTargets dying = new FailedTargets() {
            @Override
            public Members members() {
                return redis.members();
            }

            @Override
            public boolean remove(String project, String target) {
                if (removes.incrementAndGet() == 2) {
                    server.stop();
                }
                return redis.remove(project, target);
            }

            @Override
            public long pruneBefore(long cutoffMillis) {
                return redis.pruneBefore(cutoffMillis);
            }

            @Override
            public void add(String project, String target, long scoreMillis) {
                redis.add(project, target, scoreMillis);
            }

            @Override
            public String describe() {
                return redis.describe();
            }

            @Override
            public void close() {
            }
        };
        int othersBefore = service.list().targets().size() - keys.size();
        List<FailedTargetsService.Outcome> out = new FailedTargetsService(ws, index, dying, Fixtures.CLOCK)
                .clear(keys, "Retry after the outage.", "joel");
        assertEquals("removed", out.get(0).redis());
        assertThat(out.get(1).redis()).startsWith("failed: Redis");
        assertThat(out.get(2).redis()).startsWith("failed: Redis");
        assertThat(out).allMatch(o -> o.index().equals("removed"));
        assertThat(service.history().get(0).get("result").get(keys.get(1)).get("redis").asText()).startsWith("failed");

        server.start();
        try (FailedTargets again = RedisFailedTargets.open(new RedisSettings(server.url(), List.of(), null, List.of(), null))) {
            FailedTargetsService retry = new FailedTargetsService(ws, index, again, Fixtures.CLOCK);
            List<FailedTargetsService.Outcome> second = retry.clear(keys.subList(1, 3), "Retry after the outage.", "joel");
            assertThat(second).allMatch(o -> o.redis().equals("removed") && o.index().equals("absent"));
            assertThat(retry.list().targets()).noneMatch(t -> keys.contains(t.key())).hasSize(othersBefore);
        }
    }

    @Test
    void aRedisThatCannotBeOpenedFallsBackToTheIndexAndSaysWhy() {
        FailedTargetsService svc = new FailedTargetsService(ws, index,
                new UnreachableFailedTargets("The environment variable REDIS_PASSWORD (redis.passwordEnv) is not set."),
                Fixtures.CLOCK);
        FailedTargetsService.Listing listing = svc.list();
        assertThat(listing.targets()).isNotEmpty();
        assertThat(listing.problems()).containsExactly("The environment variable REDIS_PASSWORD (redis.passwordEnv) "
                + "is not set. — showing the index only");
        assertThat(assertThrows(FailedTargetsException.class, () -> RedisFailedTargets.open(
                new RedisSettings("redis://127.0.0.1:1/0", List.of(), null, List.of(), "BRAIN_CONSOLE_NO_SUCH_VAR")))
                .getMessage()).isEqualTo("The environment variable BRAIN_CONSOLE_NO_SUCH_VAR (redis.passwordEnv) is not set.");
    }

    @Test
    void badInputIsRefusedAndChangesNothing() throws Exception {
        int before = service.list().targets().size();
        assertEquals("Clearing a failed target needs a reason (why it may be retried now).",
                assertThrows(FailedTargetsException.class, () -> service.clear(List.of("joelclaw/ADR-0075"), " ", "joel"))
                        .getMessage());
        assertThat(assertThrows(FailedTargetsException.class,
                () -> service.clear(List.of("joelclaw/ADR-0075", "nope/S9"), "retry", "joel")).getMessage())
                .startsWith("No failed target \"nope/S9\"").endsWith("Nothing was cleared.");
        assertEquals(before, service.list().targets().size());
        try (RedisClient raw = RedisClient.create("127.0.0.1", server.port())) {
            raw.set(FailedTargets.PREFIX + "broken", "not a sorted set");
            raw.zadd(FailedTargets.PREFIX + "gremlin", Double.POSITIVE_INFINITY, "S-weird");
        }
        FailedTargetsService.Listing listing = service.list();
        assertThat(listing.problems()).containsExactlyInAnyOrder(
                "Redis key loop:failed:targets:broken is a string, not a sorted set; ignored",
                "Redis key loop:failed:targets:gremlin member S-weird has the score Infinity, not a failure time in milliseconds; ignored");
        assertEquals(before, listing.targets().size());
        assertThat(service.history()).isEmpty();
    }
}
