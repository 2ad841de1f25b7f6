package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import services.policy.RecallEffect;
import services.review.PlannedChange;
import services.review.Proposal;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import viewmodels.text.Moments;

/**
 * The Review pane's "Effect on recall": the summary line always, the story lines behind a toggle that starts
 * collapsed for every proposal shown, so the diff below stays in sight.
 */
class RecallEffectViewModelTest {

    private static ReviewService.Item item(String id, boolean open) {
        Proposal p = new Proposal(Path.of(id + ".md"), Proposal.Origin.SKILL_PROPOSALS, id, "skill_update", null, "low",
                "skills", "skills/" + id + "/SKILL.md", null, null, List.of(), null, null, open ? "pending" : "approved",
                null, null, null, null);
        return new ReviewService.Item(p, open ? new PlannedChange("skills", p.target(), "old", "new", false, false,
                List.of(), null) : null, null);
    }

    private static RecallEffect.StoryChange change(int story, String budget) {
        return new RecallEffect.StoryChange("loop-a", "/p", "2026-11-01", "S" + story, "Story " + story, budget,
                List.of("skill:a"), List.of("retro:loop-a"), List.of());
    }

    /** Story 1 under lean and deep, stories 2..10 under lean: 10 stories, a line each. */
    private static final RecallEffect.Effect TEN = new RecallEffect.Effect(List.of("skill:a"), null, 14, 33,
            Stream.concat(Stream.of(change(1, "deep")),
                    IntStream.rangeClosed(1, 10).mapToObj(i -> change(i, "lean"))).toList(),
            List.of(), RecallEffect.KEYWORD_BUDGETS, null);
    private static final RecallEffect.Effect NONE = new RecallEffect.Effect(List.of("skill:b"), null, 14, 33, List.of(),
            List.of(), RecallEffect.KEYWORD_BUDGETS, null);
    private static final RecallEffect.Effect RULE = new RecallEffect.Effect(List.of(), "a sync does not index rules/x.md",
            14, 0, List.of(), List.of(), List.of(), null);

    private final RecallEffectViewModel vm = new RecallEffectViewModel(new SynchronousTaskRunner(),
            Map.of("sp-a", TEN, "sp-b", NONE, "dream-r", RULE)::get);

    @Test
    void theSummaryIsOneLineAndTheStoriesWaitBehindTheToggle() {
        vm.show(item("sp-a", true));
        assertThat(vm.summaryProperty().get()).isEqualTo("Effect on recall: skill:a: 10 of 33 stories of the last 14 "
                + "days would get different recall (implementor 0, lean 10)").doesNotContain("\n");
        List<String> lines = vm.storiesProperty().get().lines().toList();
        assertThat(lines).hasSize(RecallEffectViewModel.EFFECT_LINES + 1)
                .startsWith("  loop-a S1 \"Story 1\" · lean, deep: +skill:a −retro:loop-a",
                        "  loop-a S2 \"Story 2\" · lean: +skill:a −retro:loop-a")
                .endsWith("  … and 2 more stories ('proposals show' lists them)");
        assertEquals(vm.summaryProperty().get() + "\n" + vm.storiesProperty().get(), vm.textProperty().get());
        assertTrue(vm.hasStoriesProperty().get());
        assertFalse(vm.storiesShownProperty().get(), "collapsed at first");
        assertEquals("Show the 10 stories", vm.toggleTextProperty().get());

        vm.toggleStories();
        assertTrue(vm.storiesShownProperty().get());
        assertEquals("Hide the stories", vm.toggleTextProperty().get());
        vm.toggleStories();
        assertFalse(vm.storiesShownProperty().get());
        assertEquals("Show the 10 stories", vm.toggleTextProperty().get());
    }

    /**
     * The demo's case: 4 stories, each under two budgets (8 changes). The link says 4 stories and opens 4 lines, each
     * story's budgets on its line — budgets that change alike share their changes, others follow in budget order.
     */
    @Test
    void theLinkCountsTheLinesItOpensEachStorysBudgetsOnItsLine() {
        List<RecallEffect.StoryChange> changes = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            changes.add(change(i, "implementor"));
            changes.add(i == 4 ? new RecallEffect.StoryChange("loop-a", "/p", "2026-11-01", "S4", "Story 4", "lean",
                    List.of(), List.of(), List.of("skill:a")) : change(i, "lean"));
        }
        RecallEffect.Effect four = new RecallEffect.Effect(List.of("skill:a"), null, 14, 33, changes, List.of(),
                RecallEffect.KEYWORD_BUDGETS, null);
        RecallEffectViewModel demo = new RecallEffectViewModel(new SynchronousTaskRunner(), id -> four);
        demo.show(item("sp-a", true));
        assertEquals("Show the 4 stories", demo.toggleTextProperty().get());
        assertThat(demo.storiesProperty().get().lines().toList()).containsExactly(
                "  loop-a S1 \"Story 1\" · implementor, lean: +skill:a −retro:loop-a",
                "  loop-a S2 \"Story 2\" · implementor, lean: +skill:a −retro:loop-a",
                "  loop-a S3 \"Story 3\" · implementor, lean: +skill:a −retro:loop-a",
                "  loop-a S4 \"Story 4\" · implementor: +skill:a −retro:loop-a · lean: ~skill:a");
    }

    @Test
    void aNewlyShownProposalStartsCollapsedAndTheSameOneShownAgainKeepsTheStoriesOpen() {
        vm.show(item("sp-a", true));
        vm.toggleStories();
        vm.show(item("sp-a", true)); // the queue read again: the same proposal
        assertTrue(vm.storiesShownProperty().get());
        vm.show(item("sp-b", true));
        assertFalse(vm.storiesShownProperty().get());
        vm.show(item("sp-a", true));
        assertFalse(vm.storiesShownProperty().get(), "back on the first proposal: collapsed again");
        assertEquals("Show the 10 stories", vm.toggleTextProperty().get());
    }

    @Test
    void withoutStoryLinesThereIsNothingToToggle() {
        vm.show(item("sp-b", true));
        assertThat(vm.summaryProperty().get()).startsWith("Effect on recall: skill:b: no recall of the 33 stories");
        assertEquals("", vm.storiesProperty().get());
        assertEquals(vm.summaryProperty().get(), vm.textProperty().get());
        assertFalse(vm.hasStoriesProperty().get());
        assertEquals("", vm.toggleTextProperty().get());
        vm.toggleStories();
        assertFalse(vm.storiesShownProperty().get());

        vm.show(item("dream-r", true));
        assertEquals("Effect on recall: none — a sync does not index rules/x.md", vm.textProperty().get());
        assertFalse(vm.hasStoriesProperty().get());

        vm.show(item("sp-done", false)); // decided: no change to preview
        assertEquals("", vm.summaryProperty().get());
        assertEquals("", vm.textProperty().get());
        vm.show(null);
        assertEquals("", vm.summaryProperty().get());
    }

    @Test
    void oneStoryIsSaidInTheSingularAndAFailureIsSaidInTheSummary() {
        RecallEffect.Effect one = new RecallEffect.Effect(List.of("skill:a"), null, 14, 33,
                List.of(change(1, "lean"), change(1, "deep")), List.of(), RecallEffect.BUDGETS, null);
        RecallEffectViewModel single = new RecallEffectViewModel(new SynchronousTaskRunner(), id -> {
            if (id.equals("sp-x")) {
                throw new IllegalStateException("index closed");
            }
            return one;
        });
        single.show(item("sp-a", true));
        assertEquals("Show the story", single.toggleTextProperty().get());
        assertEquals(List.of("  loop-a S1 \"Story 1\" · lean, deep: +skill:a −retro:loop-a"),
                single.storiesProperty().get().lines().toList());
        single.show(item("sp-x", true));
        assertEquals("Effect on recall: not computed — index closed", single.summaryProperty().get());
        assertFalse(single.hasStoriesProperty().get());
    }

    @Test
    void aLateAnswerForTheProposalLeftBehindIsDropped() {
        DiffFollowsTheSelectionTest.HeldRunner runner = new DiffFollowsTheSelectionTest.HeldRunner();
        RecallEffectViewModel held = new RecallEffectViewModel(runner, Map.of("sp-a", TEN, "sp-b", NONE)::get);
        held.show(item("sp-a", true));
        Runnable late = runner.held.remove(0);
        held.show(item("sp-b", true));
        assertEquals("Effect on recall: computing…", held.summaryProperty().get());
        runner.runAll();
        late.run();
        assertThat(held.summaryProperty().get()).startsWith("Effect on recall: skill:b:");
        assertFalse(held.hasStoriesProperty().get());
    }

    /** Walk 2: the keys line offered "s show / hide the stories" for a proposal whose effect has no stories. */
    @Test
    void theKeysLineOffersSOnlyWhereThereAreStories() {
        ProposalDetailViewModel detail = new ProposalDetailViewModel(new SynchronousTaskRunner(), false, null,
                Map.of("sp-a", TEN, "sp-b", NONE)::get, Moments.in(ZoneOffset.UTC));
        detail.show(item("sp-a", true), null, "");
        assertThat(detail.keysProperty().get()).contains(" · s show / hide the stories");
        detail.show(item("sp-b", true), null, "");
        assertThat(detail.keysProperty().get()).doesNotContain("stories");
    }
}
