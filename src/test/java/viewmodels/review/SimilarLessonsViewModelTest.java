package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.embedding.Embeddings;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.reach.SimilarLessons;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The detail pane's "Similar lessons" on the demo's review queue, without a toolkit: the rule proposal that says
 * again what a loop's lesson already says finds that lesson (by words here: semantic search off), the two
 * sentences side by side; an unrelated proposal finds none; a contradiction is named.
 */
class SimilarLessonsViewModelTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private ReviewViewModel vm;

    @BeforeEach
    void setUp() {
        Workspace ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(tmp.resolve("index"), 384);
        index.upsert(List.of(lesson("lesson:loop-mw1gch0a-tr6507:0", "Deleting documents by fuzzy search removed "
                        + "unrelated failed targets; delete only by exact id."),
                lesson("lesson:loop-mw1gch0a-tr6507:1", "Run the type checker before the test suite; type errors hide "
                        + "behind failing tests and waste an attempt.")));
        index.flush();
        SimilarLessons similar = new SimilarLessons(index, Embeddings.disabled("turned off in workspace.json."));
        vm = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), new SynchronousTaskRunner(), "joel", false,
                null, null, similar::forProposal, ZoneOffset.UTC);
        vm.refresh();
    }

    @AfterEach
    void close() {
        index.close();
    }

    static KnowledgeDoc lesson(String id, String text) {
        return new KnowledgeDoc(id, "lesson", text.substring(0, 40), text, null, "/code/joelclaw", null, null, null,
                List.of(), 1_795_000_000L, null);
    }

    @Test
    void aNearDuplicateProposalShowsItsLessonSideBySide() {
        vm.select("dream-2026-11-20-03");
        ProposalDetailViewModel d = vm.detail();
        assertTrue(d.similar().shownProperty().get());
        assertThat(d.similar().rows()).hasSize(1);
        SimilarLessonRow row = d.similar().rows().get(0);
        assertEquals("lesson:loop-mw1gch0a-tr6507:0", row.id());
        assertEquals("near-duplicate", row.verdict());
        assertThat(row.sentence()).contains("fuzzy");
        assertThat(row.lessonSentence()).startsWith("Deleting documents by fuzzy search");
        assertThat(row.similarity()).endsWith(" %");
        assertThat(d.similar().statusProperty().get()).startsWith("1 existing lesson like this (by words, 40 % or more)")
                .contains("we may already know this").contains("semantic search is off");
    }

    @Test
    void anUnrelatedProposalShowsNone() {
        vm.select("dream-2026-11-20-02"); // pushback in SOUL.md
        assertThat(vm.detail().similar().rows()).isEmpty();
        assertThat(vm.detail().similar().statusProperty().get()).startsWith("No existing lesson like this (by words");
    }

    @Test
    void anInvalidProposalOrNoneHasNoSection() {
        vm.select(null);
        assertFalse(vm.detail().similar().shownProperty().get());
        assertThat(vm.detail().similar().rows()).isEmpty();
    }

    @Test
    void aContradictionIsNamed() {
        SimilarLessons.Found found = new SimilarLessons.Found("meaning", 0.65, List.of(new SimilarLessons.Match(
                "lesson:x:1", "Run the type checker", null, 0.81, "Do not run the type checker first.",
                "Run the type checker before the test suite.", true)), "");
        assertEquals("possible contradiction", SimilarLessonsViewModel.rows(found).get(0).verdict());
        assertEquals("81 %", SimilarLessonsViewModel.rows(found).get(0).similarity());
        assertThat(SimilarLessonsViewModel.status(found)).isEqualTo(
                "1 existing lesson like this (by meaning, 65 % or more); 1 may say the opposite.");
    }
}
