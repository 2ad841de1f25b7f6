package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The detail pane follows the results: emptied when they no longer hold the shown document, and what it says then. */
class KnowledgeDetailPaneTest extends KnowledgeFixture {

    @Test
    void aSearchWithNoResultsEmptiesTheDetailPane() {
        sync.syncNow();
        vm.queryProperty().set("idempotency");
        vm.select(vm.results().get(0));
        assertTrue(vm.detail().showingProperty().get());
        vm.queryProperty().set("nothing-like-this-anywhere");
        assertThat(vm.detail().showingProperty().get()).isFalse();
        assertEquals("", vm.detail().idProperty().get());
        assertEquals(DocumentDetailViewModel.NO_RESULTS, vm.detail().titleProperty().get());
    }

    @Test
    void typingOnPastAWordWithNoResultsNoLongerSaysTheSearchFoundNothing() {
        sync.syncNow();
        // letter by letter: "idempotencx" on the way to a word that matches finds nothing for a moment
        vm.queryProperty().set("idempotencx");
        assertEquals(DocumentDetailViewModel.NO_RESULTS, vm.detail().titleProperty().get());
        vm.queryProperty().set("idempotency");
        assertThat(vm.results()).isNotEmpty();
        assertEquals(DocumentDetailViewModel.NOTHING_SELECTED, vm.detail().titleProperty().get());
        assertThat(vm.detail().showingProperty().get()).isFalse();
    }

    @Test
    void aSearchOrFilterWhoseResultsNoLongerHoldTheShownDocumentEmptiesTheDetailPane() {
        sync.syncNow();
        vm.queryProperty().set("idempotency");
        ResultRow first = vm.results().get(0);
        vm.select(first);
        assertEquals(first.id(), vm.detail().idProperty().get());

        // another text whose results do not hold it
        vm.queryProperty().set("typesense");
        assertThat(vm.results()).isNotEmpty().noneMatch(r -> r.id().equals(first.id()));
        assertThat(vm.detail().showingProperty().get()).isFalse();
        assertEquals("", vm.detail().idProperty().get());
        assertEquals(DocumentDetailViewModel.NOT_IN_RESULTS, vm.detail().titleProperty().get());

        // a facet filter that leaves it out
        vm.queryProperty().set("");
        ResultRow shown = vm.results().get(0);
        vm.select(shown);
        String otherType = vm.facet("type").stream().map(FacetValue::value)
                .filter(t -> !t.equals(shown.type())).findFirst().orElseThrow();
        vm.toggleFacet("type", otherType);
        assertThat(vm.results()).isNotEmpty().noneMatch(r -> r.id().equals(shown.id()));
        assertEquals("", vm.detail().idProperty().get());

        // a filter whose results still hold it keeps it
        vm.toggleFacet("type", otherType);
        vm.select(shown);
        vm.toggleFacet("type", shown.type());
        assertThat(vm.results()).anyMatch(r -> r.id().equals(shown.id()));
        assertEquals(shown.id(), vm.detail().idProperty().get());

        // the same search again (a sync finished) keeps a document reached by provenance
        vm.detail().follow(vm.results().stream().filter(r -> !r.type().equals(shown.type())).findFirst()
                .map(ResultRow::id).orElse("adr:0001"));
        String followed = vm.detail().idProperty().get();
        vm.search();
        assertEquals(followed, vm.detail().idProperty().get());
    }

    @Test
    void afterEscTheEmptiedPaneAsksForASelectionInsteadOfSayingTheOneShownIsNotAmongTheResults() {
        sync.syncNow();
        vm.queryProperty().set("idempotency");
        ResultRow lesson = vm.results().stream().filter(r -> r.type().equals("lesson")).findFirst().orElseThrow();
        vm.select(lesson);
        vm.toggleFacet("type", "pattern"); // the lesson is not among the patterns: the pane empties and says why
        assertEquals(DocumentDetailViewModel.NOT_IN_RESULTS, vm.detail().titleProperty().get());
        vm.search(); // the same search again (a sync finished): the message stays
        assertEquals(DocumentDetailViewModel.NOT_IN_RESULTS, vm.detail().titleProperty().get());

        vm.clearFilters(); // Esc: nothing is shown, so nothing "shown" can be missing from the results
        assertThat(vm.results()).isNotEmpty();
        assertEquals("", vm.detail().idProperty().get());
        assertEquals(DocumentDetailViewModel.NOTHING_SELECTED, vm.detail().titleProperty().get());
    }
}
