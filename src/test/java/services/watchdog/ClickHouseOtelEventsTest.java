package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.errors.ConsoleException;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;
import testsupport.ClickHouseServer;
import testsupport.Fixtures;
import testsupport.MutableClock;

/**
 * The ClickHouse source against a real clickhouse-server started on free loopback ports, holding the running
 * system's table (observability/clickhouse-store.ts; {@code DateTime} in place of {@code DateTime64(3)}, which the
 * 18.16 server lacks) and rows in the shape {@code toClickHouseOtelRow} writes.
 */
@Tag("server")
class ClickHouseOtelEventsTest {

    private static final String COLUMNS = "id,timestamp,sessionId,systemId,level,source,component,action,success,"
            + "duration_ms,error,metadata_json,metadata_keys,search_text";
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    private static ClickHouseServer server;
    private static final long NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS).toEpochMilli();

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(ClickHouseServer.binary() != null,
                "clickhouse-server is not installed here (apt-get install clickhouse-server; .ci/run installs it)");
        server = new ClickHouseServer(tmp.resolve("clickhouse"));
        server.query("CREATE DATABASE IF NOT EXISTS joelclaw");
        server.query("""
                CREATE TABLE IF NOT EXISTS joelclaw.otel_events (
                  id String, timestamp DateTime('UTC'), date Date DEFAULT toDate(timestamp),
                  sessionId Nullable(String), systemId Nullable(String), level String, source String,
                  component String, action String, success UInt8, duration_ms Nullable(UInt32), error String,
                  metadata_json String, metadata_keys Array(String), search_text String,
                  received_at DateTime DEFAULT now()
                ) ENGINE = ReplacingMergeTree(received_at) PARTITION BY toYYYYMM(timestamp)
                ORDER BY (id, timestamp, source, component, action)""");
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rows.add(row(10 + i, "gateway", "redis-channel", "events.dispatched.background_only",
                    "{\"source\":\"redis\",\"sourceKind\":\"background\",\"eventCount\":1}"));
        }
        rows.add(row(20, "implement", "agent-loop", "system_knowledge.retrieval", "{\"story_id\":\"S1\",\"has_results\":false}"));
        rows.add(row(25, "implement", "agent-loop", "system_knowledge.retrieval", "{\"story_id\":\"S2\",\"has_results\":true}"));
        rows.add(row(30, "interactive", "memory-enforcer", "system_knowledge.retrieval.started", "{\"session_id\":\"p\"}"));
        rows.add(row(30, "interactive", "memory-enforcer", "system_knowledge.retrieval.completed", "{\"has_results\":true}"));
        for (int i = 0; i < 4; i++) {
            rows.add(row(40, "gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible",
                    "{\"turnId\":\"gateway:s:" + i + "\",\"turnNumber\":" + i + "}"));
            if (i < 3) {
                rows.add(row(39, "gateway", "knowledge-turn-write", "knowledge.turn_write.completed",
                        "{\"turn_id\":\"gateway:s:" + i + "\",\"agent\":\"gateway-daemon\"}"));
            }
        }
        rows.add(row(35, "console", "knowledge-turn-write", "knowledge.turn_write.completed", "{\"turn_id\":\"console:n:1\"}"));
        rows.add(row(8 * 60, "gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible", "{\"turnId\":\"old\"}"));
        server.insert("joelclaw.otel_events", COLUMNS, rows);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A row as toClickHouseOtelRow makes it, {@code minutesAgo} before now. */
    private static String row(long minutesAgo, String source, String component, String action, String metadata)
            throws IOException {
        ObjectNode r = JSON.createObjectNode();
        r.put("id", UUID.randomUUID().toString());
        r.put("timestamp", TS.format(Instant.ofEpochMilli(NOW - minutesAgo * 60_000)));
        r.putNull("sessionId");
        r.put("systemId", "panda");
        r.put("level", "info");
        r.put("source", source);
        r.put("component", component);
        r.put("action", action);
        r.put("success", 1);
        r.putNull("duration_ms");
        r.put("error", "");
        r.put("metadata_json", metadata);
        JSON.readTree(metadata).fieldNames().forEachRemaining(r.putArray("metadata_keys")::add);
        r.put("search_text", source + " " + component + " " + action + " " + metadata);
        return r.toString();
    }

    private static ClickHouseOtelEvents source(Map<String, Object> settings, Map<String, String> env) {
        ObjectNode node = JSON.valueToTree(settings);
        return new ClickHouseOtelEvents(ClickHouseSettings.of(node, env), Duration.ofSeconds(10));
    }

    @Test
    void readsTheRunningSystemsTableByKindTurnAndStory() {
        EventWindow w = source(Map.of("url", server.url()), Map.of()).window(NOW - 4 * 3_600_000L, NOW + 1);
        assertThat(w.dispatches()).isEqualTo(2);
        assertThat(w.count(EventKind.DISPATCH_EMPTY)).isEqualTo(1);
        assertThat(w.retrievals()).isEqualTo(3);
        assertThat(w.count(EventKind.OTHER)).isZero(); // the gateway's channel events are counted, not read
        assertThat(w.turns(EventKind.TURN_ELIGIBLE)).containsExactlyInAnyOrder("gateway:s:0", "gateway:s:1", "gateway:s:2",
                "gateway:s:3");
        assertThat(w.turns(EventKind.TURN_COMPLETED)).hasSize(4).contains("console:n:1");
        assertThat(w.inWindow()).isEqualTo(6 + 2 + 2 + 4 + 3 + 1);
        assertThat(w.present()).isEqualTo(w.inWindow() + 1);
        assertThat(w.samples(EventKind.DISPATCH_EMPTY)).singleElement().satisfies(s -> assertThat(s).startsWith("otel:"));
        assertThat(w.problems()).isEmpty();
    }

    @Test
    void theWatchdogOnClickHouseCountsByTurnAndRaisesNoFalseDispatchError() {
        Workspace ws = Fixtures.demo(tmp.resolve("ws"));
        MutableClock clock = new MutableClock(Instant.ofEpochMilli(NOW));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            WatchdogReport r = Watchdogs.create(ws, index, new VaultSync(ws, index, clock),
                    new FailedTargetsService(ws, index, null, clock),
                    source(Map.of("url", server.url(), "table", "joelclaw.otel_events"), Map.of()),
                    new FileWatchdogGate(ws.stateDir()), clock, Telemetry.noop()).run(true, ProgressSink.NONE);
            assertThat(r.findings()).filteredOn(f -> f.check().equals("zero-retrieval")).singleElement()
                    .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.OK));
            assertThat(r.stats()).containsEntry("dispatches_in_window", 2L).containsEntry("retrievals_in_window", 3L)
                    .containsEntry("turn_write_compliance", 0.75).containsEntry("turn_writes_never_eligible", 1L)
                    .containsEntry("otel_events_scanned", 18L);
            assertThat(r.findings()).filteredOn(f -> f.check().equals("otel-events")).singleElement()
                    .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.OK));

            clock.set(Instant.ofEpochMilli(NOW + 30 * 24 * 3_600_000L)); // a window with no rows in a table that has some
            WatchdogReport quiet = Watchdogs.create(ws, index, new VaultSync(ws, index, clock),
                    new FailedTargetsService(ws, index, null, clock), source(Map.of("url", server.url()), Map.of()),
                    new FileWatchdogGate(ws.stateDir()), clock, Telemetry.noop()).run(true, ProgressSink.NONE);
            assertThat(quiet.findings()).filteredOn(f -> f.check().equals("otel-events")).singleElement()
                    .satisfies(f -> {
                        assertThat(f.severity()).isEqualTo(Severity.WARNING);
                        assertThat(f.message()).contains("0 OTEL events").contains("holds 19 events");
                    });
            assertThat(quiet.healthy()).isFalse();
        }
    }

    @Test
    void thePasswordComesFromTheNamedVariableAndNeverShowsInAMessage() {
        Map<String, Object> reader = Map.of("url", server.url(), "user", "reader", "passwordEnv", "OTEL_CH_PASSWORD");
        EventWindow w = source(reader, Map.of("OTEL_CH_PASSWORD", ClickHouseServer.PASSWORD)).window(NOW - 3_600_000L, NOW + 1);
        assertThat(w.dispatches()).isEqualTo(2);

        ConsoleException wrong = assertThrows(ConsoleException.class,
                () -> source(reader, Map.of("OTEL_CH_PASSWORD", "not-the-password")).window(0, 1));
        assertThat(wrong.getMessage()).contains("ClickHouse answered").doesNotContain("not-the-password");

        ConsoleException unset = assertThrows(ConsoleException.class, () -> source(reader, Map.of()));
        assertThat(unset.getMessage()).isEqualTo("The environment variable OTEL_CH_PASSWORD (otelEvents.passwordEnv) is "
                + "not set: it must hold the ClickHouse password.");
        assertThat(ClickHouseSettings.of(JSON.valueToTree(reader), Map.of("OTEL_CH_PASSWORD", "xyz")).toString())
                .doesNotContain("xyz");
    }

    @Test
    void aMissingTableOrAStoppedServerIsOneClearMessage() throws IOException {
        ConsoleException missing = assertThrows(ConsoleException.class,
                () -> source(Map.of("url", server.url(), "table", "joelclaw.nope"), Map.of()).window(0, 1));
        assertThat(missing.getMessage()).startsWith("Cannot read ClickHouse " + server.url() + " table joelclaw.nope: "
                + "ClickHouse answered 404").contains("doesn't exist");
        ConsoleException gone = assertThrows(ConsoleException.class,
                () -> source(Map.of("url", "http://127.0.0.1:1"), Map.of()).window(0, 1));
        assertThat(gone.getMessage()).startsWith("Cannot read ClickHouse http://127.0.0.1:1 table joelclaw.otel_events: "
                + "ClickHouse is unreachable");
        ConsoleException badTable = assertThrows(ConsoleException.class,
                () -> source(Map.of("table", "x; DROP TABLE y"), Map.of()));
        assertThat(badTable.getMessage()).startsWith("workspace.json key \"otelEvents.table\"");
    }

    @Test
    void anEventWrittenTwiceBeforeAMergeCountsOnce() throws IOException {
        // the outbox drains an event whose first write did land: two rows of one id in a ReplacingMergeTree until a
        // merge (the running system's reader asks with FINAL)
        String retrieval = row(20, "implement", "agent-loop", "system_knowledge.retrieval",
                "{\"story_id\":\"US-007\",\"has_results\":false}");
        String eligible = row(19, "implement", "agent-loop-implement", "knowledge.turn_write.eligible",
                "{\"loop_id\":\"loop-dup\",\"story_id\":\"US-007\",\"attempt\":1}");
        String name = table("otel_twice", List.of(retrieval, eligible));
        server.insert(name, COLUMNS, List.of(retrieval, eligible)); // a second insert: a second part, not merged
        EventWindow w = source(Map.of("url", server.url(), "table", name), Map.of()).window(NOW - 3_600_000L, NOW + 1);
        assertThat(w.dispatches()).isEqualTo(1);
        assertThat(w.count(EventKind.DISPATCH_EMPTY)).isEqualTo(1);
        assertThat(w.inWindow()).isEqualTo(2);
        assertThat(w.present()).isEqualTo(2);
        assertThat(w.unretrieved()).isZero();
    }

    /** A table of the running system's shape holding these rows (created empty when there are none). */
    private static String table(String name, List<String> rows) throws IOException {
        server.query("CREATE TABLE IF NOT EXISTS joelclaw." + name + " AS joelclaw.otel_events");
        if (!rows.isEmpty()) {
            server.insert("joelclaw." + name, COLUMNS, rows);
        }
        return "joelclaw." + name;
    }

    private static WatchdogReport watchdog(Path dir, OtelEventSource events) {
        Workspace ws = Fixtures.demo(dir);
        MutableClock clock = new MutableClock(Instant.ofEpochMilli(NOW));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            return Watchdogs.create(ws, index, new VaultSync(ws, index, clock), new FailedTargetsService(ws, index, null,
                    clock), events, new FileWatchdogGate(ws.stateDir()), clock, Telemetry.noop()).run(true, ProgressSink.NONE);
        }
    }

    private static Finding finding(WatchdogReport r, String check) {
        return r.findings().stream().filter(f -> f.check().equals(check)).findFirst().orElseThrow();
    }

    @Test
    void anEligibleImplementorTurnWithNoRetrievalForItsStoryIsAZeroRetrievalDispatch() throws IOException {
        String loop = "loop-mx8k2p-7fq";
        String eligible = "{\"loop_id\":\"" + loop + "\",\"story_id\":\"%s\",\"attempt\":1,\"tool\":\"codex\","
                + "\"commit_sha\":\"4be1c0d9e2aa\"}";
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) { // the gateway's channel traffic: never a dispatch
            rows.add(row(5 + i, "gateway", "redis-channel", "events.dispatched.background_only",
                    "{\"source\":\"redis\",\"sourceKind\":\"background\",\"eventCount\":3}"));
        }
        rows.add(row(50, "implement", "agent-loop", "system_knowledge.retrieval",
                "{\"story_id\":\"US-001\",\"has_results\":true,\"result_length\":3,\"latency_ms\":90}"));
        rows.add(row(20, "implement", "agent-loop-implement", "knowledge.turn_write.eligible", eligible.formatted("US-001")));
        rows.add(row(15, "implement", "agent-loop-implement", "knowledge.turn_write.eligible", eligible.formatted("US-002")));
        rows.add(row(12, "implement", "agent-loop", "system_knowledge.retrieval",
                "{\"story_id\":\"US-003\",\"has_results\":false,\"result_length\":0,\"latency_ms\":70}"));
        rows.add(row(10, "implement", "agent-loop-implement", "knowledge.turn_write.eligible", eligible.formatted("US-003")));
        String table = table("loop_events", rows);
        EventWindow w = source(Map.of("url", server.url(), "table", table), Map.of()).window(NOW - 4 * 3_600_000L, NOW + 1);
        assertThat(w.dispatches()).isEqualTo(3);
        assertThat(w.unretrieved()).isEqualTo(1);
        assertThat(w.zeroRetrievalDispatches()).isEqualTo(2);
        assertThat(w.retrievals()).isEqualTo(2);

        WatchdogReport r = watchdog(tmp.resolve("loop-ws"), source(Map.of("url", server.url(), "table", table), Map.of()));
        Finding f = finding(r, "zero-retrieval");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).startsWith("2 of 3 agent dispatches in 4 h had zero knowledge retrievals: 1 eligible "
                + "implementor turn has no retrieval event for its story; 1 found nothing");
        assertThat(f.evidence()).hasSize(2).allSatisfy(e -> assertThat(e).startsWith("otel:"));
        assertThat(r.stats()).containsEntry("dispatches_in_window", 3L).containsEntry("dispatches_without_retrieval", 1L)
                .containsEntry("dispatches_without_results", 2L);
        assertThat(r.healthy()).isFalse();

        // only the gateway's channel traffic and one implementor turn that did retrieve: no fault
        String quiet = table("quiet_events", List.of(rows.get(0), rows.get(1), rows.get(5), rows.get(6)));
        WatchdogReport ok = watchdog(tmp.resolve("quiet-ws"), source(Map.of("url", server.url(), "table", quiet), Map.of()));
        assertThat(finding(ok, "zero-retrieval").severity()).isEqualTo(Severity.OK);
        assertThat(ok.stats()).containsEntry("dispatches_in_window", 1L);
    }

    @Test
    void aStoreThatCannotBeReadOrHoldsNothingIsBlindAndAnUndeliveredSpoolBesideItIsAFinding() throws IOException {
        WatchdogReport gone = watchdog(tmp.resolve("gone-ws"), source(Map.of("url", "http://127.0.0.1:1"), Map.of()));
        assertBlind(gone, "ClickHouse is unreachable");

        String empty = table("empty_events", List.of());
        WatchdogReport nothing = watchdog(tmp.resolve("empty-ws"),
                source(Map.of("url", server.url(), "table", empty), Map.of()));
        assertBlind(nothing, "holds no events at all");

        Path spool = Files.createDirectories(tmp.resolve("spool/otel"));
        long queued = NOW - 30 * 60_000L;
        for (int i = 0; i < 3; i++) {
            Files.writeString(spool.resolve(queued + i + "-" + UUID.randomUUID() + ".json"),
                    "{\"event\":{\"id\":\"x" + i + "\",\"timestamp\":" + (queued + i) + ",\"level\":\"info\","
                    + "\"source\":\"gateway\",\"component\":\"redis-channel\",\"action\":\"events.dispatched.x\","
                    + "\"success\":true,\"metadata\":{}},\"queuedAt\":" + (queued + i) + "}");
        }
        WatchdogReport beside = watchdog(tmp.resolve("beside-ws"),
                source(Map.of("url", server.url()), Map.of()).withOutbox(spool));
        assertThat(beside.blind()).isFalse();
        assertThat(finding(beside, "otel-events").severity()).isEqualTo(Severity.OK);
        Finding outbox = finding(beside, OtelEventsCheck.OUTBOX);
        assertThat(outbox.severity()).isEqualTo(Severity.WARNING);
        assertThat(outbox.message()).startsWith("3 undelivered OTEL events wait in the spool " + spool)
                .contains("ClickHouse write failed").contains("30 min ago");
        assertThat(beside.healthy()).isFalse();
        assertThat(beside.stats()).containsEntry("otel_spool_undelivered", 3L);

        Files.list(spool).forEach(p -> p.toFile().delete()); // drained: nothing undelivered
        WatchdogReport drained = watchdog(tmp.resolve("drained-ws"),
                source(Map.of("url", server.url()), Map.of()).withOutbox(spool));
        assertThat(drained.findings()).noneMatch(f -> f.check().equals(OtelEventsCheck.OUTBOX));
        assertThat(drained.stats()).containsEntry("otel_spool_undelivered", 0L);
    }

    static void assertBlind(WatchdogReport r, String why) {
        Finding f = finding(r, "otel-events");
        assertThat(f.severity()).isNotIn(Severity.OK, Severity.INFO);
        assertThat(f.message()).startsWith("Blind: ").contains(why).containsIgnoringCase("blind");
        assertThat(r.blind()).isTrue();
        assertThat(r.healthy()).isFalse();
        assertThat(r.summary()).startsWith("blind");
        assertThat(finding(r, "zero-retrieval").severity()).isNotEqualTo(Severity.OK);
        assertThat(finding(r, "turn-write-compliance").severity()).isNotEqualTo(Severity.OK);
    }
}
