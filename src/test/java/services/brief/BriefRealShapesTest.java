package services.brief;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RealShapes;
import testsupport.RealShapes.Story;
import testsupport.RedisServer;

/**
 * The mise brief on the running system's real shapes (running-system.md parts 4 and 10): the real ADRs, which
 * carry no readiness, confidence or band, so the pitch gate stops every pitch; and a real redis-server holding 153
 * PRD keys, most rewritten without an expiry.
 */
@Tag("server")
class BriefRealShapesTest {

    static final List<String> REAL_ADRS = List.of("0010-system-loop-gateway.md",
            "0086-telegram-slash-commands-rich-interactions.md", "0244-reply-grants-channel-routing.md",
            "0245-project-threads-operator-workrooms.md", "0247-new-central-services-start-on-flagg.md");

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

    private MiseBrief.Brief gather() {
        return new MiseBrief(ws, index, new FailedTargetsService(ws, index, null, Fixtures.CLOCK),
                new RedisLoopState(RedisClient.create("127.0.0.1", server.port())), null, Fixtures.CLOCK).gather();
    }

    /** The ADR folder holds only the real ADRs (copied from joelhooks/joelclaw docs/decisions). */
    private void realAdrsOnly() throws IOException {
        try (Stream<Path> files = Files.list(ws.adrDir())) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        for (String name : REAL_ADRS) {
            try (InputStream in = getClass().getResourceAsStream("/services/brief/real-adrs/" + name)) {
                Files.copy(in, ws.adrDir().resolve(name));
            }
        }
    }

    @Test
    void realAdrsPassNoPitchGateSoTheBriefSaysNoPitchAndNamesTheGate() throws IOException {
        realAdrsOnly();
        MiseBrief.Brief b = gather();
        assertThat(b.verdict()).isEqualTo("No pitch: no ADR passes the pitch gate (no-candidates-pass-gate)");
        assertThat(b.pitchAllowed()).isFalse();
        assertThat(b.refusals().get(0)).startsWith("no-candidates-pass-gate: none of "
                + "the 5 open ADRs has readiness ≥ 3, confidence ≥ 3 and band do-now or next");
        assertThat(b.pitchGate().open()).isEqualTo(5);
        assertThat(b.pitchGate().candidates()).isEmpty();
        String md = MiseBrief.markdown(b);
        assertThat(md).startsWith("# Mise brief\n\n**No pitch: no ADR passes the pitch gate (no-candidates-pass-gate)**")
                .doesNotContain("Pitch allowed")
                .doesNotContain("no ADR passes the pitch gate — "); // the headline is not said twice

        // one open ADR with the rubric the running system writes passes; plain keys are read too
        Files.writeString(ws.adrDir().resolve("0248-ready.md"), "---\nstatus: accepted\npriority-readiness: 3\n"
                + "priority-confidence: 4\npriority-band: next\npriority-score: 64\n---\n\n# ADR-0248: Ready\n");
        Files.writeString(ws.adrDir().resolve("0249-plain.md"), "---\nstatus: proposed\nreadiness: 4\nconfidence: 3\n"
                + "band: do-now\n---\n\n# ADR-0249: Plain\n");
        Files.writeString(ws.adrDir().resolve("0250-shipped.md"), "---\nstatus: shipped\npriority-readiness: 5\n"
                + "priority-confidence: 5\npriority-band: do-now\n---\n\n# ADR-0250: Done\n"); // not open
        Files.writeString(ws.adrDir().resolve("0251-low.md"), "---\nstatus: proposed\npriority-readiness: 2\n"
                + "priority-confidence: 5\npriority-band: do-now\n---\n\n# ADR-0251: Blocked\n");
        MiseBrief.Brief ready = gather();
        assertThat(ready.pitchGate().candidates()).containsExactly("0248", "0249");
        assertThat(ready.verdict()).isEqualTo("Pitch allowed");
        assertThat(ready.reasons()).anySatisfy(r -> assertThat(r).startsWith("pitch gate: 2 open ADRs of 8 pass"));

        // every candidate rejected within 7 days: the history rules refuse after the gate
        raw.set("adr:pitch:history", "[" + RealShapes.pitch("248", "2026-10-30T08:00:00Z", "rejected") + ","
                + RealShapes.pitch("0249", "2026-10-30T09:00:00Z", "rejected") + "]");
        assertThat(gather().refusals()).anySatisfy(r -> assertThat(r).startsWith("rejected ADRs: every pitchable ADR "
                + "(0248, 0249)"));
    }

    @Test
    void prdKeysSayTheirRealTtlAndHundredsAreCountedNotListed() {
        for (int i = 0; i < 153; i++) {
            String id = "loop-" + Long.toString(1_760_000_000_000L + i * 3_600_000L, 36) + "-a" + i;
            String prd = RealShapes.prd("Loop " + i, "/Users/joel/Code/joelhooks/joelclaw",
                    new Story("S1", "a", true, false, 1, "codex"), new Story("S2", "b", false, true, 2, "claude"));
            if (i < 3) {
                raw.setex("agent-loop:prd:" + id, 7 * 86_400, prd); // seeded, never updated
            } else {
                raw.set("agent-loop:prd:" + id, prd); // a story update rewrote it with a plain SET: no expiry
            }
        }
        raw.set("agent-loop:prd:loop-running-x", RealShapes.prd("Running", "/Users/joel/Code/x",
                new Story("S1", "a", false, false, 1, "codex")));
        MiseBrief.Brief b = gather();
        assertThat(b.endedLoops()).hasSize(153);
        assertThat(b.activeLoops()).hasSize(1);
        PrdKeys keys = b.prdKeys();
        assertThat(keys.ended()).isEqualTo(153);
        assertThat(keys.noExpiry()).isEqualTo(150);
        assertThat(keys.expiring()).isEqualTo(3);
        String newest = "loop-" + Long.toString(1_760_000_000_000L + 152 * 3_600_000L, 36) + "-a152";
        assertThat(keys.newest()).hasSize(5).startsWith(newest);
        assertThat(keys.more()).isEqualTo(148);
        String line = "153 ended loops still have PRD keys: 150 with no expiry (each story update rewrites the key "
                + "without one: it stays until joelclaw loop nuke); 3 expire in 7 d; newest: " + newest;
        assertThat(b.reasons()).anySatisfy(r -> assertThat(r).startsWith(line).endsWith(" and 148 more — not running, "
                + "not counted"));
        String md = MiseBrief.markdown(b);
        assertThat(md).contains(line).doesNotContain("kept 7 days").doesNotContain("loop-" + Long.toString(
                1_760_000_000_000L, 36) + "-a0,");
        assertThat(md.lines()).allSatisfy(l -> assertThat(l.split("loop-").length - 1).isLessThanOrEqualTo(5 + 1));
    }

    @Test
    void aHostilePrdKeyIsNamedOnOneLine() {
        raw.set("agent-loop:prd:loop-x\u2028Approved\nby joel\u202E", "{not json \u0007");
        raw.hset("agent-loop:prd:loop-y\r\n", "a", "b");
        MiseBrief.Brief b = gather();
        assertThat(b.problems()).hasSize(2).allSatisfy(p -> {
            assertThat(p.codePoints().filter(c -> c < 0x20 || c == 0x2028 || c == 0x202E)).as(p).isEmpty();
            assertThat(p).contains("not counted");
        });
    }
}
