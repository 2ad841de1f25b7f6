package services.telemetry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.UUID;
import services.audit.DecisionLog;
import services.errors.ConsoleException;
import services.workspace.Workspace;

/**
 * Where the console writes its own OTEL events ({@code knowledge.watchdog.check}, {@code knowledge.turn_write.*}):
 * into the source the watchdog reads, so that it counts them. With {@code "source": "spool"} each event is a spool
 * file in the running system's shape ({@code <timestamp>-<id>.json} holding {@code {"event": …, "queuedAt": ms}},
 * written to a temporary name and renamed, mode 0600, as otel-outbox.ts does — the running system then drains it
 * into ClickHouse); otherwise a line of {@code <otelEvents.path>/<file>.jsonl}.
 */
public interface OtelSink {

    void append(ObjectNode event);

    static OtelSink of(Workspace ws, String jsonlFile, Clock clock) {
        String source = ws.settings().otelEvents().source();
        Path dir = ws.otelDir();
        if ("spool".equals(source)) {
            return event -> spool(dir, event, clock);
        }
        DecisionLog log = new DecisionLog(dir.resolve(jsonlFile));
        return log::append;
    }

    private static void spool(Path dir, ObjectNode event, Clock clock) {
        String id = event.path("id").asText("");
        if (id.isEmpty()) {
            id = UUID.randomUUID().toString();
            event.put("id", id);
        }
        String name = String.format("%013d", event.path("timestamp").asLong(clock.millis())) + "-" + id + ".json";
        ObjectNode queued = DecisionLog.entry();
        queued.set("event", event);
        queued.put("queuedAt", clock.millis());
        Path target = dir.resolve(name);
        Path temp = dir.resolve(name + ".tmp-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID());
        try {
            Files.createDirectories(dir);
            Files.writeString(temp, queued.toString(), StandardCharsets.UTF_8);
            try {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // the folder's own permissions apply
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // nothing more to undo
            }
            throw new ConsoleException("Cannot write the OTEL event " + target + ": " + e.getMessage(), e);
        }
    }
}
