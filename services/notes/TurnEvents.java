package services.notes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import services.audit.DecisionLog;
import services.telemetry.OtelSink;
import services.workspace.Workspace;

/**
 * The {@code knowledge.turn_write.*} events of a note, in the running system's shape (knowledge-turn-write.ts:
 * component {@code knowledge-turn-write}, source = the note's source, {@code metadata.turn_id}), written where the
 * workspace's watchdog reads its events ({@link OtelSink}: spool files, or {@code turn-writes.jsonl}).
 */
public final class TurnEvents {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final OtelSink sink;
    private final Clock clock;

    public TurnEvents(OtelSink sink, Clock clock) {
        this.sink = sink;
        this.clock = clock;
    }

    /** JSON lines in {@code <otelDir>/turn-writes.jsonl}. */
    public TurnEvents(Path otelDir, Clock clock) {
        this(new DecisionLog(otelDir.resolve("turn-writes.jsonl"))::append, clock);
    }

    public static TurnEvents of(Workspace ws, Clock clock) {
        return new TurnEvents(OtelSink.of(ws, "turn-writes.jsonl", clock), clock);
    }

    void emit(String action, String source, String session, boolean success, String error, Long durationMillis,
              Map<String, Object> metadata) {
        ObjectNode e = DecisionLog.entry();
        e.put("id", UUID.randomUUID().toString());
        e.put("timestamp", clock.millis());
        e.put("sessionId", session == null ? "unknown" : session);
        e.put("systemId", "brain-console");
        e.put("level", success ? "info" : "error");
        e.put("source", source);
        e.put("component", "knowledge-turn-write");
        e.put("action", action);
        if (durationMillis != null) {
            e.put("duration_ms", durationMillis);
        }
        e.put("success", success);
        if (error != null) {
            e.put("error", error);
        }
        ObjectNode meta = e.putObject("metadata");
        metadata.forEach((k, v) -> {
            if (v != null) {
                meta.set(k, JSON.valueToTree(v));
            }
        });
        sink.append(e);
    }
}
