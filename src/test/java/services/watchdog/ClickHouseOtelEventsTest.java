package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
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
}
