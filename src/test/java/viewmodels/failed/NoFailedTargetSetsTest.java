package viewmodels.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Tag;
import redis.clients.jedis.RedisClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.failed.FailedTargets;
import services.failed.FailedTargetsService;
import services.failed.RedisFailedTargets;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.RedisSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RedisServer;



/**
 * A Redis as the running system has it: loop state and other keys, but no {@code loop:failed:targets:*} set at all
 * (ADR-0199 designed them, nothing upstream ever wrote them). Said once; the index is the store; no row is flagged.
 */
@Tag("server")
class NoFailedTargetSetsTest {

    @TempDir
    Path tmp;

    private RedisServer server;
    private LuceneKnowledgeIndex index;
    private FailedTargets redis;
    private FailedTargetsService service;

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        Workspace ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        try (var client = RedisClient.create("127.0.0.1", server.port())) {
            client.set("agent-loop:prd:loop-mwx1a2b3-k9p4q2", "{\"title\":\"t\",\"stories\":[]}");
            client.set("knowledge:watchdog:last_run", "1795000000000");
            client.rpush("agent-loop:lessons:joelclaw", "[2026-11-20T10:00:00Z] lesson");
        }
        redis = RedisFailedTargets.open(new RedisSettings(server.url(), List.of(), null, List.of(), null));
        service = new FailedTargetsService(ws, index, redis, Fixtures.CLOCK);
    }

    @AfterEach
    void tearDown() {
        redis.close();
        index.close();
        server.close();
    }

    @Test
    void noSetsIsSaidOnceAndTheIndexIsTheStoreWithoutAWarningPerRow() {
        FailedTargetsService.Listing listing = service.list();
        assertThat(listing.targets()).isNotEmpty()
                .allSatisfy(t -> assertThat(t.where()).isEqualTo(FailedTargetsService.Where.INDEX));
        assertThat(listing.notice()).startsWith("This Redis (redis://").contains("holds no failed-target sets (loop:failed:targets:*)")
                .contains("the index is the store");
        assertThat(listing.problems()).isEmpty();
        assertThat(listing.storesShouldAgree()).isFalse();

        FailedTargetsViewModel vm = new FailedTargetsViewModel(service, new SynchronousTaskRunner(), Fixtures.CLOCK, "joel",
                id -> { });
        vm.refresh();
        assertThat(vm.rows()).isNotEmpty().noneMatch(FailedRow::flag);
        assertThat(vm.summaryProperty().get()).contains("index only: this Redis holds no failed-target sets");
        assertThat(vm.problemsProperty().get()).isEmpty();
        assertThat(vm.storesShownProperty().get()).as("every row is index only: no Stored in column").isFalse();
        FailedRow row = vm.rows().get(0);
        assertThat(row.whenLines()).as("day and time in the window's zone, ago, expiry")
                .matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\n\\d+ (min|h|d) ago\n(expired|expires in .+)");
        assertThat(row.failedAt()).isEqualTo(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                .format(Instant.ofEpochMilli(row.failedAtMillis()).atZone(Fixtures.CLOCK.getZone())));
    }

    @Test
    void onceASetExistsATargetInOneStoreOnlyIsFlaggedAgain() {
        redis.add("joelclaw", "S9", Fixtures.CLOCK.millis());
        FailedTargetsService.Listing listing = service.list();
        assertThat(listing.notice()).isNull();
        assertThat(listing.storesShouldAgree()).isTrue();
        FailedTargetsViewModel vm = new FailedTargetsViewModel(service, new SynchronousTaskRunner(), Fixtures.CLOCK, "joel",
                id -> { });
        vm.refresh();
        assertThat(vm.rows()).anyMatch(FailedRow::flag);
        assertThat(vm.storesShownProperty().get()).as("the stores should agree: the Stored in column says which").isTrue();
    }
}
