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

    private static String item(long found, String... ids) {
        StringBuilder hits = new StringBuilder();
        for (String id : ids) {
            hits.append(hits.length() == 0 ? "" : ",").append("{\"document\": {\"id\": \"").append(id).append("\"}}");
        }
        return "{\"found\": " + found + ", \"hits\": [" + hits + "]}";
    }

    @Test
    void countsEachKindInTheWindowInOneRequestWithIdsAsEvidence() throws Exception {
        try (FakeTypesense server = new FakeTypesense()) {
            // order: retrieval, eligible, started, completed, skipped, failed, watchdog, then dispatch
            server.always("POST", "/multi_search", 200, "{\"results\": [" + String.join(",", item(0), item(20, "e1"),
                    item(18), item(16), item(1), item(1, "f1"), item(2), item(3, "d1", "d2", "d3")) + "]}");
            TypesenseOtelEvents source = new TypesenseOtelEvents(new TypesenseConnection(List.of(server.url()), "k",
                    Duration.ofSeconds(1), 2, Duration.ofMillis(5)), "otel_events");
            EventWindow w = source.window(1_000, 2_000);
            assertThat(w.count(EventKind.DISPATCH)).isEqualTo(3);
            assertThat(w.count(EventKind.RETRIEVAL)).isZero();
            assertThat(w.count(EventKind.TURN_ELIGIBLE)).isEqualTo(20);
            assertThat(w.samples(EventKind.DISPATCH)).containsExactly("otel:d1", "otel:d2", "otel:d3");
            JsonNode searches = new ObjectMapper().readTree(server.requests("POST", "/multi_search").get(0).body())
                    .get("searches");
            assertThat(searches).hasSize(8);
            assertThat(searches.get(0).get("filter_by").asText())
                    .isEqualTo("timestamp:>=1000 && timestamp:<2000 && action:=`system_knowledge.retrieval`");
            assertThat(searches.get(7).get("q").asText()).isEqualTo("dispatch implement");
            assertThat(searches.get(7).get("query_by").asText()).isEqualTo("action,component");
            assertThat(searches.get(7).get("collection").asText()).isEqualTo("otel_events");

            // with these counts the two event checks trip as the JSON-lines source would make them
            assertThat(w.count(EventKind.TURN_COMPLETED) + w.count(EventKind.TURN_SKIPPED) + w.count(EventKind.TURN_FAILED))
                    .isEqualTo(18);
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
