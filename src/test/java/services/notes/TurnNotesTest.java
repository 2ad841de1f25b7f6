package services.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import testsupport.Fixtures;

/** Every rule of the turn-write contract (formats.md part 7), on a real index. */
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

    private List<String> events() {
        return new DecisionLog(tmp.resolve("otel/turn-writes.jsonl")).read().entries().stream()
                .map(e -> e.get("action").asText() + (e.has("error") ? ":" + e.get("error").asText() : "")).toList();
    }

    private static String code(Runnable r) {
        return assertThrows(TurnNoteRefused.class, r::run).code();
    }

    @Test
    void aNoteIsWrittenWithTheContractsIdTitleSourceStatusAndTags() {
        TurnNotes.Outcome out = notes.write(new TurnNoteRequest("gateway", "pi", "slack", "s1", 3, null,
                "Chose exact-id deletes", "Delete by id only", List.of("loop-a", "loop-a", "ADR-0199"),
                List.of("Retry Safety", "ops"), null, "2026-11-01T09:00:00Z", "joelclaw", "loop-a", "S2", "run-1",
                List.of("bash", "git"), "msg-9"));
        KnowledgeDoc doc = index.get("turn:gateway:pi:slack:s1:3").orElseThrow();
        assertEquals(out.doc(), doc);
        assertEquals("turn_note", doc.type());
        assertEquals("Turn note: pi slack #3", doc.title());
        assertEquals("turn:gateway", doc.source());
        assertEquals("captured", doc.status());
        assertEquals(List.of("turn-note", "source:gateway", "agent:pi", "channel:slack", "retry-safety", "ops",
                "tool:bash", "tool:git"), doc.tags());
        assertThat(doc.content()).startsWith("source: gateway\nagent: pi\nchannel: slack\nsession: s1\n"
                + "turn_id: gateway:pi:slack:s1:3\nturn_number: 3\noccurred_at: 2026-11-01T09:00:00Z\n\n"
                + "summary: Chose exact-id deletes\ndecision: Delete by id only\nevidence:\n- loop-a\n- ADR-0199\n")
                .contains("context: {\"project\":\"joelclaw\",\"loopId\":\"loop-a\",\"storyId\":\"S2\",\"runId\":\"run-1\","
                        + "\"sourceMessageId\":\"msg-9\",\"toolNames\":[\"bash\",\"git\"]}");
        assertEquals(List.of("knowledge.turn_write.started", "knowledge.turn_write.completed"), events());
    }

    @Test
    void theDefaultTurnIdUsesInternalWithoutAChannelAndAGivenIdWins() {
        assertEquals("turn:gateway:pi:internal:s1:3", notes.write(request("x", null)).doc().id());
        TurnNoteRequest given = new TurnNoteRequest("gateway", "pi", null, null, null, "custom-7", "x", null, null, null,
                null, null, null, null, null, null, null, null);
        assertEquals("turn:custom-7", notes.write(given).doc().id());
        assertEquals("Turn note: pi internal", index.get("turn:custom-7").orElseThrow().title());
    }

    @Test
    void requiredFieldsAreRefusedWithTheirCodeAndNothingIsWritten() {
        assertEquals("missing_source", code(() -> notes.write(new TurnNoteRequest(" ", "pi", null, "s", 1, null, "x",
                null, null, null, null, null, null, null, null, null, null, null))));
        assertEquals("missing_agent", code(() -> notes.write(new TurnNoteRequest("g", null, null, "s", 1, null, "x",
                null, null, null, null, null, null, null, null, null, null, null))));
        assertEquals("missing_turn_id", code(() -> notes.write(new TurnNoteRequest("g", "pi", null, null, null, null,
                "x", null, null, null, null, null, null, null, null, null, null, null))));
        assertEquals(0, index.status().documents());
    }

    @Test
    void skipReasonsAreTheContractsThreeAndASkipWritesNothing() {
        assertEquals("invalid_skip_reason", code(() -> notes.write(request("x", "bored"))));
        assertEquals("missing_summary_without_skip_reason", code(() -> notes.write(request("  ", null))));
        for (String reason : List.of("routine-heartbeat", "duplicate-signal", "no-new-information")) {
            TurnNotes.Outcome out = notes.write(request(null, reason));
            assertEquals("skipped", out.status());
            assertNull(out.doc());
        }
        assertEquals(0, index.status().documents());
        assertThat(events()).contains("knowledge.turn_write.failed:invalid_skip_reason",
                "knowledge.turn_write.failed:missing_summary_without_skip_reason", "knowledge.turn_write.skipped");
    }

    @Test
    void listsAreDeduplicatedBoundedAndTrimmedToTheirLimits() {
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
        String long1 = "x".repeat(200);
        many.add(0, long1);
        TurnNoteRequest r = new TurnNoteRequest("g", "pi", null, "s", 1, null, "x", null, many, tags, null, null, null,
                null, null, null, tools, null);
        KnowledgeDoc doc = notes.write(r).doc();
        long evidence = doc.content().lines().filter(l -> l.startsWith("- ")).count();
        assertEquals(30, evidence);
        assertThat(doc.content()).contains("- " + "x".repeat(140) + "\n").doesNotContain("x".repeat(141));
        assertThat(doc.tags()).contains("same-tag").doesNotContain("Same Tag");
        assertEquals(20, doc.tags().stream().filter(t -> !t.contains(":") && !t.equals("turn-note")).count());
        assertEquals(30, doc.tags().stream().filter(t -> t.startsWith("tool:")).count());
    }
}
