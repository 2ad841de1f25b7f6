package services.reach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.recall.ImplementorRecall;
import services.tasks.ProgressSink;

/**
 * The incremental replay gives what a full replay gives: after documents are added, changed and deleted and
 * stories are added, reworded and removed, the report made from the cache equals the report of a replay of every
 * story — and only the stories that could change were searched again.
 */
class IncrementalReplayTest {

    static final String P = "/Users/joel/Code/joelhooks/joelclaw";
    static final String G = "/Users/joel/Code/joelhooks/gremlin";
    static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @TempDir
    Path dir;

    private LuceneKnowledgeIndex index;
    private Path retros;
    private Path cache;

    static KnowledgeDoc doc(String id, String type, String title, String content, String project) {
        return new KnowledgeDoc(id, type, title, content, null, project, "loop-old", null, null, List.of(type),
                1_795_000_000L, null);
    }

    @BeforeEach
    void build() throws Exception {
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        List<KnowledgeDoc> docs = new ArrayList<>(List.of(
                doc("lesson:email:0", "lesson", "Idempotency keys for the email sender",
                        "Add idempotency keys to the email sender; retry email steps with idempotency keys.", P),
                doc("lesson:email:1", "lesson", "Email sender retries",
                        "Add idempotency keys to the email sender before a retry.", P),
                doc("lesson:adr", "lesson", "Paginate the ADR list with a cursor",
                        "Paginate the ADR list with a cursor, never an offset.", P),
                doc("pattern:cron", "pattern", "Cron writes", "Cron documents were double written; key cron writes "
                        + "by schedule id.", G),
                doc("failed_target:g:S2", "failed_target", "Failed: Fix the cron schedule",
                        "Story S2 failed after 3 attempt(s) with codex.", G),
                doc("retro:loop-old", "retro", "Loop loop-old", "Gateway session router notes and a redis key ttl.", P)));
        String[] words = "gateway session router redis key ttl digest timezone cache flaky test budget".split(" ");
        for (int i = 0; i < 40; i++) {
            docs.add(doc("lesson:filler:" + i, "lesson", words[i % words.length] + " " + words[(i * 5 + 1) % words.length],
                    words[(i * 3) % words.length] + " " + words[(i * 7 + 2) % words.length] + " and "
                            + words[(i + 4) % words.length] + ".", i % 3 == 0 ? G : P));
        }
        index.upsert(docs);
        index.flush();
        retros = Files.createDirectories(dir.resolve("retros"));
        cache = dir.resolve("state").resolve(ReplayCache.FILE);
        writeRetro("loop-a", P, 3, "| S1 | Add idempotency keys to the email sender | pass | 1 | codex |",
                "| S2 | Paginate the ADR list | fail | 3 | claude |",
                "| S3 | Redis key ttl for the gateway session | pass | 1 | codex |");
        writeRetro("loop-b", P, 5, "| S1 | Retry email sender with idempotency keys | pass | 2 | pi |",
                "| S2 | Digest timezone cache budget | pass | 1 | pi |",
                "| S3 | Something nobody wrote about: quokka sandwiches | pass | 1 | pi |");
        writeRetro("loop-g", G, 2, "| S1 | Fix the cron schedule | pass | 1 | codex |",
                "| S2 | Flaky test router | fail | 2 | codex |");
    }

    private void writeRetro(String loopId, String project, int daysAgo, String... rows) throws Exception {
        Files.writeString(retros.resolve(loopId + ".md"), "---\nloopId: " + loopId + "\nproject: " + project
                + "\ndate: " + NOW.minus(Duration.ofDays(daysAgo)) + "\n---\n\n## Story Outcomes\n\n"
                + "| id | title | result | attempts | tool |\n|---|---|---|---|---|\n" + String.join("\n", rows) + "\n");
    }

    @AfterEach
    void close() {
        index.close();
    }

    private ReachReport run(StoryReplays replays) {
        Instant since = NOW.minus(Duration.ofDays(14));
        LoopHistory.Loaded loaded = new LoopHistory(retros, LoopPrds.NONE).load(since, NOW);
        return new ReachService(new ImplementorRecall(index), index).report(loaded, 14, since, replays,
                ProgressSink.NONE);
    }

    private ReachReport incremental() {
        return run(new StoryReplays(index, cache, true, LocalDate.of(2026, 11, 23))
                .matchingChangesIn(scratch -> new LuceneKnowledgeIndex(scratch, 1)));
    }

    private ReachReport full() {
        return run(new StoryReplays(index, null, false, null));
    }

    /** The report without how it was made. */
    private static ReachReport answers(ReachReport r) {
        return new ReachReport(r.days(), r.since(), r.loops(), r.stories(), r.documents(), r.neverReached(),
                r.reachedFailed(), r.problems());
    }

    private void assertSame(ReachReport expected, ReachReport actual) {
        assertEquals(answers(expected), answers(actual));
    }

    @Test
    void aRunWithNothingChangedSearchesNothing() {
        ReachReport first = incremental();
        assertTrue(first.replay().full());
        assertEquals(8, first.replay().replayed());
        assertTrue(Files.isRegularFile(cache));
        ReachReport second = incremental();
        assertEquals(0, second.replay().replayed());
        assertEquals(8, second.replay().reused());
        assertSame(full(), second);
        assertThat(second.stories()).anyMatch(s -> s.injected().contains("lesson:email:0"));
    }

    @Test
    void addedChangedAndDeletedDocumentsAndStoriesGiveTheFullReplaysAnswers() throws Exception {
        incremental();
        // a new lesson that outranks for the ADR story; a changed one that now matches the cron story; a deleted
        // one that was injected; a new document holding a word of the story that matched nothing whole
        index.upsert(List.of(
                doc("lesson:adr:2", "lesson", "Paginate the ADR list", "Paginate the ADR list: paginate by cursor.", P),
                doc("lesson:filler:3", "lesson", "Fix the cron schedule in UTC", "Fix the cron schedule in UTC.", G),
                doc("lesson:quokka", "lesson", "Quokka", "Quokka sandwiches are a demo word.", P)));
        index.delete(List.of("lesson:email:1"));
        index.flush();
        writeRetro("loop-b", P, 5, "| S1 | Retry email sender with idempotency keys | pass | 2 | pi |",
                "| S2 | Digest timezone cache budget for the session | pass | 1 | pi |",
                "| S3 | Something nobody wrote about: quokka sandwiches | pass | 1 | pi |");
        writeRetro("loop-c", P, 1, "| S1 | Add a redis key ttl | pass | 1 | codex |");
        Files.delete(retros.resolve("loop-g.md"));
        writeRetro("loop-g", G, 2, "| S1 | Fix the cron schedule | pass | 1 | codex |");

        ReachReport again = incremental();
        ReachReport expected = full();
        assertSame(expected, again);
        assertThat(again.replay().full()).isFalse();
        assertThat(again.replay().replayed()).as("not every story: loop-g S1 kept, loop-a S3 kept")
                .isLessThan(again.stories().size());
        assertEquals(4, again.replay().documentsChanged());
        assertThat(expected.stories()).filteredOn(s -> s.loopId().equals("loop-a") && s.storyId().equals("S2"))
                .first().satisfies(s -> assertThat(s.injected()).contains("lesson:adr:2"));
        assertThat(expected.stories()).filteredOn(s -> s.loopId().equals("loop-b") && s.storyId().equals("S3"))
                .first().satisfies(s -> assertThat(s.injected()).containsExactly("lesson:quokka"));
        // and once more with nothing changed
        ReachReport third = incremental();
        assertEquals(0, third.replay().replayed());
        assertSame(expected, third);
    }

    @Test
    void aDocumentWhoseProjectOrDateChangedIsReplayedWhereItWasFound() {
        incremental();
        KnowledgeDoc moved = index.get("lesson:email:0").orElseThrow();
        index.upsert(List.of(new KnowledgeDoc(moved.id(), moved.type(), moved.title(), moved.content(), null, G,
                moved.loopId(), null, null, List.of(), NOW.getEpochSecond(), null)));
        index.flush();
        assertSame(full(), incremental());
    }

    @Test
    void anUnreadableOrForeignCacheMeansAFullReplay() throws Exception {
        incremental();
        Files.writeString(cache, "{\"version\":\"0\"");
        ReachReport r = incremental();
        assertTrue(r.replay().full());
        assertEquals("no earlier replay", r.replay().why());
        assertSame(full(), r);
    }

    @Test
    void theFirstCheckNeverRulesOutAQueryThatCouldMatch() {
        ChangedDocuments changed = new ChangedDocuments(List.of(doc("lesson:n", "lesson", "Retrying email steps",
                "Every retried email step carries an idempotency key.", P)));
        assertTrue(changed.mayMatch("Retry the email step with idempotency keys undefined", P, false));
        assertTrue(changed.mayMatch("email idempot", P, false), "the last word may be the start of a longer one");
        assertThat(changed.mayMatch("cron email step", P, false)).isFalse();
        assertThat(changed.mayMatch("Retry the email step", G, false)).as("another project").isFalse();
        assertTrue(changed.mayMatch("Retry the email step", "", false), "no project: every document");
        assertTrue(changed.mayMatch("cron -email step", P, false), "search syntax: cannot tell");
        assertTrue(changed.mayMatch("quokka email", P, true));
        assertThat(changed.mayMatch("quokka sandwiches", P, true)).isFalse();
    }
}
