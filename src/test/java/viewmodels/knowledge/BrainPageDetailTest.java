package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.BrainPages;
import testsupport.Fixtures;

/** A Brain page in the detail pane: its parent and blockers one click away, marked private, its file found. */
class BrainPageDetailTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private DocumentDetailViewModel detail;
    private Path repo;

    @BeforeEach
    void setUp() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        repo = BrainPages.copyRepo(tmp.resolve("code"));
        Files.writeString(dir.resolve("workspace.json"), "{\"vault\": \"v\", \"skillsRepo\": \"r\", \"brain\": [\""
                + repo + "\"]}");
        Workspace ws = Fixtures.loader().load(dir);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        detail = new DocumentDetailViewModel(index, ws, new SynchronousTaskRunner(), ZoneOffset.UTC);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    @Test
    void parentAndBlockersAreOneClickAway() {
        detail.open("brain:joelclaw/projects/recall-consumption/bench-neat-memory-curator");
        assertThat(detail.provenance()).extracting(LinkRow::label).containsExactly(
                "Parent — Brain page: Chart Recall Consumption: How Agents and Surfaces Use the Distilled Layer",
                "Blocker — Brain page: Build the Neat-Memory DM: observer occasionally sends Joel a memory worth smiling at");
        detail.follow(detail.provenance().get(0).id());
        assertEquals("brain:joelclaw/projects/recall-consumption/recall-consumption-brief", detail.idProperty().get());
        assertThat(detail.metadataProperty().get()).contains("private page").doesNotContain("parent:");
        assertThat(detail.sourceFileProperty().get()).isEqualTo(repo.resolve(
                ".brain/projects/recall-consumption/recall-consumption-brief.svx").toString());
    }

    @Test
    void aBlockerNamedByItsTitleOpensThatPage() {
        detail.open("brain:joelclaw/projects/bugle-redesign/editorial-layout-per-run");
        LinkRow blocker = detail.provenance().stream().filter(l -> l.label().startsWith("Blocker")).findFirst()
                .orElseThrow();
        assertEquals("brain:joelclaw/projects/bugle-redesign/build-bugle-design-system", blocker.id());
        LinkRow parent = detail.provenance().get(0); // the brief is not among the copied pages
        assertThat(parent.label()).endsWith("(not indexed)");
        detail.follow(parent.id());
        assertEquals("brain:joelclaw/projects/bugle-redesign/editorial-layout-per-run", detail.idProperty().get());
    }

    @Test
    void theTagsFacetShowsThePageTypesNotTheLinks() {
        SearchCriteria criteria = new SearchCriteria(() -> { });
        SearchResult all = index.search(KnowledgeQuery.all().withFacets(true).withLimit(0));
        criteria.showFacets(all);
        assertThat(criteria.facet("tags")).extracting(FacetValue::value).contains("brain-type:step", "private")
                .noneMatch(v -> v.startsWith("parent:") || v.startsWith("blocker:"));
        assertThat(criteria.facet("type")).extracting(FacetValue::value).contains("decision", "brain_page");
    }
}
