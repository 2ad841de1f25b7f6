package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.recall.RecallService;
import services.sync.VaultSync;
import testsupport.Fixtures;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;

/** The Knowledge view models, on a real index, with the synchronous runner and no JavaFX toolkit. */
class KnowledgeViewModelTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private SynchronousTaskRunner runner;
    private SyncViewModel sync;
    private KnowledgeViewModel vm;

    @BeforeEach
    void setUp() {
        ws = Fixtures.loader().load(testsupport.Fixtures.demoWriter(Fixtures.CLOCK).write(tmp.resolve("d")).dir());
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        runner = new SynchronousTaskRunner();
        sync = new SyncViewModel(index, new VaultSync(ws, index, Fixtures.CLOCK), runner, Fixtures.CLOCK, false);
        vm = new KnowledgeViewModel(index, new DocumentDetailViewModel(index, ws, runner, ZoneOffset.UTC), runner,
                ZoneOffset.UTC);
        sync.setAfterSync(vm::search);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

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
    void anAdrShowsItsOwnDateBesideTheDateItWasWritten() {
        sync.syncNow();
        vm.queryProperty().set("Record architecture decisions");
        vm.toggleFacet("type", "adr");
        ResultRow adr = vm.results().stream().filter(r -> r.id().startsWith("adr:0001")).findFirst().orElseThrow();
        vm.select(adr);
        assertThat(vm.detail().metadataProperty().get()).contains(" · dated 2024-11-02 · written ");
    }

    /** A result row of an ADR shows its own date, never the day a sync wrote it (the same for every ADR). */
    @Test
    void anAdrRowShowsItsOwnDateNotTheSyncs() {
        sync.syncNow();
        String syncDay = LocalDate.ofInstant(Fixtures.CLOCK.instant(), ZoneOffset.UTC).toString();
        vm.toggleFacet("type", "adr");
        ResultRow first = vm.results().stream().filter(r -> r.id().equals("adr:0001")).findFirst().orElseThrow();
        assertThat(first.about()).isEqualTo("adr · accepted · dated 2024-11-02");
        assertThat(vm.results()).allSatisfy(r -> assertThat(r.about()).doesNotContain(syncDay));
        vm.toggleFacet("type", "adr");
        vm.toggleFacet("type", "lesson");
        assertThat(vm.results()).isNotEmpty().allSatisfy(r -> assertThat(r.about()).endsWith(" · " + r.date())
                .matches(".* · \\d{4}-\\d{2}-\\d{2}"));
    }

    /**
     * Most of the running system's ADRs write their date in the frontmatter, which the indexed content leaves out:
     * every demo ADR — frontmatter, plain or bold — shows its own date, read from its file; the scraped form
     * ({@code ADR-0199accepted}) has none to show.
     */
    @Test
    void everyAdrShowsItsOwnDateHoweverItWritesIt() {
        sync.syncNow();
        var adrs = index.search(KnowledgeQuery.all()
                .withFilter("type", List.of("adr")).withLimit(200)).hits();
        assertThat(adrs).hasSizeGreaterThan(30);
        List<String> undated = new ArrayList<>();
        for (var hit : adrs) {
            vm.detail().open(hit.doc().id());
            String meta = vm.detail().metadataProperty().get();
            if (!meta.contains(" · dated ")) {
                undated.add(hit.doc().id());
            }
        }
        assertThat(undated).containsExactly("adr:0199");
    }

    /**
     * The result row and the detail say the same date for every ADR — one written only in its file's frontmatter
     * too (the row showed none, the detail "dated 2024-11-20", `search` the same as the detail).
     */
    @Test
    void everyAdrRowSaysTheDateItsDetailSays() {
        sync.syncNow();
        vm.toggleFacet("type", "adr");
        assertThat(vm.results()).hasSizeGreaterThan(30);
        List<String> differ = new ArrayList<>();
        for (ResultRow row : List.copyOf(vm.results())) {
            vm.detail().open(row.id());
            String meta = vm.detail().metadataProperty().get();
            String detailDate = meta.contains(" · dated ") ? "dated " + meta.split(" · dated ")[1].split(" · ")[0] : "";
            if (!row.date().equals(detailDate)) {
                differ.add(row.id() + ": row '" + row.date() + "', detail '" + detailDate + "'");
            }
        }
        assertThat(differ).isEmpty();
        assertThat(vm.results().stream().filter(r -> r.date().startsWith("dated ")).count())
                .isEqualTo(vm.results().size() - 1); // all but the scraped ADR-0199accepted
    }

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

    @Test
    void resultsCarryASnippetWithTheSearchedWordsMarked() {
        sync.syncNow();
        vm.queryProperty().set("idempotency");
        ResultRow first = vm.results().get(0);
        List<Snippet.Part> parts = new ArrayList<>(first.titleParts());
        parts.addAll(first.snippet());
        assertThat(parts).anyMatch(p -> p.match() && p.text().toLowerCase().startsWith("idempoten"));
        assertThat(first.snippet()).isNotEmpty();
        String snippet = first.snippet().stream().map(Snippet.Part::text).reduce("", String::concat);
        assertThat(snippet.length()).isLessThanOrEqualTo(Snippet.LENGTH + 4);
        assertThat(snippet).doesNotContain("\n").doesNotContain("##");
    }

    /** The demo's retro writes the story "Index retros | lessons into system_knowledge" as retro.ts does ({@code \\|}). */
    @Test
    void aRetrosSnippetShowsAStoryTitleAsWrittenWithItsPipeAndUnderscore() {
        sync.syncNow();
        vm.queryProperty().set("Index retros lessons");
        String snippets = vm.results().stream().filter(r -> r.type().equals("retro"))
                .map(r -> r.snippet().stream().map(Snippet.Part::text).reduce("", String::concat))
                .reduce("", (a, b) -> a + "\n" + b);
        assertThat(snippets).contains("Index retros | lessons into system_knowledge")
                .doesNotContain("retros lessons into systemknowledge");
    }

    @Test
    void markingFindsWordStartsIgnoringCase() {
        List<Snippet.Part> parts = Snippet.mark("Retry the retried job; no Preretry here.", Snippet.terms("retr JOB"));
        assertThat(parts).filteredOn(Snippet.Part::match).extracting(Snippet.Part::text)
                .containsExactly("Retry", "retried", "job");
        String around = Snippet.around("# Title\n\n" + "x ".repeat(100) + "on a **retry** the job sends the email twice "
                + "y ".repeat(100), Snippet.terms("retry"));
        assertThat(around).startsWith("…").endsWith(" …").contains("on a retry the job sends the email twice")
                .doesNotContain("#").doesNotContain("**");
        assertThat(around.length()).isLessThanOrEqualTo(Snippet.LENGTH + 4);
    }

    /** Words of the searched word's stem are marked (the search found them by it); the index's stop words are not. */
    @Test
    void markingFollowsTheStemAndLeavesStopWords() {
        List<Snippet.Part> parts = Snippet.mark("Retries of a retried job: the loop retries from the start.",
                Snippet.terms("retry the job"));
        assertThat(parts).filteredOn(Snippet.Part::match).extracting(Snippet.Part::text)
                .containsExactly("Retries", "retried", "job", "retries");
        assertThat(Snippet.terms("the of a")).isEmpty(); // the index's stop words: it does not search them
    }

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
