package services.reach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.recall.ImplementorRecall;
import services.tasks.ProgressSink;
import testsupport.RedisServer;

/**
 * Reach on a built workspace: retros as {@code agent-loop/retro.ts} writes them (project = the project path, ISO
 * date, escaped story table), PRDs in a real Redis as {@code agent-loop:prd:<loopId>}, documents in a real Lucene
 * index; every answer known beforehand.
 */
@Tag("server")
class ReachServiceTest {

    static final String P = "/Users/joel/Code/joelhooks/joelclaw";
    static final String G = "/Users/joel/Code/joelhooks/gremlin";
    static final String CB = "/Users/joel/Code/badass-courses/course-builder";
    static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @TempDir
    Path dir;

    private LuceneKnowledgeIndex index;
    private RedisServer redis;
    private Path retros;

    static KnowledgeDoc doc(String id, String type, String title, String content, String project) {
        return new KnowledgeDoc(id, type, title, content, null, project, null, null, null, List.of(type), 1_795_000_000L,
                null);
    }

    static String retro(String loopId, String project, Instant date, String... rows) {
        return "---\nloopId: " + loopId + "\nproject: " + project + "\ndate: " + date + "\nstoriesCompleted: 1\n"
                + "storiesFailed: 0\nstoriesSkipped: 0\n---\n\n# Loop " + loopId + "\n\n## Story Outcomes\n\n"
                + "| id | title | result | attempts | tool |\n|---|---|---|---|---|\n" + String.join("\n", rows) + "\n";
    }

    @BeforeEach
    void build() throws Exception {
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        index.upsert(List.of(
                doc("lesson:a:0", "lesson", "Idempotency keys for the email sender",
                        "Add idempotency keys to the email sender; retry email sender steps with idempotency keys.", P),
                doc("lesson:a:1", "lesson", "Email sender retries",
                        "Add idempotency keys to the email sender before a retry, and keys to every step of it.", P),
                doc("lesson:a:2", "lesson", "A long note on the email sender",
                        "Add idempotency keys to the email sender. " + "Other words about unrelated matters. ".repeat(80), P),
                doc("lesson:adr", "lesson", "Paginate the ADR list with a cursor",
                        "Paginate the ADR list with a cursor, never an offset.", P),
                doc("pattern:g", "pattern", "Patterns of gremlin",
                        "Cron documents were double written; key cron writes by schedule id.", G),
                doc("failed_target:cb:S2", "failed_target", "Failed: Paginate the ADR list",
                        "Story S2 failed after 3 attempt(s). Paginate the ADR list.", CB),
                doc("brain:a", "brain_note", "Brain note: loop a", "Add idempotency keys to the email sender", P),
                doc("lesson:flaky", "lesson", "Quarantine flaky network tests",
                        "Quarantine flaky network tests behind a tag.", P),
                new KnowledgeDoc("lesson:late", "lesson", "Email sender idempotency", "Add idempotency keys to the "
                        + "email sender", null, P, "loop-a", null, null, List.of(), NOW.minus(Duration.ofDays(1))
                        .getEpochSecond(), null),
                doc("adr:0042", "adr", "ADR-0042 Email sender", "Add idempotency keys to the email sender", null)));
        index.flush();
        retros = Files.createDirectories(dir.resolve("vault/system/retrospectives"));
        Files.writeString(retros.resolve("loop-a.md"), retro("loop-a", P, NOW.minus(Duration.ofDays(3)),
                "| S1 | Add idempotency keys to the email sender | pass | 1 | codex |",
                "| S2 | Paginate the ADR list | fail | 3 | claude |"));
        Files.writeString(retros.resolve("loop-b.md"), retro("loop-b", P, NOW.minus(Duration.ofDays(5)),
                "| S1 | Retry email sender with idempotency keys | pass | 2 | pi |"));
        Files.writeString(retros.resolve("loop-old.md"), retro("loop-old", P, NOW.minus(Duration.ofDays(30)),
                "| S1 | Quarantine flaky network tests | pass | 1 | pi |"));
        Files.writeString(retros.resolve("loop-g.md"), retro("loop-g", G, NOW.minus(Duration.ofDays(2)),
                "| S1 | Fix the cron | pass | 1 | codex |"));
        Files.writeString(retros.resolve("loop-broken.md"), "---\nloopId: loop-broken\nstoriesCompleted: three\n---\n");
        redis = new RedisServer(dir.resolve("redis"));
        try (RedisClient c = RedisClient.create("127.0.0.1", redis.port())) {
            c.set("agent-loop:prd:loop-g", "{\"title\":\"Gremlin cron\",\"stories\":[{\"id\":\"S1\",\"title\":"
                    + "\"Fix the cron\",\"description\":\"Cron documents double written\",\"passes\":true,"
                    + "\"skipped\":false}]}");
            c.set("agent-loop:prd:loop-bad", "not json");
        }
    }

    @AfterEach
    void close() {
        index.close();
        redis.close();
    }

    private ReachReport report(int days) {
        Instant since = NOW.minus(Duration.ofDays(days));
        try (LoopPrds prds = new RedisLoopPrds(RedisClient.create("127.0.0.1", redis.port()))) {
            LoopHistory.Loaded loaded = new LoopHistory(retros, prds).load(since, NOW);
            return new ReachService(new ImplementorRecall(index), index).report(loaded, days, since, ProgressSink.NONE);
        }
    }

    @Test
    void perStoryPerDocumentAndNeverReached() {
        ReachReport r = report(14);
        assertEquals(3, r.loops(), "loop-old is outside 14 days; loop-broken cannot be read");
        assertThat(r.problems()).anyMatch(p -> p.startsWith("loop-broken.md") && p.contains("storiesCompleted"))
                .anyMatch(p -> p.contains("agent-loop:prd:loop-bad"));
        Map<String, ReachReport.StoryReach> stories = r.stories().stream()
                .collect(Collectors.toMap(s -> s.loopId() + "/" + s.storyId(), s -> s));
        assertThat(stories.get("loop-a/S1").injected()).containsExactly("lesson:a:0", "lesson:a:1");
        assertThat(stories.get("loop-a/S2").injected()).containsExactly("lesson:adr");
        assertThat(stories.get("loop-g/S1").injected()).containsExactly("pattern:g");
        assertThat(stories.get("loop-g/S1").descriptionKnown()).isTrue();
        assertThat(stories.get("loop-a/S1").descriptionKnown()).isFalse();

        Map<String, ReachReport.DocReach> docs = r.documents().stream()
                .collect(Collectors.toMap(ReachReport.DocReach::id, d -> d));
        ReachReport.DocReach email = docs.get("lesson:a:0");
        assertEquals(2, email.stories());
        assertThat(email.loops()).containsExactly("loop-b", "loop-a");
        assertThat(email.projects()).containsExactly(P);
        assertEquals(NOW.minus(Duration.ofDays(5)).toString(), email.first());
        assertEquals(NOW.minus(Duration.ofDays(3)).toString(), email.last());
        assertEquals(1, email.firstAttemptPasses(), "loop-a S1 passed first time; loop-b S1 took 2 attempts");
        assertEquals("lesson:a:0", r.documents().get(0).id(), "most reached first");
        assertThat(r.reachedFailed()).extracting(ReachReport.DocReach::id).containsExactly("lesson:adr");

        Map<String, String> why = r.neverReached().stream()
                .collect(Collectors.toMap(ReachReport.NeverReached::id, ReachReport.NeverReached::why));
        assertEquals(Map.of("lesson:a:2", "outranked", "failed_target:cb:S2", "wrong project",
                "brain:a", "type excluded", "lesson:flaky", "no match", "lesson:late", "too new"), why);
    }

    @Test
    void aWiderWindowTakesOlderLoops() {
        ReachReport r = report(60);
        assertEquals(4, r.loops());
        // loop-old ran 30 days ago, before the lesson about flaky tests was written (created_at 2026-11-18)
        assertThat(r.neverReached()).filteredOn(n -> n.id().equals("lesson:flaky"))
                .extracting(ReachReport.NeverReached::why).containsExactly("too new");
    }

    @Test
    void aPrdWithoutRetroIsALoopWithoutProjectThatSeesEveryProject() {
        try (RedisClient c = RedisClient.create("127.0.0.1", redis.port())) {
            c.set("agent-loop:prd:loop-run", "{\"title\":\"Running\",\"stories\":[{\"id\":\"S1\",\"title\":"
                    + "\"Paginate the ADR list\",\"passes\":false,\"skipped\":false}]}");
        }
        ReachReport r = report(14);
        ReachReport.StoryReach run = r.stories().stream().filter(s -> s.loopId().equals("loop-run")).findFirst()
                .orElseThrow();
        assertEquals("open", run.result());
        assertEquals(null, run.project());
        assertThat(run.injected()).contains("failed_target:cb:S2");
        assertThat(r.neverReached()).noneMatch(n -> n.why().equals("wrong project"));
    }
}
