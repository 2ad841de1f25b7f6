package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;

/** Following a lesson's provenance, Back and Forward, and documents opened from elsewhere. */
class KnowledgeProvenanceTest extends KnowledgeFixture {

    @Test
    void aLessonOpensWithItsProvenanceOneClickFromItsRetro() {
        sync.syncNow();
        vm.queryProperty().set("email idempotency");
        vm.toggleFacet("type", "lesson");
        ResultRow lesson = vm.results().get(0);
        vm.select(lesson);
        DocumentDetailViewModel detail = vm.detail();
        assertEquals(lesson.id(), detail.idProperty().get());
        assertThat(detail.metadataProperty().get()).startsWith("lesson · lesson:");
        assertThat(detail.sourceFileProperty().get()).startsWith(ws.retrosDir().toString());
        LinkRow retro = detail.provenance().get(0);
        assertThat(retro.label()).startsWith("Retro: Retrospective loop-");
        assertThat(detail.provenance()).anyMatch(l -> l.id().startsWith("pattern:"));
        // every line says its type in the window's words ("Retro", "Brain notes", "Failed targets"), never a code
        assertThat(detail.provenance()).extracting(LinkRow::label)
                .noneMatch(l -> l.matches("^[a-z_]+: .*"))
                .anyMatch(l -> l.startsWith("Brain note: loop "))
                .noneMatch(l -> l.startsWith("Brain note: Brain note"))
                .anyMatch(l -> l.startsWith("Pattern: "));
        assertThat(ProvenanceLinks.label(new KnowledgeDoc("failed_target:loop-1:S2", "failed_target",
                "Failed: Index retros | lessons", "", null, null, "loop-1", null, null, List.of(), 1L, null)))
                .isEqualTo("Failed target: Failed: Index retros | lessons");
        vm.follow(retro);
        assertEquals(retro.id(), detail.idProperty().get());
        assertThat(detail.markdownProperty().get()).contains("## Story Outcomes");
    }

    @Test
    void followingProvenanceCanBeUndoneWithBackAndRedoneWithForward() {
        sync.syncNow();
        vm.queryProperty().set("email idempotency");
        DocumentDetailViewModel detail = vm.detail();
        vm.select(vm.results().get(1)); // browsing the results does not fill the history
        vm.toggleFacet("type", "lesson");
        vm.select(vm.results().get(0));
        String lesson = vm.results().get(0).id();
        assertThat(detail.canGoBackProperty().get()).isFalse();
        LinkRow retro = detail.provenance().get(0);
        vm.follow(retro);
        assertEquals(retro.id(), detail.idProperty().get());
        assertTrue(detail.canGoBackProperty().get());
        LinkRow other = detail.provenance().stream().filter(l -> !l.id().equals(lesson)).findFirst().orElseThrow();
        vm.follow(other);
        detail.back();
        assertEquals(retro.id(), detail.idProperty().get());
        detail.back();
        assertEquals(lesson, detail.idProperty().get());
        assertThat(detail.canGoBackProperty().get()).isFalse();
        detail.back(); // nothing before: stays
        assertEquals(lesson, detail.idProperty().get());
        detail.forward();
        assertEquals(retro.id(), detail.idProperty().get());
        assertTrue(detail.canGoForwardProperty().get());
        vm.follow(detail.provenance().get(detail.provenance().size() - 1)); // a new way: forward is gone
        assertThat(detail.canGoForwardProperty().get()).isFalse();
    }

    /**
     * Failed targets' Enter opens a loop's retro in Knowledge: what was shown before is one Back away, and the
     * result list selects the retro if it is among the results, else no row (it kept the previous one highlighted
     * and Back was greyed).
     */
    @Test
    void aDocumentOpenedFromElsewhereKeepsBackAndTheListSelectsItOrNothing() {
        sync.syncNow();
        vm.queryProperty().set("retry");
        vm.toggleFacet("type", "lesson"); // lessons only: their retros are not among the results
        DocumentDetailViewModel detail = vm.detail();
        String browsed = vm.results().get(1).id();
        vm.select(vm.results().get(1));
        assertEquals(browsed, detail.idProperty().get());
        assertEquals(1, vm.resultIndexOf(browsed));

        String retro = "retro:" + index.get(browsed).orElseThrow().loopId();
        assertThat(vm.results()).noneMatch(r -> r.id().equals(retro));
        vm.openFromElsewhere(retro);
        assertEquals(retro, detail.idProperty().get());
        assertEquals(-1, vm.resultIndexOf(retro), "the list selects no row: the retro is not among the results");
        assertTrue(detail.canGoBackProperty().get(), "Back returns to the lesson shown before");

        detail.back();
        assertEquals(browsed, detail.idProperty().get());
        assertEquals(1, vm.resultIndexOf(browsed));
        vm.select(vm.results().get(1)); // the list following the pane opens nothing again: Forward stays
        assertTrue(detail.canGoForwardProperty().get());
        detail.forward();
        assertEquals(retro, detail.idProperty().get());

        // a document that is among the results is the row the list selects
        String listed = vm.results().get(2).id();
        vm.openFromElsewhere(listed);
        assertEquals(2, vm.resultIndexOf(detail.idProperty().get()));
        assertTrue(detail.canGoBackProperty().get());
    }

    /** Opened from elsewhere with nothing shown before: there is nothing to go back to. */
    @Test
    void aDocumentOpenedFromElsewhereFirstHasNoBack() {
        sync.syncNow();
        vm.search();
        String id = vm.results().get(0).id();
        vm.openFromElsewhere(id);
        assertEquals(id, vm.detail().idProperty().get());
        assertThat(vm.detail().canGoBackProperty().get()).isFalse();
    }
}
