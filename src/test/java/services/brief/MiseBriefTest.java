package services.brief;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.failed.FailedTargetsService;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RealShapes;
import testsupport.RealShapes.Story;
import testsupport.RedisServer;

/** The mise brief against a real redis-server seeded with loop keys, and without Redis. */
@Tag("server")
class MiseBriefTest {

    @TempDir
    Path tmp;

    private RedisServer server;
    private RedisClient raw;
    private Workspace ws;
    private LuceneKnowledgeIndex index;

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        raw = RedisClient.create("127.0.0.1", server.port());
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
    }

    @AfterEach
    void tearDown() {
        raw.close();
        index.close();
        server.close();
    }

    private MiseBrief.Brief gather(boolean withRedis) {
        LoopState loops = withRedis ? new RedisLoopState(RedisClient.create("127.0.0.1", server.port())) : null;
        return new MiseBrief(ws, index, new FailedTargetsService(ws, index, null, Fixtures.CLOCK), loops, null,
                Fixtures.CLOCK).gather();
    }

    private static final String NOW = "2026-11-01T10:00:00Z"; // Fixtures.CLOCK

    private static String ago(long minutes) {
        return Instant.parse(NOW).minusSeconds(minutes * 60).toString();
    }

    private void history(String... entries) {
        raw.set("adr:pitch:history", "[" + String.join(",", entries) + "]");
    }

    @Test
    void onlyLoopsWithAStoryNeitherPassedNorSkippedAreRunning() {
        // one loop ended (every story passed or skipped; its key lives on 7 days), two are running
        raw.setex("agent-loop:prd:loop-mwdone-aaaaaa", 5 * 86_400, RealShapes.prd("Done loop", "joelclaw",
                new Story("S1", "a", true, false, 1, "codex"), new Story("S2", "b", false, true, 3, "claude")));
        raw.setex("agent-loop:prd:loop-mwrun1-bbbbbb", 7 * 86_400, RealShapes.prd("Running \"one\"", "joelclaw",
                new Story("S1", "a", true, false, 1, "codex"), new Story("S2", "b", false, false, 1, "codex")));
        raw.set("agent-loop:prd:loop-mwrun2-cccccc", RealShapes.prd("Running two", "gremlin",
                new Story("S1", "a", false, false, 1, "pi")));
        raw.set("agent-loop:prd:loop-broken", "{not json");
        raw.set("loop:x:prd", "{}"); // the key the upstream brief wrongly counts
        history(RealShapes.pitch("0075", "2026-10-20T08:00:00Z", "rejected"));
        raw.set("knowledge:watchdog:last_run", Long.toString(Fixtures.CLOCK.millis() - 3_600_000));
        MiseBrief.Brief b = gather(true);
        assertEquals(List.of("loop-mwrun1-bbbbbb", "loop-mwrun2-cccccc"),
                b.activeLoops().stream().map(LoopState.Loop::loopId).toList());
        assertEquals(new LoopState.Loop("loop-mwrun1-bbbbbb", "Running \"one\"", "joelclaw", 1, 0, 1, 2),
                b.activeLoops().get(0));
        assertEquals(List.of("loop-mwdone-aaaaaa"), b.endedLoops().stream().map(LoopState.Loop::loopId).toList());
        assertThat(b.problems()).singleElement().asString().startsWith("agent-loop:prd:loop-broken is not JSON");
        assertEquals("0075", b.pitchHistory().get(0).adr());
        assertEquals("ok", b.health().redis());
        assertEquals("2026-11-01T09:00:00Z", b.health().lastWatchdog());
        assertThat(b.recentLessons()).hasSize(5);
        assertTrue(b.pitchAllowed());
        assertThat(b.reasons()).contains("capacity: 2 of 3 loops running (loop-mwrun1-bbbbbb, loop-mwrun2-cccccc)",
                "1 ended loop still has a PRD key: 1 expires in 5 d; loop-mwdone-aaaaaa — not running, not counted");
        assertThat(MiseBrief.markdown(b)).startsWith("# Mise brief\n\n**Pitch allowed**")
                .contains("- loop-mwrun1-bbbbbb (joelclaw): Running \"one\" — 1 of 2 stories passed, 1 pending\n")
                .contains("- loop-mwrun2-cccccc (gremlin): Running two — 0 of 1 stories passed, 1 pending\n");
    }

    @Test
    void retroCountsAreTheFramesOwnNotAContradictingTable() {
        MiseBrief.Brief b = gather(false);
        assertThat(b.recentRetros()).hasSize(5).allSatisfy(r -> {
            assertThat(r.countsFrom()).isEqualTo("frontmatter");
            assertThat(r.completed() + r.failed() + r.skipped()).isPositive();
        });
        // a retro the running system indexed (no table; its counts in the title) and whose file is not here
        index.upsert(List.of(new KnowledgeDoc("retro:loop-zzreal-000001", "retro",
                "Loop loop-zzreal-000001 retro — 4 passed, 2 failed", "Summary.\n\n- analysis bullet\n\nNarrative.",
                "vault:system/retrospectives/loop-zzreal-000001.md", "joelclaw", "loop-zzreal-000001", null, null,
                List.of("retro", "loop"), Fixtures.CLOCK.instant().getEpochSecond() + 60, null)));
        MiseBrief.Retro real = gather(false).recentRetros().get(0);
        assertEquals(new MiseBrief.Retro("loop-zzreal-000001", "joelclaw", "2026-11-01", 4, 2, 0,
                "title (skipped not recorded)"), real);
    }

    @Test
    void atCapacityThePitchIsRefusedNamingTheRule() {
        for (String id : List.of("l1", "l2", "l3")) {
            raw.set("agent-loop:prd:" + id, RealShapes.prd("t", "p", new Story("S1", "a", false, false, 1, "x")));
        }
        MiseBrief.Brief b = gather(true);
        assertFalse(b.pitchAllowed());
        assertEquals(List.of("at capacity: 3 of 3 loops are running (l1, l2, l3)"), b.refusals());
    }

    @Test
    void anyPendingPitchRefusesNotOnlyTheLast() {
        history(RealShapes.pitch(205, ago(26 * 60), "pending"), RealShapes.pitch("0183", ago(25 * 60), "approved"));
        MiseBrief.Brief b = gather(true);
        assertFalse(b.pitchAllowed());
        assertEquals("0205", b.pitchHistory().get(0).adr(), "a numeric adr_number is padded");
        assertThat(b.refusals()).singleElement().asString()
                .startsWith("pending pitch: ADR-0205 (pitched 2026-10-31T08:00:00Z) awaits an answer");
    }

    @Test
    void threePitchesInOneUtcDayRefuse() {
        history(RealShapes.pitch("0001", "2026-11-01T00:10:00Z", "approved"),
                RealShapes.pitch("0003", "2026-11-01T03:00:00.000Z", "approved"),
                RealShapes.pitch("0005", "2026-10-31T23:59:00Z", "approved"));
        assertTrue(gather(true).pitchAllowed(), "yesterday's pitch is not today's");
        history(RealShapes.pitch("0001", "2026-11-01T00:10:00Z", "approved"),
                RealShapes.pitch("0003", "2026-11-01T03:00:00.000Z", "approved"),
                RealShapes.pitch("0005", "2026-11-01T05:00:00Z", "approved"));
        assertThat(gather(true).refusals()).singleElement().asString()
                .startsWith("daily cap: 3 pitches today (UTC 2026-11-01)");
    }

    @Test
    void aRejectionBacksOffFourHoursAndBlocksItsAdrSevenDays() {
        history(RealShapes.pitch("0075", ago(3 * 60 + 59), "rejected"));
        MiseBrief.Brief early = gather(true);
        assertThat(early.refusals()).singleElement().asString().startsWith("rejection backoff: ADR-0075 was rejected");
        history(RealShapes.pitch("0075", ago(4 * 60 + 1), "rejected"));
        MiseBrief.Brief later = gather(true);
        assertThat(later.refusals()).isEmpty();
        assertThat(later.reasons()).contains("rejected ADR: ADR-0075 was rejected in the last 7 days — not pitched again"
                + " before 2026-11-08T05:59:00Z");
        history(RealShapes.pitch("0075", ago(7 * 24 * 60 + 1), "rejected"));
        assertThat(gather(true).reasons()).noneMatch(r -> r.startsWith("rejected ADR"));
    }

    @Test
    void whenEveryPitchableAdrWasRejectedThisWeekThePitchIsRefused() {
        List<String> pitchable = index.search(KnowledgeQuery.text("", 200).withFilters(Map.of(
                "type", List.of("adr"), "status", List.of("proposed", "accepted")))).hits().stream().map(h -> h.doc())
                .filter(d -> d.score() != null && d.score() >= 60).map(d -> d.id().substring(4, 8)).toList();
        assertThat(pitchable).isNotEmpty();
        history(pitchable.stream().map(n -> RealShapes.pitch(n, ago(2 * 24 * 60), "rejected")).toArray(String[]::new));
        assertThat(gather(true).refusals()).singleElement().asString().startsWith("rejected ADRs: every pitchable ADR (");
    }

    @Test
    void aConfiguredRedisThatIsDownRefusesAndNeverSaysNoLoopsAreRunning() {
        raw.set("agent-loop:prd:loop-mwrun1-bbbbbb", RealShapes.prd("Running", "joelclaw",
                new Story("S1", "a", false, false, 1, "codex")));
        LoopState down = new RedisLoopState(RedisClient.create("127.0.0.1", server.port()));
        server.close();
        MiseBrief.Brief b = new MiseBrief(ws, index, new FailedTargetsService(ws, index, null, Fixtures.CLOCK), down,
                null, Fixtures.CLOCK).gather();
        assertFalse(b.pitchAllowed());
        assertThat(b.refusals()).singleElement().asString().startsWith("Redis unreachable: active loops and pitch "
                + "history unknown (Redis unreachable: ").doesNotContain(".)");
        assertThat(b.loopsNote()).startsWith("Redis unreachable: ");
        String md = MiseBrief.markdown(b);
        assertThat(md).doesNotContain("None running").doesNotContain("0 of 3 loops")
                .contains("## Capacity\n\nunknown (Redis unreachable: ");
        // a connection that failed before the brief was built says the same
        MiseBrief.Brief early = new MiseBrief(ws, index, new FailedTargetsService(ws, index, null, Fixtures.CLOCK), null,
                "Failed to connect to 127.0.0.1:1.", Fixtures.CLOCK).gather();
        assertThat(early.refusals()).singleElement().asString()
                .contains("(Redis unreachable: Failed to connect to 127.0.0.1:1)");
    }

    @Test
    void withoutRedisThoseSectionsSayNotConfigured() {
        MiseBrief.Brief b = gather(false);
        assertEquals("not configured", b.health().redis());
        assertEquals("Redis not configured", b.loopsNote());
        assertThat(b.reasons()).contains("active loops and pitch history unknown (Redis not configured): capacity and "
                + "the pitch rules are not checked");
        assertThat(b.failedTargets()).isNotEmpty();
        // one word for one thing, and counts in their number: "passed" as the retros' own titles say in Knowledge
        int failed = b.failedTargets().size();
        assertThat(b.reasons()).contains(failed + (failed == 1 ? " failed target must not be pitched again until it "
                + "expires or is cleared" : " failed targets must not be pitched again until they expire or are cleared"));
        assertThat(String.join("\n", b.reasons()) + MiseBrief.markdown(b)).doesNotContain("(s)");
        assertThat(MiseBrief.markdown(b)).contains(" passed, ").doesNotContain(" completed, ");
        // nothing refused, but the pitch rules could not be checked: neither allowed nor refused
        assertEquals(null, b.pitchAllowed());
        assertFalse(b.pitchChecked());
        assertEquals("Pitch rules not checked (no Redis configured)", b.verdict());
        assertThat(MiseBrief.markdown(b)).startsWith("# Mise brief\n\n**Pitch rules not checked (no Redis configured)** — ");
        index.recreate();
        MiseBrief.Brief empty = gather(false);
        assertFalse(empty.pitchAllowed()); // an empty index refuses whatever Redis would say
        assertFalse(empty.pitchChecked());
        assertThat(empty.refusals()).contains("empty index: retrieval would inject nothing (run a sync)");
    }
}
