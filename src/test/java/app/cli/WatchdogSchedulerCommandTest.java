package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.WorkspaceFile;

/** The headless face of the watchdog and the scheduler. */
@Tag("model") // its sync embeds the whole demo with the real model
class WatchdogSchedulerCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
    }

    @Test
    void watchdogJsonHasTheUpstreamKeysAndTheGateSkipsASecondRun() throws Exception {
        DemoCommandTest.Run first = run("watchdog", "--workspace", ws, "--json");
        assertEquals(0, first.code(), first.err());
        JsonNode r = json.readTree(first.out());
        assertThat(r.fieldNames()).toIterable().contains("healthy", "recovery", "issues", "stats", "pruned");
        assertThat(r.get("healthy").asBoolean()).isFalse();
        assertThat(r.get("issues").toString()).contains("Turn-write compliance 85.0%");
        assertThat(r.get("stats").get("num_documents").asInt()).isGreaterThan(100);
        assertThat(r.get("findings")).hasSize(8);
        JsonNode stats = r.get("stats");
        assertThat(stats.get("retrievals_in_window").asLong()).isEqualTo(7); // 3 implementor + 4 interactive
        // not the gateway's 6 channel events; S4's eligible implementor turn with no retrieval is one
        assertThat(stats.get("dispatches_in_window").asLong()).isEqualTo(4);
        assertThat(r.get("blind").asBoolean()).isFalse();
        assertThat(stats.get("turn_write_compliance").asDouble()).isEqualTo(0.85); // a ratio, by turn id
        assertThat(stats.get("otel_events_scanned").asLong()).isPositive();
        assertThat(r.get("issues").toString()).doesNotContain("ZERO");

        DemoCommandTest.Run second = run("watchdog", "--workspace", ws, "--fail-on-issues");
        assertEquals(0, second.code());
        assertThat(second.out()).startsWith("Watchdog skipped: a watchdog ran");

        DemoCommandTest.Run forced = run("watchdog", "--workspace", ws, "--force", "--fail-on-issues");
        assertEquals(3, forced.code());
        assertThat(forced.out()).contains("WARNING  turn-write-compliance");
    }

    @Test
    void aWatchdogReadingOnlyAnEmptySpoolSaysBlindInJsonAndText() throws Exception {
        Path dir = Path.of(ws);
        Files.createDirectories(dir.resolve("outbox"));
        new WorkspaceFile(dir).update(root -> root.putObject("otelEvents").put("source", "spool")
                .put("path", "outbox"));
        DemoCommandTest.Run run = run("watchdog", "--workspace", ws, "--force", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode r = json.readTree(run.out());
        assertThat(r.get("healthy").asBoolean()).isFalse();
        assertThat(r.get("blind").asBoolean()).isTrue();
        assertThat(r.get("issues").toString()).contains("Blind: ");
        DemoCommandTest.Run text = run("watchdog", "--workspace", ws, "--force", "--fail-on-issues");
        assertEquals(3, text.code());
        assertThat(text.out()).startsWith("Watchdog: blind").contains("BLIND: no source of events")
                .contains("Blind: the only source read is the OTEL spool");
    }

    @Test
    void aNoteJoinsTheSpoolAndTheWatchdogCountsItApartFromEligibleTurns() throws Exception {
        DemoCommandTest.Run note = run("note", "--source", "console", "--agent", "joel", "--session", "review", "--turn",
                "1", "--summary", "Cleared S3 by exact id", "--project", "joelclaw", "--workspace", ws, "--json");
        assertEquals(0, note.code(), note.err());
        JsonNode r = json.readTree(run("watchdog", "--workspace", ws, "--force", "--json").out());
        assertThat(r.get("stats").get("turn_writes_never_eligible").asLong()).isEqualTo(4); // the demo's 3 and this one
        assertThat(r.get("stats").get("turn_write_compliance").asDouble()).isEqualTo(0.85);
        assertThat(run("note", "--source", "console", "--agent", "joel", "--session", "review", "--turn", "-1",
                "--summary", "x", "--workspace", ws).out().strip()).isEqualTo("invalid_turn_number");
    }

    @Test
    void aReadOnlyWorkspacesWatchdogLeavesTheGateAndTheSpoolAlone() throws Exception {
        Path dir = Path.of(ws);
        new WorkspaceFile(dir).update(root -> root.put("readOnly", true));
        long spooled;
        try (var files = Files.list(dir.resolve("spool/otel"))) {
            spooled = files.count();
        }
        DemoCommandTest.Run r = run("watchdog", "--workspace", ws, "--json");
        assertEquals(0, r.code(), r.err());
        assertThat(json.readTree(r.out()).get("stats").get("read_only").asBoolean()).isTrue();
        try (var files = Files.list(dir.resolve("spool/otel"))) {
            assertThat(files.count()).isEqualTo(spooled);
        }
        assertThat(Files.exists(dir.resolve("state/watchdog-last-run"))).isFalse();
        assertThat(Files.exists(dir.resolve("state/watchdog.jsonl"))).isTrue();
    }

    @Test
    void theHeadlessSchedulerCatchesUpRunsJobsAndKeepsTheirHistory() throws Exception {
        DemoCommandTest.Run s = run("scheduler", "--workspace", ws, "--for", "300ms", "--tick", "50", "--json");
        assertEquals(0, s.code(), s.err());
        JsonNode runs = json.readTree(s.out()).get("runs");
        assertThat(runs.findValuesAsText("trigger")).containsExactly("CATCH_UP", "CATCH_UP");
        assertThat(runs.findValuesAsText("job")).containsExactly("sync", "watchdog");
        assertThat(s.err()).contains("watchdog: next run").contains("(0 */4 * * *)");
        assertThat(Files.readAllLines(Path.of(ws, "state/jobs.jsonl"))).hasSize(4);
    }

    @Test
    void anInvalidScheduleIsReportedAndTheOtherJobRuns() throws Exception {
        Path file = Path.of(ws, "workspace.json");
        Files.writeString(file, Files.readString(file).replace("\"0 */4 * * *\"", "\"every four hours\""));
        DemoCommandTest.Run s = run("scheduler", "--workspace", ws, "--for", "200ms", "--tick", "50", "--run-now", "watchdog",
                "--run-now", "sync", "--json");
        assertEquals(0, s.code(), s.err());
        assertThat(s.err()).contains("Schedule of job watchdog \"every four hours\" is not a valid cron expression");
        assertThat(json.readTree(s.out()).get("runs").findValuesAsText("job")).contains("sync", "watchdog");
        DemoCommandTest.Run bad = run("scheduler", "--workspace", ws, "--for", "soon");
        assertEquals(2, bad.code());
        assertThat(bad.err()).contains("Invalid value for option '--for': \"soon\" is not a duration; give a number and a unit");
    }
}
