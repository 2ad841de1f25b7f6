package services.failed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.RedisSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RedisServer;

/**
 * Issue #25 point 7 and the row identity of point 9, against a real redis-server: a bulk clear cut by a Redis
 * that dies half-way is finished by running the same clear again, which says what was already gone; projects and
 * targets holding a '/' stay distinct rows.
 */
@Tag("server")
class FailedTargetsRetryTest {

    @TempDir
    Path tmp;

    private RedisServer server;
    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private FailedTargets redis;

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        redis = open();
    }

    private FailedTargets open() {
        return RedisFailedTargets.open(new RedisSettings(server.url(), List.of(), null, List.of(), null));
    }

    @AfterEach
    void tearDown() {
        redis.close();
        index.close();
        server.close();
    }

    /** Redis that dies at the n-th remove: that remove lands, but its answer is lost (reported failed). */
    private FailedTargets dyingAt(int n) {
        AtomicInteger removes = new AtomicInteger();
        return new FailedTargets() {
            @Override
            public Members members() {
                return redis.members();
            }

            @Override
            public boolean remove(String project, String target) {
                if (removes.incrementAndGet() == n) {
                    redis.remove(project, target);
                    server.stop();
                    throw new FailedTargetsException("Redis at " + server.url() + " stopped answering");
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
    }

    @Test
    void runningTheSameBulkClearAgainAfterRedisDiedHalfWayFinishesItAndSaysWhatWasAlreadyGone() throws Exception {
        FailedTargetsService service = new FailedTargetsService(ws, index, redis, Fixtures.CLOCK);
        service.copyIndexToRedis();
        for (int i = 0; i < 5_000; i++) {
            redis.add("bulk", "S" + i, Fixtures.CLOCK.millis() - i);
        }
        List<String> keys = service.list().targets().stream().map(FailedTargetsService.Target::key).toList();
        assertThat(keys).hasSizeGreaterThan(5_000);

        List<FailedTargetsService.Outcome> first = new FailedTargetsService(ws, index, dyingAt(keys.size() / 2),
                Fixtures.CLOCK).clear(keys, "Upstream fixed.", "joel");
        assertEquals(keys.size(), first.size());
        long failed = first.stream().filter(o -> !o.complete()).count();
        assertThat(failed).isGreaterThan(keys.size() / 3);
        FailedTargetsService.Outcome lostAnswer = first.get(keys.size() / 2 - 1);
        assertThat(lostAnswer.redis()).startsWith("failed: Redis");

        server.start();
        try (FailedTargets again = open()) {
            FailedTargetsService retry = new FailedTargetsService(ws, index, again, Fixtures.CLOCK);
            List<FailedTargetsService.Outcome> second = retry.clear(keys, "Upstream fixed.", "joel");
            Map<String, FailedTargetsService.Outcome> byKey = second.stream()
                    .collect(Collectors.toMap(FailedTargetsService.Outcome::key, o -> o));
            assertThat(byKey).containsKeys(keys.toArray(String[]::new));
            assertThat(second).allMatch(FailedTargetsService.Outcome::complete);
            // The one whose answer was lost had been removed: said so, not refused and not failed.
            assertEquals(FailedTargetsService.ALREADY_GONE, byKey.get(lostAnswer.key()).redis());
            assertThat(second.stream().filter(o -> o.redis().equals("removed")).count()).isEqualTo(failed - 1);
            assertThat(retry.list().targets()).isEmpty();
            assertThat(again.members().members()).isEmpty();
            // A third run has nothing left to do and still refuses nothing.
            assertThat(retry.clear(keys.subList(0, 10), "again", "joel"))
                    .allMatch(o -> o.redis().equals(FailedTargetsService.ALREADY_GONE));
        }
        // A key no clear ever named is still refused, and nothing is cleared.
        assertThat(assertThrows(FailedTargetsException.class, () -> new FailedTargetsService(ws, index, redis,
                Fixtures.CLOCK).clear(List.of("nope/S9"), "retry", "joel")).getMessage()).contains("No failed target");
    }

    @Test
    void projectsAndTargetsWithSlashesStayDistinctRows() {
        FailedTargetsService service = new FailedTargetsService(ws, index, redis, Fixtures.CLOCK);
        redis.add("a/b", "c", Fixtures.CLOCK.millis());
        redis.add("a", "b/c", Fixtures.CLOCK.millis() - 1);
        redis.add("x\\y", "z", Fixtures.CLOCK.millis() - 2);
        index.upsert(List.of(new KnowledgeDoc("failed_target:loop-9:b/c", "failed_target", "Failed: slashed", "",
                "loop", "a", "loop-9", null, null, List.of("failed_target", "loop"), Fixtures.CLOCK.instant()
                .getEpochSecond(), null)));
        List<FailedTargetsService.Target> rows = new ArrayList<>(service.list().targets().stream()
                .filter(t -> t.project().startsWith("a") || t.project().startsWith("x")).toList());
        // the project as written (an absolute path reads as one); a '/' inside the target is the one escaped
        assertThat(rows).extracting(FailedTargetsService.Target::key)
                .containsExactlyInAnyOrder("a/b/c", "a/b\\/c", "x\\\\y/z");
        assertThat(rows.stream().filter(t -> t.project().equals("a")).findFirst().orElseThrow().where())
                .isEqualTo(FailedTargetsService.Where.BOTH);

        service.clear(List.of("a/b\\/c"), "fixed", "joel");
        assertThat(service.list().targets()).extracting(FailedTargetsService.Target::key)
                .contains("a/b/c").doesNotContain("a/b\\/c");
        service.clear(List.of("a/b/c"), "fixed too", "joel");
        assertThat(service.list().targets()).extracting(FailedTargetsService.Target::key).doesNotContain("a/b/c");
        assertThat(index.get("failed_target:loop-9:b/c")).isEmpty();
        service.clear(List.of("x\\y/z"), "typed without the backslash", "joel");
        assertThat(service.list().targets()).extracting(FailedTargetsService.Target::key).doesNotContain("x\\\\y/z");
    }
}
