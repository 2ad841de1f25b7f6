package services.notes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.UUID;
import services.audit.DecisionLog;

/**
 * The turn-write events (formats.md part 8), appended one per line to {@code <otel dir>/turn-writes.jsonl} — the
 * embedded OTEL event source, which a watchdog reads for turn-write compliance.
 */
public final class TurnEvents {

    private final DecisionLog log;
    private final Clock clock;

    public TurnEvents(Path otelDir, Clock clock) {
        this.log = new DecisionLog(otelDir.resolve("turn-writes.jsonl"));
        this.clock = clock;
    }

    void emit(String action, boolean success, String error, String turnId, TurnNoteRequest r) {
        ObjectNode e = DecisionLog.entry();
        e.put("id", UUID.randomUUID().toString());
        e.put("timestamp", clock.millis());
        e.put("date", clock.instant().atOffset(ZoneOffset.UTC).toLocalDate().toString());
        e.put("sessionId", r.session() == null ? "" : r.session());
        e.put("systemId", "brain-console");
        e.put("level", success ? "info" : "warn");
        e.put("source", "brain-console");
        e.put("component", "knowledge");
        e.put("action", action);
        e.put("success", success);
        if (error != null) {
            e.put("error", error);
        }
        ObjectNode meta = e.putObject("metadata");
        meta.put("turnId", turnId == null ? "" : turnId);
        meta.put("agent", r.agent() == null ? "" : r.agent());
        meta.put("source", r.source() == null ? "" : r.source());
        log.append(e);
    }
}
