package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code search} took nonsense quietly: {@code --limit -3} showed one hit (and a huge limit ran out of memory),
 * {@code --type lessons} and {@code --project nosuch} said "0 documents match", all exit 0. A limit out of range
 * and an unknown type are usage errors naming the option and what it takes; an unknown project is no error, but the
 * answer says no document is of it and names the projects there are.
 */
class SearchFiltersCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws, "--no-embeddings").code());
    }

    @Test
    void aLimitOutOfRangeIsAUsageError() {
        for (String limit : new String[] {"-3", "0", "999999999"}) {
            DemoCommandTest.Run r = run("search", "idempotency", "--limit", limit, "--workspace", ws);
            assertEquals(2, r.code(), limit + ": " + r.out() + r.err());
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).contains("Invalid value for option '--limit': " + limit
                    + " is not a number of hits; give a whole number from 1 to 10000.");
        }
        assertEquals(2, run("search", "idempotency", "--budget", "lean", "--limit", "0", "--workspace", ws).code());
        assertEquals(0, run("search", "idempotency", "--limit", "1", "--workspace", ws).code());
    }

    @Test
    void anUnknownTypeIsAUsageErrorNamingTheKnownOnes() {
        DemoCommandTest.Run r = run("search", "idempotency", "--type", "lessons", "--workspace", ws);
        assertEquals(2, r.code(), r.out() + r.err());
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("Invalid value for option '--type': \"lessons\" is not a document type; use one of "
                + "adr, skill, retro, lesson, pattern, failed_target, turn_note, insight, decision, incident, brain_note");
        assertEquals(2, run("search", "idempotency", "--type", "lesson", "--type", "nope", "--budget", "deep",
                "--workspace", ws).code());
        DemoCommandTest.Run ok = run("search", "idempotency", "--type", "lesson", "--workspace", ws);
        assertEquals(0, ok.code(), ok.err());
        assertThat(ok.out()).doesNotStartWith("0 documents");
    }

    @Test
    void anUnknownProjectIsNoErrorButTheAnswerSaysSoAndNamesTheProjects() throws Exception {
        DemoCommandTest.Run r = run("search", "idempotency", "--project", "nosuch", "--workspace", ws);
        assertEquals(0, r.code(), r.err());
        assertThat(r.out().lines().toList()).hasSize(2);
        assertThat(r.out().lines().toList().get(0)).startsWith("0 documents match");
        assertThat(r.out().lines().toList().get(1)).startsWith("No document of project 'nosuch' — the index's projects: ")
                .contains("joelclaw").contains("gremlin").endsWith(".");

        JsonNode answer = json.readTree(run("search", "idempotency", "--project", "nosuch", "--workspace", ws, "--json").out());
        assertThat(answer.get("query").asText()).isEqualTo("idempotency"); // the fields it had, as they were
        assertEquals(0, answer.get("total").asInt());
        assertThat(answer.get("hits").isArray()).isTrue();
        assertThat(answer.has("tookMicros")).isTrue();
        assertThat(answer.get("unknownProject").asText()).isEqualTo("nosuch");
        assertThat(answer.get("knownProjects").toString()).contains("\"joelclaw\"");

        // a project that is there, whose documents simply do not hold the words: no notice
        DemoCommandTest.Run there = run("search", "xylophone", "--project", "joelclaw", "--workspace", ws, "--json");
        assertEquals(0, there.code());
        assertThat(json.readTree(there.out()).has("unknownProject")).isFalse();
        DemoCommandTest.Run budget = run("search", "idempotency", "--budget", "lean", "--project", "nosuch",
                "--workspace", ws);
        assertEquals(0, budget.code());
        assertThat(budget.err()).contains("note: No document of project 'nosuch' — the index's projects: ");
    }
}
