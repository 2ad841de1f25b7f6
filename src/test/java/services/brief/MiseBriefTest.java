package services.brief;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RedisServer;

/** The mise brief against a real redis-server seeded with loop keys, and without Redis. */
class MiseBriefTest {

    @TempDir
    Path tmp;

    private RedisServer server;
    private RedisClient raw;
    private Workspace ws;
    private LuceneKnowledgeIndex index;

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        raw = RedisClient.create("127.0.0.1", server.port());
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
    }

    @AfterEach
    void tearDown() {
        raw.close();
        index.close();
        server.close();
    }

    private MiseBrief.Brief gather(boolean withRedis) {
        LoopState loops = withRedis ? new RedisLoopState(RedisClient.create("127.0.0.1", server.port())) : null;
        return new MiseBrief(ws, index, new FailedTargetsService(ws, index, null, Fixtures.CLOCK), loops, null,
                Fixtures.CLOCK).gather();
    }

    @Test
    void readsActiveLoopsFromTheRightKeysPitchHistoryAndTheWatchdog() {
        raw.set("agent-loop:prd:loop-a", "{}");
        raw.set("agent-loop:prd:loop-b", "{}");
        raw.set("loop:x:prd", "{}"); // the key the upstream brief wrongly counts
        raw.set("adr:pitch:history", "[{\"adr_number\":\"0075\",\"pitched_at\":\"2026-10-30T08:00:00Z\",\"response\":\"rejected\"}]");
        raw.set("knowledge:watchdog:last_run", Long.toString(Fixtures.CLOCK.millis() - 3_600_000));
        MiseBrief.Brief b = gather(true);
        assertEquals(List.of("loop-a", "loop-b"), b.activeLoops());
        assertEquals("0075", b.pitchHistory().get(0).adr());
        assertEquals("ok", b.health().redis());
        assertEquals("2026-11-01T09:00:00Z", b.health().lastWatchdog());
        assertThat(b.recentRetros()).hasSize(5).allSatisfy(r -> assertThat(r.completed() + r.failed() + r.skipped()).isPositive());
        assertThat(b.recentLessons()).hasSize(5);
        assertTrue(b.pitchAllowed());
        assertThat(b.reasons()).contains("capacity: 2 of 3 loops running");
        assertThat(MiseBrief.markdown(b)).startsWith("# Mise brief\n\n**Pitch allowed**").contains("- loop-a\n- loop-b\n");
    }

    @Test
    void atCapacityOrWithAPendingPitchThePitchIsRefusedWithTheReason() {
        raw.set("agent-loop:prd:l1", "{}");
        raw.set("agent-loop:prd:l2", "{}");
        raw.set("agent-loop:prd:l3", "{}");
        raw.set("adr:pitch:history", "[{\"adr_number\":\"0205\",\"pitched_at\":\"2026-10-31T08:00:00Z\",\"response\":\"pending\"}]");
        MiseBrief.Brief b = gather(true);
        assertFalse(b.pitchAllowed());
        assertThat(b.reasons()).contains("at capacity: 3 of 3 loops are running",
                "the last pitch (0205) is still pending an answer");
    }

    @Test
    void withoutRedisThoseSectionsSayNotConfigured() {
        MiseBrief.Brief b = gather(false);
        assertEquals("not configured", b.health().redis());
        assertEquals("Redis not configured", b.loopsNote());
        assertThat(b.reasons()).contains("active loops unknown (Redis not configured): capacity is not checked");
        assertThat(b.failedTargets()).isNotEmpty();
        index.recreate();
        MiseBrief.Brief empty = gather(false);
        assertFalse(empty.pitchAllowed());
        assertThat(empty.reasons()).contains("the knowledge index is empty: retrieval would inject nothing (run a sync)");
    }
}
