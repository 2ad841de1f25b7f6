package services.reach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;

/** The lifecycle's rules on a report with known figures; transitions logged once, with evidence. */
class LessonLifecycleTest {

    static final String P = "/Users/joel/Code/joelhooks/joelclaw";
    static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @TempDir
    Path dir;

    private LuceneKnowledgeIndex index;
    private LessonLog log;
    private LessonLifecycle lifecycle;

    @BeforeEach
    void build() {
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        long old = NOW.minus(Duration.ofDays(100)).getEpochSecond();
        long recent = NOW.minus(Duration.ofDays(10)).getEpochSecond();
        List<KnowledgeDoc> docs = new ArrayList<>();
        for (String id : List.of("one", "two", "proven", "close", "old", "young")) {
            docs.add(new KnowledgeDoc("lesson:" + id, "lesson", "Lesson " + id, "text", null, P, "loop-x", null, null,
                    List.of(), id.equals("young") ? recent : old, null));
        }
        index.upsert(docs);
        index.flush();
        log = new LessonLog(dir.resolve("state"));
        lifecycle = new LessonLifecycle(index, log, LessonLifecycle.Rules.DEFAULT);
    }

    @AfterEach
    void close() {
        index.close();
    }

    static ReachReport.DocReach reach(String id, int stories, int firstAttempt, String... loops) {
        return new ReachReport.DocReach("lesson:" + id, "lesson", "Lesson " + id, P, stories, firstAttempt, 0,
                List.of(loops), List.of(P), "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z");
    }

    /** Ten stories of P, five passed on their first attempt: the baseline is 50%. */
    static ReachReport report(int days) {
        List<ReachReport.StoryReach> stories = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            stories.add(new ReachReport.StoryReach("loop-" + (i % 3), P, "2026-11-20T00:00:00Z", "S" + i, "t",
                    i < 5 ? "pass" : i < 8 ? "pass" : "fail", i < 5 ? 1 : 2, true, List.of()));
        }
        return new ReachReport(days, NOW.minus(Duration.ofDays(days)).toString(), 3, stories, List.of(
                reach("one", 2, 1, "loop-0"),
                reach("two", 3, 1, "loop-0", "loop-1"),
                reach("proven", 6, 5, "loop-0", "loop-1", "loop-2"), // 83% against 50%: +33 points
                reach("close", 6, 4, "loop-0", "loop-1", "loop-2")), // 67% against 50%: +17 points, under 20
                List.of(), List.of(), List.of());
    }

    @Test
    void statesFollowTheRulesAndAreLoggedOnce() throws Exception {
        LessonLifecycle.Evaluation e = lifecycle.evaluate(report(60), NOW);
        Map<String, String> states = e.lessons().stream()
                .collect(Collectors.toMap(LessonLifecycle.Lesson::id, LessonLifecycle.Lesson::state));
        assertEquals(Map.of("lesson:one", "candidate", "lesson:two", "established", "lesson:proven", "proven",
                "lesson:close", "established", "lesson:old", "deprecated", "lesson:young", "candidate"), states);
        LessonLifecycle.Lesson proven = e.lessons().stream().filter(l -> l.id().equals("lesson:proven")).findFirst()
                .orElseThrow();
        assertEquals(0.5, proven.baseline(), 1e-9);
        assertThat(proven.reason()).contains("83%").contains("50%");
        assertEquals(4, e.transitions().size());
        LessonLog.Transition t = log.current().get("lesson:proven");
        assertEquals("candidate", t.from());
        assertEquals("rule", t.by());
        assertEquals(6, t.evidence().get("stories"));
        assertEquals("no story got it in 60 days", log.current().get("lesson:old").reason());

        assertThat(lifecycle.evaluate(report(60), NOW).transitions()).isEmpty();
        assertEquals(4, Files.readAllLines(log.file()).size());
    }

    @Test
    void aShortWindowDeprecatesNothingAndAWeakerWindowDemotesNothing() {
        lifecycle.evaluate(report(60), NOW);
        ReachReport weaker = new ReachReport(14, NOW.minus(Duration.ofDays(14)).toString(), 1, List.of(),
                List.of(reach("proven", 1, 0, "loop-0")), List.of(), List.of(), List.of());
        LessonLifecycle.Evaluation e = lifecycle.evaluate(weaker, NOW);
        assertThat(e.transitions()).isEmpty();
        assertEquals("proven", log.current().get("lesson:proven").to());
    }

    @Test
    void aReadOnlyWorkspaceShowsWhatWouldChangeAndWritesNothing() {
        LessonLifecycle readOnly = new LessonLifecycle(index, new LessonLog(dir.resolve("state"), false),
                LessonLifecycle.Rules.DEFAULT);
        LessonLifecycle.Evaluation e = readOnly.evaluate(report(60), NOW);
        assertEquals(4, e.transitions().size());
        assertThat(log.file()).doesNotExist();
        assertThatThrownBy(() -> readOnly.deprecate("lesson:two", "superseded", "joel", NOW)).hasMessageContaining("read-only");
        assertThat(log.file()).doesNotExist();
    }

    @Test
    void deprecatedByHandStaysAndNeedsAReason() {
        lifecycle.evaluate(report(60), NOW);
        assertThatThrownBy(() -> lifecycle.deprecate("lesson:two", " ", "joel", NOW)).hasMessageContaining("reason");
        assertThatThrownBy(() -> lifecycle.deprecate("lesson:nope", "x", "joel", NOW)).hasMessageContaining("lesson:nope");
        assertThatThrownBy(() -> lifecycle.deprecate("lesson:two", "x", " ", NOW)).hasMessageContaining("name");
        assertThatThrownBy(() -> lifecycle.deprecate("lesson:two", "x", "rule", NOW)).hasMessageContaining("name");
        lifecycle.deprecate("lesson:two", "superseded by ADR-0201", "joel", NOW);
        assertEquals("joel", log.current().get("lesson:two").by(), "the person's one name, as in every other log");
        LessonLifecycle.Evaluation e = lifecycle.evaluate(report(60), NOW.plusSeconds(60));
        LessonLifecycle.Lesson two = e.lessons().stream().filter(l -> l.id().equals("lesson:two")).findFirst()
                .orElseThrow();
        assertEquals("deprecated", two.state());
        assertEquals("superseded by ADR-0201", two.reason());
    }

    @Test
    void aRuleDeprecatedLessonReachedAgainIsJudgedAfresh() {
        lifecycle.evaluate(report(60), NOW);
        ReachReport again = new ReachReport(60, NOW.toString(), 2, List.of(), List.of(reach("old", 2, 1, "a", "b")),
                List.of(), List.of(), List.of());
        lifecycle.evaluate(again, NOW.plusSeconds(60));
        assertEquals("established", log.current().get("lesson:old").to());
    }

    @Test
    void aBrokenLogLineIsNamed() throws Exception {
        Files.createDirectories(log.file().getParent());
        Files.writeString(log.file(), "{\"id\":\"lesson:one\",\"to\":\"established\"}\nnot json}\n{\"id\":\"a\",\"to\":\"b\"}\n");
        assertThatThrownBy(() -> log.read()).isInstanceOf(ConsoleException.class)
                .hasMessageContaining("lessons.jsonl line 2");
        Files.writeString(log.file(), "{\"id\":\"lesson:one\",\"to\":\"established\"}\n{\"id\":\"lesson:tw");
        assertEquals(1, log.read().size(), "a last line cut short by a crash is not a transition");
    }
}
