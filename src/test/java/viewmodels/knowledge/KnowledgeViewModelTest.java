package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.recall.RecallService;
import services.sync.VaultSync;
import testsupport.Fixtures;

/** The Knowledge view models, on a real index, with the synchronous runner and no JavaFX toolkit: search, sort, paging, sync, recall preview, semantic ranking. */
class KnowledgeViewModelTest extends KnowledgeFixture {

    @Test
    void anEmptyIndexSaysWhatToDoAndStartSyncsIt() {
        vm.search();
        assertTrue(vm.indexEmptyProperty().get());
        assertThat(vm.messageProperty().get()).startsWith("The index is empty. Run a sync");
        sync.start();
        assertThat(sync.statusProperty().get()).startsWith("Index: lucene · 11").endsWith("last sync just now");
        assertThat(sync.lastResultProperty().get()).startsWith("Last sync: indexed 1");
        assertThat(sync.issues()).anyMatch(i -> i.startsWith("error · docs/decisions/0094-latin1-encoding.md: not valid UTF-8"));
        assertEquals("", vm.messageProperty().get());
        assertThat(vm.results()).hasSizeGreaterThan(100);
    }

    @Test
    void searchAsYouTypeNarrowsByFacetAndClears() {
        sync.syncNow();
        vm.queryProperty().set("idempotency");
        long all = vm.results().size();
        assertThat(vm.facet("type")).anyMatch(f -> f.value().equals("lesson") && f.count() >= 1);
        vm.toggleFacet("type", "lesson");
        assertThat(vm.results()).isNotEmpty().allMatch(r -> r.type().equals("lesson"));
        assertThat(vm.facet("type")).anyMatch(f -> f.value().equals("lesson") && f.selected());
        assertThat(vm.facet("type")).anyMatch(f -> f.value().equals("adr") && !f.selected() && f.count() >= 1);
        vm.queryProperty().set("nothing-like-this-anywhere");
        assertThat(vm.messageProperty().get()).startsWith("No documents match \"nothing-like-this-anywhere\"");
        vm.clearFilters();
        assertEquals("", vm.queryProperty().get());
        assertThat((long) vm.results().size()).isGreaterThan(all);
    }

    @Test
    void sortAndPaging() {
        sync.syncNow();
        assertTrue(vm.hasMoreProperty().get() == (vm.results().size() < index.status().documents()));
        vm.sortProperty().set(SortChoice.SCORE);
        assertThat(vm.results().get(0).type()).isEqualTo("adr");
        assertThat(vm.summaryProperty().get()).contains(" documents");
    }

    @Test
    void recallPreviewShowsTheImplementorsInjectionThenThreeBudgets() {
        sync.syncNow();
        RecallViewModel recall = new RecallViewModel(new RecallService(index), runner);
        recall.preview();
        assertThat(recall.messageProperty().get()).isEqualTo("Type a story title or a question first.");
        recall.questionProperty().set("why do we commit approved skill changes to a review branch");
        recall.preview();
        assertThat(recall.columns()).extracting(RecallViewModel.Column::budget)
                .containsExactly("implementor", "lean", "balanced", "deep");
        RecallViewModel.Column implementor = recall.columns().get(0);
        assertThat(implementor.injectedIds()).hasSizeLessThanOrEqualTo(2)
                .allMatch(id -> id.matches("(lesson|pattern|failed_target|retro):.*"));
        assertThat(recall.columns().get(3).injectedIds()).contains("adr:0141");
        // what the Recall screen's lean and deep columns show (moved here from a whole-window Knowledge UI test)
        assertThat(recall.columns().get(1).context()).startsWith("## System Context");
        assertThat(recall.columns().get(3).context()).contains("Commit approvals to a review branch");
        assertEquals("auto would use deep for this question", recall.autoChoiceProperty().get());
    }

    @Test
    void theImplementorColumnFollowsTheStorysDescriptionAndProject() {
        sync.syncNow();
        RecallViewModel recall = new RecallViewModel(new RecallService(index), runner);
        recall.loadProjects();
        assertThat(recall.projects()).isNotEmpty();
        KnowledgeDoc lesson = index.search(KnowledgeQuery.text("idempotency key", 1)
                .withFilters(Map.of("type", List.of("lesson")))).hits().get(0).doc();
        String project = lesson.project();
        assertThat(recall.projects()).contains(project);
        recall.questionProperty().set(lesson.title());
        recall.descriptionProperty().set("");
        recall.projectProperty().set(project);
        recall.preview();
        RecallViewModel.Column implementor = recall.columns().get(0);
        assertThat(implementor.heading()).contains("project " + project);
        assertThat(implementor.injectedIds()).contains(lesson.id()).hasSizeLessThanOrEqualTo(2)
                .allMatch(id -> index.get(id).orElseThrow().project().equals(project));
        assertThat(implementor.context()).startsWith("## System Context (from prior loops)\n\n### [")
                .contains("### [lesson] " + lesson.title() + "\n" + lesson.content());
        recall.projectProperty().set("no-such-project"); // a preview on screen follows the project chosen
        assertThat(recall.columns().get(0).heading()).contains("project no-such-project");
        assertThat(recall.columns().get(0).injectedIds()).isEmpty();
        assertThat(recall.columns().get(0).context()).startsWith("(nothing: the implementor leaves the section out)");
    }

    @Test
    void readOnlyWorkspacesDoNotSync() {
        SyncViewModel readOnly = new SyncViewModel(index, new VaultSync(ws, index, Fixtures.CLOCK), runner,
                Fixtures.CLOCK, true);
        readOnly.start();
        readOnly.syncNow();
        assertEquals(0, index.status().documents());
        assertEquals("This workspace is read-only: sync is disabled.", readOnly.lastResultProperty().get());
    }

    @Test
    void turningSemanticOnSortsByBestMatchWhereMeaningRanksAndTheHintSaysSo() {
        sync.start();
        vm.setSemanticAvailable(true);
        vm.sortProperty().set(SortChoice.NEWEST);
        vm.queryProperty().set("zzqx nothing like this");
        assertThat(vm.messageProperty().get()).contains("Semantic (Ctrl+M) to search by meaning");
        vm.semanticProperty().set(true);
        assertEquals(SortChoice.BEST_MATCH, vm.sortProperty().get());
        vm.sortProperty().set(SortChoice.NEWEST); // the user sorts by date again: keyword search, and the hint says why
        assertThat(vm.messageProperty().get()).contains("Best match (Semantic ranks by meaning only there)")
                .doesNotContain("Ctrl+M");
    }
}
