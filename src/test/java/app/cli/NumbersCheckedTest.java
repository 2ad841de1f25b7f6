package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.RedisClient;
import services.amendments.AmendmentsService;
import services.audit.DecisionLog;
import services.text.CheckedNumber;
import services.vault.RetroCounts;
import services.vault.RetroParser;
import services.vault.VaultFileException;
import testsupport.Fixtures;
import testsupport.RedisServer;

/**
 * Numbers an agent writes — a failed target's score, a retro's counts, a dream-log time — are read by one checked
 * reader: out of range they are bad input naming the key or file, never shown as data, never wrapped, and a listing
 * never crashes on them.
 */
@Tag("server")
class NumbersCheckedTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"9.2e18", "1", "946684799999", "4102444800000", "1e300"})
    void aFailedTargetScoreOutOfRangeIsReportedWithItsKeyNeverShown(String score) throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, DemoCommandTest.run("demo", ws).code());
        try (RedisServer server = new RedisServer(tmp.resolve("redis"));
             RedisClient raw = RedisClient.create("127.0.0.1", server.port())) {
            Path file = Path.of(ws, "workspace.json");
            Files.writeString(file, Files.readString(file).replace("\"redis\": null", "\"redis\": {\"url\": \""
                    + server.url() + "\"}"));
            raw.zadd("loop:failed:targets:joelclaw", Double.parseDouble(score), "S9");
            raw.zadd("loop:failed:targets:joelclaw", System.currentTimeMillis() - 3_600_000, "S8");
            DemoCommandTest.Run list = DemoCommandTest.run("failed", "list", "--workspace", ws);
            assertEquals(0, list.code(), list.err());
            assertThat(list.err()).contains("Redis key loop:failed:targets:joelclaw member S9: the score")
                    .contains("not a failure time");
            assertThat(list.out()).doesNotContain("joelclaw/S9").contains("joelclaw/S8").doesNotContain("106751970389");
            DemoCommandTest.Run json = DemoCommandTest.run("failed", "list", "--workspace", ws, "--json");
            assertThat(json.out()).doesNotContain("\"target\":\"S9\"").contains("member S9");
            DemoCommandTest.Run prune = DemoCommandTest.run("failed", "prune", "--workspace", ws);
            assertEquals(0, prune.code(), prune.err());
            assertThat(raw.zscore("loop:failed:targets:joelclaw", "S9")).isNull(); // past, or no time at all: pruned
        }
    }

    private static String retro(String completed, String failed) {
        return "---\nloopId: loop-x\nproject: joelclaw\ndate: 2026-11-01\nstoriesCompleted: " + completed
                + "\nstoriesFailed: " + failed + "\nstoriesSkipped: 0\n---\n## Summary\n\nS.\n";
    }

    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999", "-3", "2147483648", "1.5", "1e3x"})
    void aRetroCountThatOverflowsOrIsNegativeIsBadInputNamingTheKey(String bad) {
        VaultFileException e = assertThrows(VaultFileException.class, () -> new RetroParser().parseRetro("loop-x",
                retro(bad, "1")));
        assertThat(e.getMessage()).contains("'storiesCompleted'");
        assertThrows(VaultFileException.class, () -> new RetroParser().parseRetro("loop-x", retro("1", bad)));
        assertEquals(4, RetroCounts.of(new RetroParser().parseRetro("loop-x", retro("4", "1"))).completed());
    }

    @Test
    void anIndexedTitleWhoseCountsOverflowIsUnknownNeverWrapped() {
        RetroCounts c = RetroCounts.ofIndexed("Loop loop-x retro — 99999999999999999999 passed, 3 failed", "");
        assertEquals(RetroCounts.UNKNOWN, c.from());
        assertThat(c.completed()).isZero();
    }

    @Test
    void theReaderRefusesWhatIsOutOfRange() {
        Instant now = Instant.parse("2026-11-28T00:00:00Z");
        assertThat(CheckedNumber.epochMillis(9.2e18, now).problem()).contains("more than a year in the future");
        assertThat(CheckedNumber.epochMillis(1, now).problem()).contains("before 2000");
        assertThat(CheckedNumber.instant("2028-01-01T00:00:00Z", now).ok()).isFalse();
        assertThat(CheckedNumber.instant("2027-11-01T00:00:00Z", now).ok()).isTrue();
        assertThat(CheckedNumber.durationMillis(-1).problem()).contains("negative");
        assertThat(CheckedNumber.count("-3").problem()).contains("negative");
        assertThat(CheckedNumber.count(new BigInteger("99999999999999999999")).problem()).contains("more than");
        assertEquals(7L, CheckedNumber.count(7).value());
    }

    @Test
    void aRefusedValueIsShownOnOneLineWhateverItHolds() {
        Instant now = Instant.parse("2026-11-28T00:00:00Z");
        for (String bad : new String[] {"x\u2028y", "x\ny", "x\u2029\u0085\u202Ey", "1\r\n2"}) {
            String time = CheckedNumber.instant(bad, now).problem();
            String count = CheckedNumber.count(bad).problem();
            for (String problem : new String[] {time, count}) {
                assertThat(problem.codePoints().filter(c -> c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028
                        || c == 0x2029 || (c >= 0x202A && c <= 0x202E))).as(problem).isEmpty();
            }
        }
        assertThat(CheckedNumber.count("x".repeat(500)).problem()).hasSizeLessThan(120);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1970-01-01T00:00:00Z", "2999-01-01T00:00:00Z", "+1000000000-01-01T00:00:00Z"})
    void aDreamLogTimeOutOfRangeIsReportedAndTheCommitsTimeShown(String ts) throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, DemoCommandTest.run("demo", ws).code());
        AmendmentsService service = new AmendmentsService(Fixtures.loader().load(Path.of(ws)),
                Clock.systemUTC());
        String sha = service.list().amendments().stream().filter(a -> a.status() == AmendmentsService.Status.APPLIED)
                .findFirst().orElseThrow().sha();
        ObjectNode line = DecisionLog.entry().put("ts", ts).put("cycle", "c-bad").put("trigger", "cron");
        line.putArray("outputs").addObject().put("id", "dream-bad-ts").put("kind", "PROPOSE_RULE").put("risk", "medium")
                .put("target", "x.md").put("action", "applied").put("sha", sha).put("branch", "dream/applied");
        new DecisionLog(Path.of(ws, "dream", "log.jsonl")).append(line);
        AmendmentsService.Listing listing = service.list();
        assertThat(listing.problems()).anySatisfy(p -> assertThat(p).contains("c-bad").contains("'ts'"));
        assertThat(listing.amendments()).filteredOn(a -> a.id().equals("dream-bad-ts")).singleElement()
                .satisfies(a -> assertThat(a.at()).isBetween(Instant.parse("2000-01-01T00:00:00Z"), Instant.now()));
    }
}
