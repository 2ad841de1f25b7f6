package services.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.watchdog.EventKind;
import services.watchdog.EventWindow;
import services.watchdog.JsonlOtelEvents;
import testsupport.Fixtures;

/** Turn notes as the running function writes them (running-system.md part 7), on a real index. */
class TurnNotesTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private TurnNotes notes;

    @BeforeEach
    void setUp() {
        index = new LuceneKnowledgeIndex(tmp.resolve("index"), 384);
        notes = new TurnNotes(index, new TurnEvents(tmp.resolve("otel"), Fixtures.CLOCK), Fixtures.CLOCK);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    static TurnNoteRequest request(String summary, String skip) {
        return new TurnNoteRequest("gateway", "pi", null, "s1", 3, null, summary, null, null, null, skip, null, null,
                null, null, null, null, null);
    }

    private List<JsonNode> entries() {
        return new DecisionLog(tmp.resolve("otel/turn-writes.jsonl")).read().entries();
    }

    private List<String> events() {
        return entries().stream()
                .map(e -> e.get("action").asText() + (e.has("error") ? ":" + e.get("error").asText() : "")).toList();
    }

    private static String code(Runnable r) {
        return assertThrows(TurnNoteRefused.class, r::run).code();
    }

    @Test
    void aNoteIsWrittenInTheRunningFunctionsLayout() {
        TurnNotes.Outcome out = notes.write(new TurnNoteRequest("gateway", "pi", "slack", "s1", 3, null,
                "Chose exact-id deletes", "Delete by id only", List.of("loop-a", "loop-a", "ADR-0199"),
                List.of("Retry Safety", "ops"), null, "2026-11-01T09:00:00.000Z", "joelclaw", "loop-a", "S2", "run-1",
                List.of("bash", "git"), "msg-9"));
        KnowledgeDoc doc = index.get("turn:gateway:pi:slack:s1:3").orElseThrow();
        assertEquals(out.doc(), doc);
        assertEquals("turn_note", doc.type());
        assertEquals("Turn note: pi slack #3", doc.title());
        assertEquals("turn:gateway", doc.source());
        assertEquals("captured", doc.status());
        assertEquals("joelclaw", doc.project());
        assertEquals(List.of("turn-note", "source:gateway", "agent:pi", "channel:slack", "retry-safety", "ops",
                "tool:bash", "tool:git"), doc.tags());
        assertEquals("source: gateway\nagent: pi\nchannel: slack\nsession: s1\nturn_id: gateway:pi:slack:s1:3\n"
                + "turn_number: 3\noccurred_at: 2026-11-01T09:00:00.000Z\n\nsummary:\nChose exact-id deletes\n\n"
                + "decision:\nDelete by id only\n\nevidence:\n- loop-a\n- ADR-0199\n\ncontext:\n"
                + "{\"project\":\"joelclaw\",\"loopId\":\"loop-a\",\"storyId\":\"S2\",\"runId\":\"run-1\","
                + "\"toolNames\":[\"bash\",\"git\"],\"sourceMessageId\":\"msg-9\"}", doc.content());
        assertEquals(List.of("knowledge.turn_write.started", "knowledge.turn_write.completed"), events());
        JsonNode completed = entries().get(1);
        assertEquals("knowledge-turn-write", completed.get("component").asText());
        assertEquals("gateway", completed.get("source").asText());
        assertEquals("gateway:pi:slack:s1:3", completed.path("metadata").path("turn_id").asText());
        assertEquals(3, completed.path("metadata").path("turn_number").asInt());
        assertEquals("created", completed.path("metadata").path("write_result").asText());
        assertThat(completed.get("timestamp").asLong()).isEqualTo(Fixtures.CLOCK.millis()); // epoch ms
    }

    @Test
    void withoutAChannelThereIsNoChannelTagAndTheDefaultsAreTheRunningOnes() {
        KnowledgeDoc doc = notes.write(new TurnNoteRequest(null, " ", null, null, null, null, "x", null, null, null, null,
                null, null, null, null, null, null, null)).doc();
        assertThat(doc.tags()).containsExactly("turn-note", "source:unknown", "agent:unknown");
        assertEquals("Turn note: unknown internal #?", doc.title());
        assertThat(doc.content()).startsWith("source: unknown\nagent: unknown\nchannel: internal\nsession: unknown\n")
                .contains("turn_number: unknown\noccurred_at: " + DateTimeFormatter
                        .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC)
                        .format(Fixtures.CLOCK.instant()) + "\n\nsummary:\nx");
        assertThat(doc.content()).doesNotContain("context:").doesNotContain("decision:");
    }

    @Test
    void theTurnIdIsGivenOrBuiltFromSessionAndTurnOrASha1() throws Exception {
        assertEquals("turn:gateway:pi:internal:s1:3", notes.write(request("x", null)).doc().id());
        TurnNoteRequest given = new TurnNoteRequest("gateway", "pi", null, null, null, "custom-7", "x", null, null, null,
                null, null, null, null, null, null, null, null);
        assertEquals("turn:custom-7", notes.write(given).doc().id());
        TurnNoteRequest none = new TurnNoteRequest("g", "pi", null, null, null, null, "x", "d", null, null, null, null,
                null, null, null, null, null, null);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest("g|pi|||x|d"
                .getBytes(StandardCharsets.UTF_8))).substring(0, 16);
        assertEquals("turn:turn-" + sha, notes.write(none).doc().id());
    }

    @Test
    void onlyABadSkipReasonAMissingSummaryOrANegativeTurnAreRefused() {
        assertEquals("invalid_skip_reason", code(() -> notes.write(request("x", "bored"))));
        assertEquals("missing_summary_without_skip_reason", code(() -> notes.write(request("  ", null))));
        int before = events().size();
        assertEquals("invalid_turn_number", code(() -> notes.write(new TurnNoteRequest("g", "pi", null, "s", -1, null,
                "x", null, null, null, null, null, null, null, null, null, null, null))));
        assertEquals(before, events().size()); // refused before anything was emitted, as the running CLI does
        for (String reason : List.of("routine-heartbeat", "duplicate-signal", "no-new-information")) {
            TurnNotes.Outcome out = notes.write(request(null, reason));
            assertEquals("skipped", out.status());
            assertNull(out.doc());
        }
        assertEquals(0, index.status().documents());
        assertThat(events()).contains("knowledge.turn_write.failed:invalid_skip_reason",
                "knowledge.turn_write.failed:missing_summary_without_skip_reason", "knowledge.turn_write.skipped");
        JsonNode skipped = entries().stream().filter(e -> e.get("action").asText().endsWith(".skipped")).findFirst()
                .orElseThrow();
        assertEquals("routine-heartbeat", skipped.path("metadata").path("skip_reason").asText());
        assertEquals("gateway:pi:internal:s1:3", skipped.path("metadata").path("turn_id").asText());
    }

    @Test
    void aNoteWrittenByHandNeedsItsSourceAgentSessionAndTurnAsTheRunningCliDoes() {
        int before = events().size();
        for (String blank : Arrays.asList(null, "", "   ", "\t")) {
            assertEquals("missing_agent", code(() -> notes.writeByHand(new TurnNoteRequest("console", blank, null, "s",
                    1, null, "x", null, null, null, null, null, null, null, null, null, null, null))));
            assertEquals("missing_session", code(() -> notes.writeByHand(new TurnNoteRequest("console", "pi", null,
                    blank, 1, null, "x", null, null, null, null, null, null, null, null, null, null, null))));
            assertEquals("missing_source", code(() -> notes.writeByHand(new TurnNoteRequest(blank, "pi", null, "s", 1,
                    null, "x", null, null, null, null, null, null, null, null, null, null, null))));
        }
        TurnNoteRefused noTurn = assertThrows(TurnNoteRefused.class, () -> notes.writeByHand(new TurnNoteRequest(
                "console", "pi", null, "s", null, null, "x", null, null, null, null, null, null, null, null, null, null,
                null)));
        assertEquals("missing_turn", noTurn.code());
        assertThat(noTurn.reason()).startsWith("turn is empty:");
        // a form left empty hears of every empty field at once, not one per try
        TurnNoteRefused empty = assertThrows(TurnNoteRefused.class, () -> notes.writeByHand(new TurnNoteRequest(
                " ", null, null, "", null, null, "x", null, null, null, null, null, null, null, null, null, null, null)));
        assertEquals("missing_source", empty.code());
        assertThat(empty.reason()).startsWith("source is empty; so are agent, session and turn:");
        TurnNoteRefused blank = assertThrows(TurnNoteRefused.class, () -> notes.writeByHand(new TurnNoteRequest(
                null, null, null, null, null, null, " ", null, null, null, null, null, null, null, null, null, null, null)));
        assertThat(blank.reason()).startsWith("source is empty; so are agent, session, turn and summary (or a skip "
                + "reason):");
        assertEquals(before, events().size()); // refused before any event, as the running CLI refuses
        assertEquals(0, index.status().documents());
        // the running function's own defaults stay for what the loops send
        assertEquals("written", notes.write(new TurnNoteRequest(null, null, null, null, null, null, "x", null, null,
                null, null, null, null, null, null, null, null, null)).status());
        assertEquals("written", notes.writeByHand(request("y", null)).status());
    }

    @Test
    void listsAndTagsAreBoundedAsTheRunningFunctionBoundsThem() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            many.add("evidence-" + i);
        }
        List<String> tags = new ArrayList<>(Collections.nCopies(3, "Same Tag"));
        for (int i = 0; i < 25; i++) {
            tags.add("tag " + i);
        }
        List<String> tools = new ArrayList<>();
        for (int i = 0; i < 35; i++) {
            tools.add("tool" + i);
        }
        tools.add(0, "t".repeat(60));
        many.add(0, "x".repeat(200));
        TurnNoteRequest r = new TurnNoteRequest("s".repeat(50), "pi", "c".repeat(45), "s", 1, null, "x", null, many,
                tags, null, null, null, null, null, null, tools, null);
        KnowledgeDoc doc = notes.write(r).doc();
        assertEquals(30, doc.content().lines().filter(l -> l.startsWith("- ")).count());
        assertThat(doc.content()).contains("- " + "x".repeat(140) + "\n").doesNotContain("x".repeat(141));
        assertThat(doc.tags()).hasSize(30).contains("same-tag", "source:" + "s".repeat(40), "channel:" + "c".repeat(40),
                "tool:" + "t".repeat(40)).doesNotContain("Same Tag");
        assertThat(doc.tags()).allSatisfy(t -> assertThat(t.length()).isLessThanOrEqualTo("channel:".length() + 40));
    }

    @Test
    void theWatchdogSeesTheNotesEventsByTurnIdAsNeverEligible() {
        notes.write(request("x", null));
        notes.write(request(null, "duplicate-signal"));
        EventWindow w = new JsonlOtelEvents(tmp.resolve("otel")).window(0, Long.MAX_VALUE);
        assertThat(w.turns(EventKind.TURN_COMPLETED)).containsExactly("gateway:pi:internal:s1:3");
        assertThat(w.turns(EventKind.TURN_SKIPPED)).containsExactly("gateway:pi:internal:s1:3");
        assertThat(w.turns(EventKind.TURN_ELIGIBLE)).isEmpty();
    }
}
