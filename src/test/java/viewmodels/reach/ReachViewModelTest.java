package viewmodels.reach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.reach.KnowledgeReach;
import services.reach.LessonLifecycle;
import services.reach.LoopPrds;
import services.tasks.SynchronousTaskRunner;

/** The reach screen's lists, states and window, on a small built workspace. */
class ReachViewModelTest {

    static final String P = "/Users/joel/Code/joelhooks/joelclaw";
    static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @TempDir
    Path dir;

    private LuceneKnowledgeIndex index;
    private ReachViewModel vm;

    @BeforeEach
    void build() throws Exception {
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        long before = NOW.minusSeconds(40L * 86_400).getEpochSecond();
        index.upsert(List.of(
                new KnowledgeDoc("lesson:x:0", "lesson", "Paginate the ADR list", "Paginate the ADR list with a cursor",
                        null, P, "loop-x", null, null, List.of(), before, null),
                new KnowledgeDoc("lesson:x:1", "lesson", "Quarantine flaky tests", "Quarantine flaky tests", null, P,
                        "loop-x", null, null, List.of(), before, null)));
        index.flush();
        Path retros = Files.createDirectories(dir.resolve("retros"));
        for (String loop : List.of("loop-a", "loop-b")) {
            Files.writeString(retros.resolve(loop + ".md"), "---\nloopId: " + loop + "\nproject: " + P + "\ndate: "
                    + NOW.minusSeconds(86_400) + "\n---\n\n## Story Outcomes\n\n| id | title | result | attempts | tool |\n"
                    + "|---|---|---|---|---|\n| S1 | Paginate the ADR list | " + (loop.equals("loop-a") ? "fail" : "pass")
                    + " | 1 | codex |\n");
        }
        KnowledgeReach reach = new KnowledgeReach(retros, () -> LoopPrds.NONE, index, dir.resolve("state"),
                LessonLifecycle.Rules.DEFAULT, Clock.fixed(NOW, ZoneOffset.UTC),
                scratch -> new LuceneKnowledgeIndex(scratch, 1));
        vm = new ReachViewModel(reach, new SynchronousTaskRunner(), ZoneOffset.UTC);
    }

    @AfterEach
    void close() {
        index.close();
    }

    @Test
    void runFillsTheListsWithLessonStates() {
        vm.run();
        assertThat(vm.mostReached()).extracting(ReachViewModel.Row::id).containsExactly("lesson:x:0");
        assertEquals("established", vm.mostReached().get(0).state(), "reached by stories of two loops");
        assertThat(vm.mostReached().get(0).figures()).startsWith("2 stories · 2 loops")
                .endsWith(" · last " + LocalDate.ofInstant(NOW.minusSeconds(86_400), ZoneOffset.UTC));
        assertThat(vm.reachedFailed()).extracting(ReachViewModel.Row::id).containsExactly("lesson:x:0");
        assertThat(vm.neverReached()).extracting(ReachViewModel.Row::figures).containsExactly(
                "no match: no story's title and description found it");
        assertThat(vm.summaryProperty().get()).startsWith("2 loops, 2 stories in 14 days")
                .contains(" · 1 document reached · ")
                .containsPattern(" · (1 lesson state change|\\d+ lesson state changes)($| · )")
                .doesNotContain(" 1 lesson state changes");
        // a title the index cut from its lesson (its first 120 characters) ends in "…"; a whole one does not
        assertEquals("Paginate the ADR list…", vm.mostReached().get(0).title());
        assertThat(vm.lessons()).extracting(ReachViewModel.Row::title)
                .containsExactlyInAnyOrder("Paginate the ADR list…", "Quarantine flaky tests");
        assertEquals(2, vm.lessons().size());
        vm.stateFilterProperty().set("established");
        assertThat(vm.lessons()).extracting(ReachViewModel.Row::id).containsExactly("lesson:x:0");
        vm.stateFilterProperty().set(ReachViewModel.ANY_STATE);
        assertEquals(2, vm.lessons().size());
        assertThat(vm.runningProperty().get()).isFalse();
    }

    @Test
    void theStateFilterStartsAtAnyStateWhichIsItsFirstChoiceSoItNeverShowsBlank() {
        assertEquals(ReachViewModel.ANY_STATE, vm.stateFilterProperty().get());
        assertThat(vm.stateChoices()).first().isEqualTo(ReachViewModel.ANY_STATE);
        assertThat(vm.stateChoices()).doesNotContain("").containsAll(vm.states());
    }

    @Test
    void anEmptyListSaysWhetherNothingRanYetOrTheRunFoundNone() {
        assertEquals("Nothing yet: press Run.", vm.emptyTextProperty().get());
        assertEquals("Nothing yet: press Run.", vm.emptyLessonsTextProperty().get());
        assertEquals("", vm.summaryProperty().get()); // said once, by the list, not again in a line above it
        vm.run();
        assertEquals("None in the last 14 days.", vm.emptyTextProperty().get());
        vm.stateFilterProperty().set("proven"); // a state no lesson is in: the list is empty, and says why
        assertThat(vm.lessons()).isEmpty();
        assertEquals("No lesson is proven now.", vm.emptyLessonsTextProperty().get());
    }

    @Test
    void aBadWindowIsRefusedWithAMessage() {
        for (String typed : new String[] {"soon", "abc", "-1", "0", "1.5", "", "36501", "99999999999"}) {
            vm.daysProperty().set(typed);
            vm.run();
            assertThat(vm.summaryProperty().get()).as(typed).isEqualTo("Days: give a whole number of days from 1 to 36500.");
            assertThat(vm.mostReached()).isEmpty();
        }
    }
}
