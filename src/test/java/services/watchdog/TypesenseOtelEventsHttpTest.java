package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import services.errors.ConsoleException;
import services.knowledge.TypesenseConnection;
import testsupport.FakeTypesense;

/** The otel_events source at the HTTP level, against the local fake server (not Typesense). */
class TypesenseOtelEventsHttpTest {

    private static String doc(String id, long ts, String source, String component, String action, String meta) {
        return "{\"document\": {\"id\": \"" + id + "\", \"timestamp\": " + ts + ", \"source\": \"" + source
                + "\", \"component\": \"" + component + "\", \"action\": \"" + action + "\", \"metadata_json\": "
                + new ObjectMapper().valueToTree(meta) + "}}";
    }

    @Test
    void readsTheWindowsRetrievalAndTurnEventsWithTheirMetadataAndCountsTheRest() throws Exception {
        try (FakeTypesense server = new FakeTypesense()) {
            String page = "{\"found\": 5, \"hits\": [" + String.join(",",
                    doc("d1", 1_500, "implement", "agent-loop", "system_knowledge.retrieval",
                            "{\"story_id\":\"S1\",\"has_results\":false}"),
                    doc("r1", 1_500, "interactive", "memory-enforcer", "system_knowledge.retrieval.completed", "{}"),
                    doc("e1", 1_600, "gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible",
                            "{\"turnId\":\"gateway:s:1\"}"),
                    doc("c1", 1_700, "gateway", "knowledge-turn-write", "knowledge.turn_write.completed",
                            "{\"turn_id\":\"gateway:s:1\"}"),
                    doc("c2", 1_700, "console", "knowledge-turn-write", "knowledge.turn_write.completed",
                            "{\"turn_id\":\"console:x\"}")) + "]}";
            server.always("POST", "/multi_search", 200, "{\"results\": [{\"found\": 900, \"hits\": []}, "
                    + "{\"found\": 40, \"hits\": []}, " + page + "]}");
            TypesenseOtelEvents source = new TypesenseOtelEvents(new TypesenseConnection(List.of(server.url()), "k",
                    Duration.ofSeconds(1), 2, Duration.ofMillis(5)), "otel_events");
            EventWindow w = source.window(1_000, 2_000);
            assertThat(w.count(EventKind.DISPATCH_EMPTY)).isEqualTo(1);
            assertThat(w.dispatches()).isEqualTo(1);
            assertThat(w.retrievals()).isEqualTo(2);
            assertThat(w.turns(EventKind.TURN_ELIGIBLE)).containsExactly("gateway:s:1");
            assertThat(w.turns(EventKind.TURN_COMPLETED)).containsExactlyInAnyOrder("gateway:s:1", "console:x");
            assertThat(w.samples(EventKind.DISPATCH_EMPTY)).containsExactly("otel:d1");
            assertThat(w.inWindow()).isEqualTo(40);
            assertThat(w.present()).isEqualTo(900);
            JsonNode searches = new ObjectMapper().readTree(server.requests("POST", "/multi_search").get(0).body())
                    .get("searches");
            assertThat(searches).hasSize(3);
            assertThat(searches.get(1).get("filter_by").asText()).isEqualTo("timestamp:>=1000 && timestamp:<2000");
            assertThat(searches.get(2).get("filter_by").asText()).startsWith("timestamp:>=1000 && timestamp:<2000 && "
                    + "action:[`system_knowledge.retrieval`,").doesNotContain("dispatch");
            assertThat(searches.get(2).get("collection").asText()).isEqualTo("otel_events");
            assertThat(searches.get(2).get("per_page").asInt()).isEqualTo(250);
            assertThat(searches.get(2).get("include_fields").asText()).contains("metadata_json");
        }
    }

    @Test
    void anUnreachableSourceIsOneClearMessage() throws Exception {
        String gone;
        try (FakeTypesense server = new FakeTypesense()) {
            gone = server.url();
        }
        TypesenseOtelEvents source = new TypesenseOtelEvents(new TypesenseConnection(List.of(gone), "k",
                Duration.ofSeconds(1), 2, Duration.ofMillis(5)), "otel_events");
        ConsoleException e = assertThrows(ConsoleException.class, () -> source.window(0, 1));
        assertThat(e.getMessage()).startsWith("Cannot read the Typesense collection otel_events: Typesense is unreachable");
    }
}
