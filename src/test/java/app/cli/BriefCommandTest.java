package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.RedisServer;

/**
 * {@code demo DIR --redis URL} writes the loop state a deployment keeps into a real Redis; {@code brief --json}
 * then lists the running loops, the counts per retro and each rule that refused.
 */
@Tag("server")
class BriefCommandTest {

    @TempDir
    Path tmp;

    private RedisServer redis;

    @BeforeEach
    void setUp() throws Exception {
        redis = new RedisServer(tmp.resolve("redis"));
    }

    @AfterEach
    void tearDown() {
        redis.close();
    }

    @Test
    void theDemosRedisStepAndTheBriefAsJson() throws Exception {
        String ws = tmp.resolve("demo").toString();
        DemoCommandTest.Run demo = run("demo", ws, "--redis", redis.url(), "--json");
        assertEquals(0, demo.code(), demo.err());
        assertThat(new ObjectMapper().readTree(demo.out()).get("redisKeys").asInt()).isGreaterThanOrEqualTo(3);
        assertThat(Files.readString(Path.of(ws, "workspace.json"))).contains("\"url\": \"" + redis.url() + "\"");
        assertEquals(0, run("sync", "--workspace", ws, "--no-embeddings").code());

        DemoCommandTest.Run brief = run("brief", "--workspace", ws, "--json");
        assertEquals(0, brief.code(), brief.err());
        JsonNode b = new ObjectMapper().readTree(brief.out());
        assertEquals(2, b.get("activeLoops").size());
        for (JsonNode loop : b.get("activeLoops")) {
            assertThat(loop.get("loopId").asText()).matches("loop-[a-z0-9]+-[a-z0-9]{6}");
            assertThat(loop.get("pending").asInt()).isPositive();
        }
        assertEquals(3, b.get("endedLoops").size(), "the loops that ended this week keep their PRD keys");
        assertFalse(b.get("pitchAllowed").asBoolean());
        assertThat(b.get("pitchChecked").asBoolean()).isTrue();
        assertThat(b.get("refusals").get(0).asText()).startsWith("pending pitch: ADR-0205");
        assertThat(b.get("reasons").toString()).contains("capacity: 2 of 3 loops running",
                "rejected ADR: ADR-0075 was rejected in the last 7 days");
        assertEquals(5, b.get("recentRetros").size());
        for (JsonNode r : b.get("recentRetros")) {
            String file = Files.readString(Path.of(ws, "vault/system/retrospectives", r.get("loopId").asText() + ".md"));
            assertThat(file).contains("storiesCompleted: " + r.get("completed").asInt() + "\n",
                    "storiesFailed: " + r.get("failed").asInt() + "\n", "storiesSkipped: " + r.get("skipped").asInt() + "\n");
            assertEquals("frontmatter", r.get("countsFrom").asText());
        }
        assertThat(run("brief", "--workspace", ws).out()).contains("**Pitch not allowed** — pending pitch: ADR-0205",
                "## Active loops\n\n- loop-");
    }

    @Test
    void withoutRedisTheBriefSaysThePitchRulesWereNotChecked() throws Exception {
        String ws = tmp.resolve("plain").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws, "--no-embeddings").code());
        DemoCommandTest.Run brief = run("brief", "--workspace", ws, "--json");
        assertEquals(0, brief.code(), brief.err());
        JsonNode b = new ObjectMapper().readTree(brief.out());
        assertThat(b.get("pitchAllowed").isNull()).as("neither allowed nor refused: %s", b.get("pitchAllowed")).isTrue();
        assertFalse(b.get("pitchChecked").asBoolean());
        assertThat(b.get("refusals")).isEmpty();
        assertThat(run("brief", "--workspace", ws).out())
                .startsWith("# Mise brief\n\n**Pitch rules not checked (no Redis configured)** — ")
                .doesNotContain("Pitch allowed");
    }
}
