package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;
import services.failed.FailedTargetsService;
import services.redis.RedisConnector;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.RedisSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;
import testsupport.RedisServer;

/** The shared gate {@code knowledge:watchdog:last_run} on a real redis-server. */
@Tag("server")
class RedisWatchdogGateTest {

    @TempDir
    Path tmp;

    @Test
    void theSystemsOwnRecentRunSkipsOursAndOurRunSetsTheKeyInMilliseconds() throws Exception {
        MutableClock clock = new MutableClock(Fixtures.CLOCK.instant());
        try (RedisServer server = new RedisServer(tmp.resolve("redis"))) {
            Workspace ws = Fixtures.demo(tmp);
            UnifiedJedis jedis = RedisConnector.client(new RedisSettings(server.url(), List.of(), null, List.of(), null));
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
                 RedisWatchdogGate gate = new RedisWatchdogGate(jedis)) {
                Watchdog w = Watchdogs.create(ws, index, new VaultSync(ws, index, clock),
                        new FailedTargetsService(ws, index, null, clock), new JsonlOtelEvents(ws.otelDir()), gate, clock,
                        Telemetry.noop());
                jedis.set(RedisWatchdogGate.KEY, String.valueOf(clock.millis() - 60 * 60_000)); // the system's, 1 h ago
                WatchdogReport skipped = w.run(false, ProgressSink.NONE);
                assertThat(skipped.skipped()).isTrue();
                assertThat(skipped.skipReason()).contains("1 h ago").contains("Redis knowledge:watchdog:last_run");

                clock.advance(Duration.ofHours(2));
                assertThat(w.run(false, ProgressSink.NONE).skipped()).isFalse();
                assertThat(jedis.get(RedisWatchdogGate.KEY)).isEqualTo(String.valueOf(clock.millis()));
            }
        }
    }
}
