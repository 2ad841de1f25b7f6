package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reach}: the implementor's injection replayed over the demo's loops, as JSON and as text. */
@Tag("model") // its sync embeds the whole demo with the real model
class ReachCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void reachPerDocumentPerStoryAndNeverReached() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
        DemoCommandTest.Run got = run("reach", "--workspace", ws, "--json");
        assertEquals(0, got.code(), got.err());
        JsonNode r = json.readTree(got.out());
        assertEquals(14, r.get("days").asInt());
        int loops14 = r.get("loops").asInt();
        assertThat(loops14).isBetween(5, 8); // demo loops are two days apart, the last ten of twenty days
        assertThat(r.get("stories").size()).isGreaterThan(loops14 * 3);
        assertThat(r.get("documents").size()).isGreaterThan(0);
        JsonNode top = r.get("documents").get(0);
        assertThat(top.get("stories").asInt()).isGreaterThanOrEqualTo(r.get("documents").get(1).get("stories").asInt());
        assertThat(r.get("neverReached").findValuesAsText("why")).contains("type excluded");
        assertThat(got.err()).contains("loop-mmbroken-000000.md");

        JsonNode wide = json.readTree(run("reach", "--days", "60", "--workspace", ws, "--json").out());
        assertEquals(10, wide.get("loops").asInt());
        // the demo shows every list: most reached (a lesson among them), reached but failed, never reached
        assertThat(wide.get("documents").findValuesAsText("type")).contains("lesson");
        assertThat(wide.get("reachedFailed").size()).isPositive();
        assertThat(wide.get("neverReached").findValuesAsText("type")).contains("lesson", "pattern");

        DemoCommandTest.Run text = run("reach", "--workspace", ws);
        assertThat(text.out()).contains("Most reached").contains("Never reached:");
        assertEquals(2, run("reach", "--days", "0", "--workspace", ws).code());
    }

    @Test
    void lessonsJudgedOnReachAndDeprecatedByHand() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
        DemoCommandTest.Run got = run("lessons", "--workspace", ws, "--json");
        assertEquals(0, got.code(), got.err());
        JsonNode r = json.readTree(got.out());
        assertEquals(60, r.get("days").asInt());
        int lessons = r.get("lessons").size();
        for (String state : List.of("candidate", "established", "proven", "deprecated")) {
            assertThat(r.get("counts").get(state).asInt()).as("demo lessons " + state).isPositive();
        }
        assertThat(lessons).isGreaterThan(5);
        String id = r.get("lessons").get(0).get("id").asText();
        assertThat(Files.exists(tmp.resolve("ws/state/lessons.jsonl")) || r.get("transitions").isEmpty())
                .isTrue();
        DemoCommandTest.Run dep = run("lessons", "deprecate", id, "--reason", "superseded", "--workspace", ws);
        assertEquals(0, dep.code(), dep.err());
        JsonNode deprecated = json.readTree(run("lessons", "--state", "deprecated", "--workspace", ws, "--json").out());
        assertThat(deprecated.get("lessons").findValuesAsText("id")).contains(id);
        assertThat(run("lessons", "deprecate", "lesson:nope", "--reason", "x", "--workspace", ws).code()).isNotZero();
        JsonNode similar = json.readTree(run("lessons", "similar", id, "--json", "--workspace", ws).out());
        assertThat(similar.get("matches").findValuesAsText("id")).doesNotContain(id);
        assertThat(run("lessons", "similar", "lesson:nope", "--workspace", ws).code()).isNotZero();
        assertEquals(2, run("lessons", "--state", "famous", "--workspace", ws).code());
    }
}
