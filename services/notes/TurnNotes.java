package services.notes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;

/**
 * Turn-level knowledge writes (formats.md part 7; seeds: ADR-0202): validates and normalises a request exactly as
 * the contract says, writes the {@code turn_note} document, and records the
 * {@code knowledge.turn_write.started|completed|skipped|failed} events. A refused request writes no document.
 */
public final class TurnNotes {

    public static final Set<String> SKIP_REASONS = Set.of("routine-heartbeat", "duplicate-signal", "no-new-information");
    static final int MAX_EVIDENCE = 30;
    static final int MAX_TAGS = 20;
    static final int MAX_TOOLS = 30;
    static final int MAX_ITEM = 140;

    /** What happened: the note written (its document), or skipped with the reason. */
    public record Outcome(String status, String turnId, KnowledgeDoc doc, String skipReason) {
    }

    private final KnowledgeIndex index;
    private final TurnEvents events;
    private final Clock clock;
    private final TurnNoteLog log;
    private final ObjectMapper json = new ObjectMapper();

    public TurnNotes(KnowledgeIndex index, TurnEvents events, Clock clock) {
        this(index, events, clock, null);
    }

    /** @param log the durable copy a rebuilt index reads its turn notes from (null: the index only, for tests) */
    public TurnNotes(KnowledgeIndex index, TurnEvents events, Clock clock, TurnNoteLog log) {
        this.index = index;
        this.events = events;
        this.clock = clock;
        this.log = log;
    }

    public Outcome write(TurnNoteRequest r) {
        String turnId = turnId(r);
        events.emit("knowledge.turn_write.started", true, null, turnId, r);
        try {
            require(r.source(), "source");
            require(r.agent(), "agent");
            if (turnId == null) {
                throw new TurnNoteRefused("missing_turn_id", "give --turn-id, or --session and --turn to build one");
            }
            String skip = blank(r.skipReason()) ? null : r.skipReason().strip();
            if (skip != null && !SKIP_REASONS.contains(skip)) {
                throw new TurnNoteRefused("invalid_skip_reason", "\"" + skip + "\" is not one of "
                        + String.join(", ", SKIP_REASONS.stream().sorted().toList()));
            }
            if (skip == null && blank(r.summary())) {
                throw new TurnNoteRefused("missing_summary_without_skip_reason",
                        "a turn note needs a summary, or a skip reason");
            }
            if (skip != null) {
                events.emit("knowledge.turn_write.skipped", true, null, turnId, r);
                return new Outcome("skipped", turnId, null, skip);
            }
            KnowledgeDoc doc = document(r, turnId);
            if (log != null) {
                log.append(doc); // first the durable copy: the index can be rebuilt from it
            }
            index.upsert(List.of(doc));
            index.flush();
            events.emit("knowledge.turn_write.completed", true, null, turnId, r);
            return new Outcome("written", turnId, doc, null);
        } catch (TurnNoteRefused e) {
            events.emit("knowledge.turn_write.failed", false, e.code(), turnId, r);
            throw e;
        } catch (RuntimeException e) {
            events.emit("knowledge.turn_write.failed", false, "write_failed", turnId, r);
            throw e;
        }
    }

    /** The given turn id, or {@code <source>:<agent>:<channel|internal>:<session>:<turn>}. */
    static String turnId(TurnNoteRequest r) {
        if (!blank(r.turnId())) {
            return r.turnId().strip();
        }
        if (blank(r.source()) || blank(r.agent()) || blank(r.session()) || r.turnNumber() == null) {
            return null;
        }
        return r.source().strip() + ":" + r.agent().strip() + ":" + channel(r) + ":" + r.session().strip() + ":"
                + r.turnNumber();
    }

    private KnowledgeDoc document(TurnNoteRequest r, String turnId) {
        List<String> evidence = normalise(r.evidence(), MAX_EVIDENCE, false);
        List<String> usefulness = normalise(r.usefulnessTags(), MAX_TAGS, true);
        List<String> tools = normalise(r.toolNames(), MAX_TOOLS, false);
        String occurredAt = blank(r.occurredAt()) ? clock.instant().toString() : r.occurredAt().strip();
        StringBuilder content = new StringBuilder();
        line(content, "source", r.source());
        line(content, "agent", r.agent());
        line(content, "channel", channel(r));
        line(content, "session", r.session());
        line(content, "turn_id", turnId);
        line(content, "turn_number", r.turnNumber() == null ? null : r.turnNumber().toString());
        line(content, "occurred_at", occurredAt);
        content.append("\nsummary: ").append(r.summary().strip()).append('\n');
        if (!blank(r.decision())) {
            content.append("decision: ").append(r.decision().strip()).append('\n');
        }
        if (!evidence.isEmpty()) {
            content.append("evidence:\n");
            evidence.forEach(e -> content.append("- ").append(e).append('\n'));
        }
        ObjectNode context = json.createObjectNode();
        put(context, "project", r.project());
        put(context, "loopId", r.loopId());
        put(context, "storyId", r.storyId());
        put(context, "runId", r.runId());
        put(context, "sourceMessageId", r.sourceMessageId());
        if (!tools.isEmpty()) {
            tools.forEach(context.putArray("toolNames")::add);
        }
        if (!context.isEmpty()) {
            content.append("context: ").append(context).append('\n');
        }
        List<String> tags = new ArrayList<>(List.of("turn-note", "source:" + r.source().strip(),
                "agent:" + r.agent().strip(), "channel:" + channel(r)));
        tags.addAll(usefulness);
        tools.forEach(t -> tags.add("tool:" + t));
        String title = "Turn note: " + r.agent().strip() + " " + channel(r)
                + (r.turnNumber() == null ? "" : " #" + r.turnNumber());
        return new KnowledgeDoc("turn:" + turnId, "turn_note", title, content.toString(), "turn:" + r.source().strip(),
                blank(r.project()) ? null : r.project(), blank(r.loopId()) ? null : r.loopId(), "captured", null,
                List.copyOf(new LinkedHashSet<>(tags)), clock.instant().getEpochSecond(), null);
    }

    /** De-duplicated, items at most 140 characters, at most {@code max}; tags lower-cased with spaces as '-'. */
    static List<String> normalise(List<String> items, int max, boolean tag) {
        if (items == null) {
            return List.of();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String item : items) {
            if (item == null || item.isBlank()) {
                continue;
            }
            String v = item.strip();
            if (tag) {
                v = v.toLowerCase(Locale.ROOT).replaceAll("\\s+", "-");
            }
            out.add(v.length() > MAX_ITEM ? v.substring(0, MAX_ITEM) : v);
            if (out.size() == max) {
                break;
            }
        }
        return List.copyOf(out);
    }

    private static String channel(TurnNoteRequest r) {
        return blank(r.channel()) ? "internal" : r.channel().strip();
    }

    private static void require(String value, String field) {
        if (blank(value)) {
            throw new TurnNoteRefused("missing_" + field, "'" + field + "' is required");
        }
    }

    private static void line(StringBuilder out, String key, String value) {
        if (!blank(value)) {
            out.append(key).append(": ").append(value.strip()).append('\n');
        }
    }

    private static void put(ObjectNode node, String key, String value) {
        if (!blank(value)) {
            node.put(key, value.strip());
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
