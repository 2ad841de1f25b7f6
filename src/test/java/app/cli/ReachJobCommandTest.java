package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The knowledge reach as a scheduled job: run by the headless scheduler, it replays and judges the lessons. */
@Tag("model") // its sync embeds the whole demo with the real model
class ReachJobCommandTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theSchedulerRunsTheReachJobWhichKeepsItsReplayAndJudgesTheLessons() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
        Path replay = Path.of(ws, "state", "reach-replay.json");
        Files.deleteIfExists(replay);
        long lessonLines = Files.exists(Path.of(ws, "state", "lessons.jsonl"))
                ? Files.readAllLines(Path.of(ws, "state", "lessons.jsonl")).size() : 0;

        DemoCommandTest.Run s = run("scheduler", "--workspace", ws, "--for", "200ms", "--tick", "50",
                "--run-now", "reach", "--json");
        assertEquals(0, s.code(), s.err());
        JsonNode reach = null;
        for (JsonNode r : json.readTree(s.out()).get("runs")) {
            if (r.path("job").asText().equals("reach")) {
                reach = r;
            }
        }
        assertThat(reach).as("a run of the reach job in " + s.out()).isNotNull();
        assertThat(reach.toString()).contains("stories replayed").contains("documents reached")
                .contains("never reached").contains("lesson");
        assertThat(replay).exists(); // the next run is incremental
        assertThat(Files.readAllLines(Path.of(ws, "state", "lessons.jsonl")).size())
                .as("the job judged the lessons and logged their changes").isGreaterThan((int) lessonLines);

        DemoCommandTest.Run again = run("scheduler", "--workspace", ws, "--for", "200ms", "--tick", "50",
                "--run-now", "reach", "--json");
        assertEquals(0, again.code(), again.err());
        assertThat(again.out()).contains("stories searched again").contains("no lesson changed state");
    }
}
