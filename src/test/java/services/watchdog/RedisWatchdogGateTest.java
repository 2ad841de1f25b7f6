package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import testsupport.MutableClock;
import testsupport.RedisServer;

/**
 * The running system's gate {@code knowledge:watchdog:last_run} on a real redis-server: read to show when the
 * running watchdog last ran, written only by a run that did its work on its own Typesense collection.
 */
@Tag("server")
class RedisWatchdogGateTest {

    @TempDir
    Path tmp;

    private static final String LUCENE = "this console's watchdog works on its own lucene index, not the running "
            + "system's Typesense collection system_knowledge";

    private Watchdog watchdog(Workspace ws, LuceneKnowledgeIndex index, WatchdogGate gate, MutableClock clock) {
        return Watchdogs.create(ws, index, new VaultSync(ws, index, clock),
                new FailedTargetsService(ws, index, null, clock), new JsonlOtelEvents(ws.otelDir()), gate, clock,
                Telemetry.noop());
    }

    @Test
    void aRunOverTheConsolesOwnIndexReadsTheRunningWatchdogsKeyAndNeverWritesIt() throws Exception {
        MutableClock clock = new MutableClock(Fixtures.CLOCK.instant());
        try (RedisServer server = new RedisServer(tmp.resolve("redis"))) {
            Workspace ws = Fixtures.demo(tmp);
            UnifiedJedis jedis = RedisConnector.client(new RedisSettings(server.url(), List.of(), null, List.of(), null));
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
                 RedisWatchdogGate gate = new RedisWatchdogGate(jedis, new FileWatchdogGate(ws.stateDir()), LUCENE)) {
                Watchdog w = watchdog(ws, index, gate, clock);
                WatchdogReport first = w.run(true, ProgressSink.NONE); // no key at all: the system's never ran
                assertThat(jedis.exists(RedisWatchdogGate.KEY)).isFalse();
                assertThat(first.systemWatchdog()).containsEntry("lastRun", null).containsEntry("written", false);

                long systems = clock.millis() - 60 * 60_000; // the running watchdog ran 1 h ago
                jedis.set(RedisWatchdogGate.KEY, String.valueOf(systems));
                clock.advance(Duration.ofHours(4));
                for (boolean force : new boolean[] {false, true}) {
                    WatchdogReport r = w.run(force, ProgressSink.NONE);
                    assertThat(r.skipped()).isFalse(); // the running watchdog's run says nothing of this index
                    assertThat(r.systemWatchdog()).containsEntry("key", "Redis " + RedisWatchdogGate.KEY)
                            .containsEntry("lastRun", Instant.ofEpochMilli(systems).toString())
                            .containsEntry("written", false);
                    assertThat((String) r.systemWatchdog().get("note")).startsWith("not written: ").contains("lucene");
                    assertThat(jedis.get(RedisWatchdogGate.KEY)).isEqualTo(String.valueOf(systems));
                }
                // the console's own gate still spaces its own runs
                assertThat(w.run(false, ProgressSink.NONE).skipped()).isTrue();
                assertThat(jedis.get(RedisWatchdogGate.KEY)).isEqualTo(String.valueOf(systems));
                assertThat(new WatchdogLog(ws.stateDir()).recent(10).runs()).last()
                        .satisfies(e -> assertThat(e.systemWatchdog()).containsEntry("written", false));
            }
        }
    }

    @Test
    void onTheRunningWatchdogsCollectionTheKeyIsHonouredAndWrittenOnlyWhenTheRunDidItsWork() throws Exception {
        MutableClock clock = new MutableClock(Fixtures.CLOCK.instant());
        try (RedisServer server = new RedisServer(tmp.resolve("redis"))) {
            Workspace ws = Fixtures.demo(tmp);
            UnifiedJedis jedis = RedisConnector.client(new RedisSettings(server.url(), List.of(), null, List.of(), null));
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
                 RedisWatchdogGate gate = new RedisWatchdogGate(jedis, new FileWatchdogGate(ws.stateDir()), null)) {
                jedis.set(RedisWatchdogGate.KEY, String.valueOf(clock.millis() - 60 * 60_000)); // the system's, 1 h ago
                WatchdogReport skipped = watchdog(ws, index, gate, clock).run(false, ProgressSink.NONE);
                assertThat(skipped.skipped()).isTrue();
                assertThat(skipped.skipReason()).contains("1 h ago").contains("Redis knowledge:watchdog:last_run");

                // the demo's prune grace leaves an expired target in place: not the running watchdog's work
                clock.advance(Duration.ofHours(2));
                String before = jedis.get(RedisWatchdogGate.KEY);
                WatchdogReport graced = watchdog(ws, index, gate, clock).run(false, ProgressSink.NONE);
                assertThat(graced.skipped()).isFalse();
                assertThat(graced.pruned()).containsEntry("kept", 1L);
                assertThat(jedis.get(RedisWatchdogGate.KEY)).isEqualTo(before);
                assertThat((String) graced.systemWatchdog().get("note")).contains("did not do the running watchdog's work");

                new WorkspaceFile(ws.dir()).update(root -> root.remove("watchdog")); // prune every expired target
                Workspace plain = Fixtures.loader().load(ws.dir());
                clock.advance(Duration.ofHours(4));
                WatchdogReport done = watchdog(plain, index, gate, clock).run(false, ProgressSink.NONE);
                assertThat(done.systemWatchdog()).containsEntry("written", true);
                assertThat(jedis.get(RedisWatchdogGate.KEY)).isEqualTo(String.valueOf(clock.millis()));
            }
        }
    }
}
