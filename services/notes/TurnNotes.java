package services.notes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import services.text.PlainText;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;

/**
 * Turn-level knowledge writes as the running function makes them (running-system.md part 7;
 * knowledge-turn-write.ts): a missing source or agent is {@code unknown}, a missing turn id is
 * {@code <source>:<agent>:<channel|internal>:<session>:<turn>} when session and turn are given (the running CLI's
 * default) and {@code turn-<sha1>} otherwise; the only refusals are {@code invalid_skip_reason},
 * {@code missing_summary_without_skip_reason} and (as the running CLI) a negative turn number. Every accepted request
 * emits {@code knowledge.turn_write.started}, then {@code completed}, {@code skipped} or {@code failed} about its
 * {@code turn_id} — the events the watchdog counts. A refused request writes no document.
 */
public final class TurnNotes {

    public static final Set<String> SKIP_REASONS = Set.of("routine-heartbeat", "duplicate-signal", "no-new-information");
    static final int MAX_EVIDENCE = 30;
    static final int MAX_USEFULNESS = 20;
    static final int MAX_TOOLS = 20;
    static final int MAX_ITEM = 140;
    static final int MAX_TAG = 40;
    static final int MAX_TAGS = 30;
    private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

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

    /**
     * A note an operator writes by hand, in the window or with {@code note}: refused, before any event, when its
     * source, agent or session is empty or blank or its turn number is missing — as the running system's
     * {@code knowledge note} refuses them ("--agent is required"); then {@link #write}. (Requests arriving from the
     * running system's loops go to {@link #write}, which fills a missing source or agent with {@code unknown}.)
     */
    public Outcome writeByHand(TurnNoteRequest r) {
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> field : List.of(Map.entry("source", orEmpty(r.source())),
                Map.entry("agent", orEmpty(r.agent())), Map.entry("session", orEmpty(r.session())))) {
            if (field.getValue().isBlank()) {
                missing.add(field.getKey());
            }
        }
        if (r.turnNumber() == null) {
            missing.add("turn");
        }
        if (!missing.isEmpty() && orEmpty(r.summary()).isBlank() && orEmpty(r.skipReason()).isBlank()) {
            missing.add("summary (or a skip reason)"); // said now too, not as the next refusal once these are typed
        }
        if (!missing.isEmpty()) { // every empty field at once, the first one's code (the running CLI's first check)
            String first = missing.get(0);
            List<String> more = missing.subList(1, missing.size());
            String also = more.isEmpty() ? "" : "; so " + (more.size() == 1 ? "is " : "are ")
                    + (more.size() == 1 ? more.get(0) : String.join(", ", more.subList(0, more.size() - 1)) + " and "
                    + more.get(more.size() - 1));
            throw new TurnNoteRefused("missing_" + first, first + " is empty" + also + ": a note names the source, "
                    + "agent, session and turn number (0 or more) of its turn, as the running system's knowledge note "
                    + "requires");
        }
        return write(r);
    }

    public Outcome write(TurnNoteRequest r) {
        if (r.turnNumber() != null && r.turnNumber() < 0) {
            throw new TurnNoteRefused("invalid_turn_number", "turn number " + r.turnNumber()
                    + " is negative: a turn number is 0 or more");
        }
        long started = clock.millis();
        String source = orUnknown(r.source());
        String agent = orUnknown(r.agent());
        String channel = trimmed(r.channel());
        String turnId = turnId(r);
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("turn_id", turnId);
        meta.put("turn_number", r.turnNumber());
        meta.put("agent", agent);
        meta.put("channel", channel == null ? "internal" : channel);
        String rawSkip = trimmed(r.skipReason());
        Map<String, Object> startedMeta = new LinkedHashMap<>(meta);
        startedMeta.put("has_skip_reason", rawSkip != null && SKIP_REASONS.contains(rawSkip));
        events.emit("knowledge.turn_write.started", source, r.session(), true, null, null, startedMeta);
        if (rawSkip != null && !SKIP_REASONS.contains(rawSkip)) {
            events.emit("knowledge.turn_write.failed", source, r.session(), false, "invalid_skip_reason", null,
                    Map.of("turn_id", turnId, "skip_reason", rawSkip));
            throw new TurnNoteRefused("invalid_skip_reason", PlainText.shown(rawSkip) + " is not one of "
                    + String.join(", ", SKIP_REASONS.stream().sorted().toList()));
        }
        if (rawSkip != null) {
            Map<String, Object> skipped = new LinkedHashMap<>(meta);
            skipped.put("skip_reason", rawSkip);
            events.emit("knowledge.turn_write.skipped", source, r.session(), true, null, clock.millis() - started, skipped);
            return new Outcome("skipped", turnId, null, rawSkip);
        }
        if (trimmed(r.summary()) == null) {
            events.emit("knowledge.turn_write.failed", source, r.session(), false, "missing_summary_without_skip_reason",
                    null, meta);
            throw new TurnNoteRefused("missing_summary_without_skip_reason", "a turn note needs a summary, or a skip reason");
        }
        try {
            KnowledgeDoc doc = document(r, source, agent, channel, turnId);
            boolean existed = index.get(doc.id()).isPresent();
            if (log != null) {
                log.append(doc); // first the durable copy: the index can be rebuilt from it
            }
            index.upsert(List.of(doc));
            index.flush();
            Map<String, Object> completed = new LinkedHashMap<>(meta);
            completed.put("write_result", existed ? "updated" : "created");
            completed.put("tags", doc.tags());
            events.emit("knowledge.turn_write.completed", source, r.session(), true, null, clock.millis() - started,
                    completed);
            return new Outcome("written", turnId, doc, null);
        } catch (RuntimeException e) {
            events.emit("knowledge.turn_write.failed", source, r.session(), false, String.valueOf(e.getMessage()),
                    clock.millis() - started, meta);
            throw e;
        }
    }

    /**
     * The given turn id; else {@code <source>:<agent>:<channel|internal>:<session>:<turn>} when session and turn are
     * given; else {@code turn-} and the first 16 hex digits of the SHA-1 of source|agent|session|turn|summary|decision.
     */
    static String turnId(TurnNoteRequest r) {
        String given = trimmed(r.turnId());
        if (given != null) {
            return given;
        }
        if (trimmed(r.session()) != null && r.turnNumber() != null) {
            return orUnknown(r.source()) + ":" + orUnknown(r.agent()) + ":"
                    + (trimmed(r.channel()) == null ? "internal" : trimmed(r.channel())) + ":" + trimmed(r.session())
                    + ":" + r.turnNumber();
        }
        String raw = String.join("|", orEmpty(r.source()), orEmpty(r.agent()), orEmpty(r.session()),
                r.turnNumber() == null ? "" : r.turnNumber().toString(), orEmpty(r.summary()), orEmpty(r.decision()));
        try {
            byte[] sha = MessageDigest.getInstance("SHA-1").digest(raw.getBytes(StandardCharsets.UTF_8));
            return "turn-" + HexFormat.of().formatHex(sha).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this Java runtime", e);
        }
    }

    private KnowledgeDoc document(TurnNoteRequest r, String source, String agent, String channel, String turnId) {
        List<String> evidence = normalise(r.evidence(), MAX_EVIDENCE, false);
        List<String> usefulness = normalise(r.usefulnessTags(), MAX_USEFULNESS, true);
        List<String> tools = normalise(r.toolNames(), MAX_TOOLS, false);
        String occurredAt = trimmed(r.occurredAt()) == null ? ISO_MILLIS.format(clock.instant()) : r.occurredAt().strip();
        StringBuilder c = new StringBuilder();
        c.append("source: ").append(source).append('\n');
        c.append("agent: ").append(agent).append('\n');
        c.append("channel: ").append(channel == null ? "internal" : channel).append('\n');
        c.append("session: ").append(trimmed(r.session()) == null ? "unknown" : trimmed(r.session())).append('\n');
        c.append("turn_id: ").append(turnId).append('\n');
        c.append("turn_number: ").append(r.turnNumber() == null ? "unknown" : r.turnNumber().toString()).append('\n');
        c.append("occurred_at: ").append(occurredAt).append('\n');
        c.append("\nsummary:\n").append(r.summary().strip());
        if (trimmed(r.decision()) != null) {
            c.append("\n\ndecision:\n").append(r.decision().strip());
        }
        if (!evidence.isEmpty()) {
            c.append("\n\nevidence:");
            evidence.forEach(e -> c.append("\n- ").append(e));
        }
        ObjectNode context = json.createObjectNode();
        put(context, "project", r.project());
        put(context, "loopId", r.loopId());
        put(context, "storyId", r.storyId());
        put(context, "runId", r.runId());
        if (!tools.isEmpty()) {
            tools.forEach(context.putArray("toolNames")::add);
        }
        put(context, "sourceMessageId", r.sourceMessageId());
        if (!context.isEmpty()) {
            c.append("\n\ncontext:\n").append(context);
        }
        LinkedHashSet<String> tags = new LinkedHashSet<>();
        tags.add("turn-note");
        tags.add("source:" + cut(source, MAX_TAG));
        tags.add("agent:" + cut(agent, MAX_TAG));
        if (channel != null) {
            tags.add("channel:" + cut(channel, MAX_TAG));
        }
        tags.addAll(usefulness);
        tools.forEach(t -> tags.add("tool:" + cut(t, MAX_TAG)));
        List<String> tagList = tags.stream().limit(MAX_TAGS).toList();
        String title = "Turn note: " + agent + " " + (channel == null ? "internal" : channel) + " #"
                + (r.turnNumber() == null ? "?" : r.turnNumber().toString());
        return new KnowledgeDoc("turn:" + turnId, "turn_note", title, c.toString(), "turn:" + source,
                trimmed(r.project()), null, "captured", null, tagList, clock.instant().getEpochSecond(), null);
    }

    /** Trimmed, de-duplicated, items cut to 140 characters, at most {@code max}; tags then lower-cased, spaces '-'. */
    static List<String> normalise(List<String> items, int max, boolean tag) {
        if (items == null) {
            return List.of();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String item : items) {
            if (item == null || item.isBlank()) {
                continue;
            }
            out.add(cut(item.strip(), MAX_ITEM));
            if (out.size() == max) {
                break;
            }
        }
        if (!tag) {
            return List.copyOf(out);
        }
        return out.stream().map(v -> v.toLowerCase(Locale.ROOT).replaceAll("\\s+", "-")).distinct().toList();
    }

    private static String cut(String s, int max) {
        return s.length() > max ? s.substring(0, max) : s;
    }

    private static String trimmed(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static String orUnknown(String s) {
        return trimmed(s) == null ? "unknown" : trimmed(s);
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s.strip();
    }

    private static void put(ObjectNode node, String key, String value) {
        if (trimmed(value) != null) {
            node.put(key, value.strip());
        }
    }
}
