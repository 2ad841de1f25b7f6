package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.policy.PolicyService;
import services.policy.RecallEffect;
import services.reach.LoopPrds;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The review pane's "Effect on recall" section: computed for an open skill change, said plainly otherwise. */
class RecallEffectInReviewTest {

    @TempDir
    Path tmp;

    private ReviewViewModel vm;
    private long documents;
    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        try (KnowledgeIndex index = open()) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            documents = index.status().documents();
        }
        ReviewService review = new ReviewService(ws, Fixtures.CLOCK);
        PolicyService policy = new PolicyService(ws, review, Fixtures.CLOCK,
                new RecallEffect(ws, this::open, () -> LoopPrds.NONE, Fixtures.CLOCK));
        vm = new ReviewViewModel(review, new SynchronousTaskRunner(), "joel", false, policy::applying,
                id -> policy.recallEffect(id, 30), null, ZoneOffset.UTC);
        vm.refresh();
    }

    private KnowledgeIndex open() {
        return new LuceneKnowledgeIndex(ws.indexDir(), ws.index().embeddingDimensions());
    }

    @Test
    void aSkillChangeShowsTheStoriesWhoseRecallWouldChangeAndTheIndexIsNotWritten() {
        vm.select("sp-2026-11-18-loop-nanny-01");
        String text = vm.detail().recallEffectProperty().get();
        assertThat(text).startsWith("Effect on recall: skill:loop-nanny: ").contains("stories of the last 30 days");
        List<String> lines = text.lines().skip(1).toList();
        assertThat(lines.size()).isLessThanOrEqualTo(RecallEffectViewModel.EFFECT_LINES + 1);
        // a line per story, its budgets on it (those that change alike together)
        assertThat(lines).allSatisfy(l -> assertThat(l).matches("  (loop-\\S+ S\\d+ \".*\"( · (implementor|lean)(, lean)?:"
                + "( [+−~]\\S+)+)+|… and \\d+ more stor(y|ies) \\('proposals show' lists them\\))"));
        if (lines.stream().noneMatch(l -> l.startsWith("  … and "))) { // the link counts the lines it opens
            assertEquals(lines.isEmpty() ? "" : lines.size() == 1 ? "Show the story" : "Show the " + lines.size() + " stories",
                    vm.detail().recallEffect().toggleTextProperty().get());
        }
        try (KnowledgeIndex index = open()) {
            assertEquals(documents, index.status().documents());
            assertThat(index.get("skill:loop-nanny").orElseThrow().content()).doesNotContain("lsof -i");
        }
    }

    /** The demo's stale skill change reaches stories under two budgets: the link counts them, a line each. */
    @Test
    void theLinkSaysAsManyStoriesAsItOpensLines() {
        vm.select("sp-2026-11-15-typesense-recall-03");
        RecallEffectViewModel effect = vm.detail().recallEffect();
        List<String> lines = effect.storiesProperty().get().lines().toList();
        assertThat(lines).hasSizeGreaterThan(1).allSatisfy(l -> assertThat(l).startsWith("  loop-"));
        assertEquals("Show the " + lines.size() + " stories", effect.toggleTextProperty().get());
        assertThat(effect.summaryProperty().get()).contains(": " + lines.size() + " of ");
    }

    @Test
    void aChangeTheSyncDoesNotIndexSaysSoAndADecidedProposalShowsNothing() {
        vm.select("dream-2026-11-20-03");
        assertThat(vm.detail().recallEffectProperty().get()).isEqualTo("Effect on recall: none — a sync does not index "
                + "rules/exact-ids.md of the behaviour repository (it reads skills/<name>/SKILL.md of the skills "
                + "repository): no document changes");
        vm.select("sp-2026-11-10-vault-notes-05");
        assertEquals("", vm.detail().recallEffectProperty().get());
    }
}
