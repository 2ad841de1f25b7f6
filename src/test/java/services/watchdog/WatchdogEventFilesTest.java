package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** How the watchdog reads its event files: bad lines named, empty windows, incremental reads, old files skipped. */
class WatchdogEventFilesTest extends WatchdogFixture {

    @Test
    void malformedEventLinesAreReportedWithFileAndLineAndTheRestIsCounted() throws IOException {
        event("gateway", "system_knowledge.retrieval", 10);
        events.add("not json at all");
        events.add("[1, 2]");
        events.add("{\"action\": \"agent.dispatch\"}");
        events.add("{\"timestamp\": " + (clock.millis() / 1000 - 60) + ", \"action\": \"system_knowledge.retrieval\"}");
        events.add("{\"timestamp\": \"soon\", \"action\": \"agent.dispatch\"");
        writeEvents("mixed.jsonl");
        WatchdogReport r = run();
        assertThat(r.problems()).contains("mixed.jsonl line 2: not valid JSON — skipped",
                "mixed.jsonl line 3: not a JSON object — skipped",
                "mixed.jsonl line 4: no numeric \"timestamp\" (epoch milliseconds) — skipped",
                "mixed.jsonl line 6: not valid JSON — skipped");
        assertThat(r.problems()).anySatisfy(p -> assertThat(p).startsWith("mixed.jsonl line 5: timestamp")
                .endsWith("is in seconds, not milliseconds — read as seconds"));
        assertThat(r.stats()).containsEntry("retrievals_in_window", 2L);
    }

    @Test
    void noEventsInTheWindowWhereTheFolderHoldsFilesIsAWarningNeverHealthy() throws IOException {
        event("gateway", "events.dispatched", 6 * 60); // only outside the window
        writeEvents("old.jsonl");
        WatchdogReport stale = run();
        Finding f = finding(stale, "otel-events");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).startsWith("0 OTEL events in 4 h from OTEL events in ").contains("holds 1 files");
        assertThat(stale.healthy()).isFalse();

        Files.delete(ws.otelDir().resolve("old.jsonl")); // a spool folder read as JSON lines
        Files.writeString(ws.otelDir().resolve(clock.millis() + "-abc.json"), "{\"event\":{\"timestamp\":"
                + clock.millis() + ",\"action\":\"system_knowledge.retrieval\"},\"queuedAt\":" + clock.millis() + "}");
        Finding spool = finding(run(), "otel-events");
        assertThat(spool.severity()).isEqualTo(Severity.WARNING);
        assertThat(spool.message()).contains("1 spool files").contains("\"source\": \"spool\"");

        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "jsonl").put("path", "nowhere"));
        ws = Fixtures.loader().load(ws.dir());
        Finding missing = finding(run(), "otel-events");
        assertThat(missing.severity()).isEqualTo(Severity.WARNING);
        assertThat(missing.message()).contains("does not exist");
    }

    @Test
    void appendedEventsAreReadIncrementallyAndAnUnfinishedLastLineWaits() throws IOException {
        JsonlOtelEvents source = new JsonlOtelEvents(ws.otelDir());
        Files.createDirectories(ws.otelDir());
        Path file = ws.otelDir().resolve("live.jsonl");
        long t = clock.millis();
        Files.writeString(file, "{\"timestamp\":" + t + ",\"source\":\"implement\",\"action\":\"system_knowledge.retrieval\","
                + "\"metadata\":{\"story_id\":\"S1\",\"has_results\":true}}\n{\"timestamp\":" + t);
        EventWindow first = source.window(0, Long.MAX_VALUE);
        assertThat(first.count(EventKind.DISPATCH)).isEqualTo(1);
        assertThat(first.problems()).isEmpty();
        Files.writeString(file, ",\"action\":\"system_knowledge.retrieval\"}\n", StandardOpenOption.APPEND);
        EventWindow second = source.window(0, Long.MAX_VALUE);
        assertThat(second.count(EventKind.RETRIEVAL)).isEqualTo(1);
        assertThat(second.samples(EventKind.RETRIEVAL)).containsExactly("event:live.jsonl:2");
        assertThat(second.scanned()).isEqualTo(2);
    }

    @Test
    void aFileLastWrittenBeforeTheWindowIsNotRead() throws IOException {
        event("gateway", "events.dispatched", 10);
        writeEvents("old.jsonl");
        Files.setLastModifiedTime(ws.otelDir().resolve("old.jsonl"),
                FileTime.from(clock.instant().minus(Duration.ofHours(5))));
        EventWindow w = new JsonlOtelEvents(ws.otelDir()).window(clock.millis() - 4 * 3_600_000L, clock.millis());
        assertThat(w.filesSkipped()).isEqualTo(1);
        assertThat(w.scanned()).isZero();
        Files.setLastModifiedTime(ws.otelDir().resolve("old.jsonl"),
                FileTime.from(clock.instant().minus(Duration.ofHours(3))));
        assertThat(new JsonlOtelEvents(ws.otelDir()).window(clock.millis() - 4 * 3_600_000L, clock.millis())
                .count(EventKind.OTHER)).isEqualTo(1);
    }
}
