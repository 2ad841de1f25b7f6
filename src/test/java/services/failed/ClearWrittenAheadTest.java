package services.failed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.RedisClient;
import services.audit.DecisionLog;
import services.knowledge.LuceneKnowledgeIndex;
import services.workspace.Workspace;
import testsupport.ChildJvm;
import testsupport.Fixtures;
import testsupport.RedisServer;

/**
 * A bulk clear is written ahead: its intent (who, why, which members) is in the decision log before Redis changes,
 * so a clear killed at any point is finished by the next run — a listing or the same clear again — and the log then
 * agrees with Redis. Killed for real (kill -9 of a child JVM, 2,000 members in a real redis-server) and in-process
 * (the fault-injection seam stops the clear as a crash would, no result written).
 */
@Tag("server")
class ClearWrittenAheadTest {

    static final String PROJECT = "joelclaw";

    @TempDir
    Path tmp;

    private RedisServer server;
    private RedisClient raw;
    private Workspace ws;

    /** A crash: nothing after it runs (the seam throws past every catch of the clear). */
    static final class Crash extends Error {
    }

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        raw = RedisClient.create("127.0.0.1", server.port());
        Workspace demo = Fixtures.demo(tmp);
        Path file = demo.dir().resolve("workspace.json");
        Files.writeString(file, Files.readString(file).replace("\"redis\": null", "\"redis\": {\"url\": \""
                + server.url() + "\"}"));
        ws = Fixtures.loader().load(demo.dir());
    }

    @AfterEach
    void tearDown() {
        raw.close();
        server.close();
    }

    private void plant(int n) {
        Map<String, Double> members = new HashMap<>();
        for (int i = 0; i < n; i++) {
            members.put("S" + i, (double) (Fixtures.CLOCK.millis() - i));
        }
        raw.zadd(FailedTargets.PREFIX + PROJECT, members);
    }

    private List<String> keys(int n) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add(FailedTargetsService.key(PROJECT, "S" + i));
        }
        return keys;
    }

    private long left() {
        return raw.zcard(FailedTargets.PREFIX + PROJECT);
    }

    private List<JsonNode> clears() {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals("clear_failed")).toList();
    }

    private <T> T withService(Function<FailedTargetsService, T> body) {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
             FailedTargets redis = RedisFailedTargets.open(ws.redis())) {
            return body.apply(new FailedTargetsService(ws, index, redis, Fixtures.CLOCK));
        }
    }

    /** The intent names who, why and every member before the first one is removed. */
    private void intentRecorded(int n) {
        JsonNode begun = clears().get(0);
        assertEquals("begun", begun.path("state").asText());
        assertEquals("joel", begun.path("by").asText());
        assertEquals("the loop was fixed", begun.path("reason").asText());
        assertEquals(n, begun.path("members").size());
        assertEquals(n, begun.path("targets").size());
    }

    /** Finished: Redis holds none of them, and the log has the clear's result, naming its intent and who and why. */
    private void finished(int n) {
        assertEquals(0, left());
        List<JsonNode> clears = clears();
        JsonNode result = clears.get(clears.size() - 1);
        assertThat(result.has("state")).isFalse();
        assertEquals(clears.get(0).path("intent").asText(), result.path("intent").asText());
        assertEquals("joel", result.path("by").asText());
        assertEquals("the loop was fixed", result.path("reason").asText());
        assertEquals(n, result.path("result").size());
        assertThat(withService(FailedTargetsService::history)).singleElement()
                .satisfies(h -> assertThat(h.has("state")).isFalse());
    }

    @Test
    void killedWithKillNineMidClearOf2000TheNextListingFinishesIt() throws Exception {
        int n = 2000;
        plant(n);
        Process child = new ProcessBuilder(ChildJvm.command(ClearChild.class, ws.dir().toString(), PROJECT, String.valueOf(n), "1155")).redirectError(tmp.resolve("child.err").toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.equals("PAUSED"));
            assertEquals("PAUSED", line, "child ended early; see " + tmp.resolve("child.err"));
        }
        Process kill = new ProcessBuilder("kill", "-9", String.valueOf(child.pid())).start();
        assertEquals(0, kill.waitFor());
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertEquals(137, child.exitValue());

        assertEquals(n - 1155, left(), "1,155 removed before the kill");
        assertThat(clears()).hasSize(1);
        intentRecorded(n);

        FailedTargetsService.Listing listing = withService(FailedTargetsService::list);
        assertThat(listing.targets()).noneMatch(t -> t.project().equals(PROJECT));
        finished(n);
        assertEquals("joel", clears().get(1).path("finishedBy").asText(), "the workspace's reviewer, not the user name");
    }

    @ParameterizedTest(name = "crashed at {0} #{1}")
    @CsvSource({"begun,1", "removed,1", "removed,7", "removed,12"})
    void aClearCutShortIsFinishedByTheSameClearAgain(String step, int at) {
        int n = 12;
        plant(n);
        int[] seen = {0};
        assertThrows(Crash.class, () -> withService(s -> {
            s.onStep(st -> {
                if (st.equals(step) && ++seen[0] == at) {
                    throw new Crash();
                }
            });
            return s.clear(keys(n), "the loop was fixed", "joel");
        }));
        assertEquals(step.equals("begun") ? n : n - at, left());
        intentRecorded(n);

        List<FailedTargetsService.Outcome> again = withService(s -> s.clear(keys(n), "the loop was fixed", "joel"));
        assertThat(again).hasSize(n).allSatisfy(o -> assertThat(o.complete()).isTrue());
        assertThat(again).filteredOn(o -> o.redis().equals(FailedTargetsService.FINISHED)).hasSize(step.equals("begun")
                ? n : n - at);
        assertEquals(0, left());
        assertThat(clears().get(1).path("intent").asText()).isEqualTo(clears().get(0).path("intent").asText());
    }

    @Test
    void aClearThatRanThroughHasItsIntentAndItsResultAndNothingToFinish() {
        plant(5);
        withService(s -> s.clear(keys(5), "the loop was fixed", "joel"));
        assertThat(clears()).hasSize(2);
        finished(5);
        assertThat(withService(FailedTargetsService::recover)).isEmpty();
        assertThat(clears()).hasSize(2);
    }
}
