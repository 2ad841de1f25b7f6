package viewmodels.overview;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.review.Proposal;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.SyncSources;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;
import testsupport.Fixtures;

class OverviewViewModelTest {

    @TempDir
    Path tmp;

    @Test
    void showsFoldersAndCounts() {
        Path dir = testsupport.Fixtures.demoWriter(Clock.fixed(Instant.parse("2026-11-01T00:00:00Z"), ZoneOffset.UTC))
                .write(tmp.resolve("demo")).dir();
        Workspace ws = Fixtures.loader().load(dir);
        OverviewViewModel vm = new OverviewViewModel(ws, new WorkspaceInventory(), () -> SyncSources.of(ws),
                new SynchronousTaskRunner());
        vm.refresh();
        assertEquals("demo", vm.headingProperty().get());
        assertThat(vm.locations()).extracting(OverviewViewModel.LocationRow::key)
                .containsExactly("vault", "skillsRepo", "behaviourRepo", "dreamDir", "profilesDir");
        assertThat(vm.locations()).allMatch(OverviewViewModel.LocationRow::usable);
        // before a sync nothing can be said of what is indexed
        assertThat(vm.figures()).contains(new OverviewViewModel.Figure("Skills", "14", "not synced yet", ""),
                new OverviewViewModel.Figure("Brain notes", "10", "not synced yet", ""));
    }

    /** The Proposals card says how many of them wait for a decision and how many are invalid, as Review counts them. */
    @Test
    void theProposalsCardSaysHowManyAreOpenAndInvalid() {
        Path dir = testsupport.Fixtures.demoWriter(Clock.fixed(Instant.parse("2026-11-01T00:00:00Z"), ZoneOffset.UTC))
                .write(tmp.resolve("demo")).dir();
        Workspace ws = Fixtures.loader().load(dir);
        var review = new ReviewService(ws, Clock.systemUTC());
        List<Proposal> all = review.proposals();
        long open = all.stream().filter(p -> p.valid() && p.open()).count();
        long invalid = all.stream().filter(p -> !p.valid()).count();
        assertThat(open).isPositive();
        assertThat(invalid).isPositive();
        OverviewViewModel vm = new OverviewViewModel(ws, new WorkspaceInventory(), () -> SyncSources.of(ws),
                review::proposals, new SynchronousTaskRunner());
        vm.refresh();
        assertThat(vm.figures()).contains(new OverviewViewModel.Figure("Proposals", Integer.toString(all.size()),
                open + " open · " + invalid + " invalid", ""));
    }

    /**
     * The figures count the files the sync reads, and say how many of them its last run could not index — so
     * "45 ADR files" beside 42 ADRs in the index is explained, not a puzzle.
     */
    @Test
    void saysWhichFilesTheLastSyncCouldNotIndex() throws Exception {
        Path dir = testsupport.Fixtures.demoWriter(Clock.fixed(Instant.parse("2026-11-01T00:00:00Z"), ZoneOffset.UTC))
                .write(tmp.resolve("demo")).dir();
        Workspace ws = Fixtures.loader().load(dir);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(tmp.resolve("index"), 384)) {
            new VaultSync(ws, index, Clock.systemUTC()).run(SyncOptions.all(), ProgressSink.NONE);
            OverviewViewModel vm = new OverviewViewModel(ws, new WorkspaceInventory(), () -> SyncSources.of(ws),
                    new SynchronousTaskRunner());
            vm.refresh();
            OverviewViewModel.Figure adrs = figure(vm, "ADR files");
            long indexedAdrs = index.search(KnowledgeQuery.all().withFilter("type", List.of("adr")).withLimit(1))
                    .total();
            assertEquals(Integer.parseInt(adrs.value()) - 3, indexedAdrs, "three ADR files are unreadable");
            assertEquals("3 not indexed", adrs.note());
            assertThat(adrs.detail()).contains("docs/decisions/0090-broken-frontmatter.md: broken YAML frontmatter",
                    "docs/decisions/0094-latin1-encoding.md: not valid UTF-8");
            // a dangling link, a folder without SKILL.md and broken frontmatter: listed, counted, not indexed
            OverviewViewModel.Figure skills = figure(vm, "Skills");
            assertEquals("3 not indexed", skills.note());
            assertThat(skills.detail()).contains("skills/support-triage", "skills/notes-draft/",
                    "skills/release-notes/SKILL.md");
            assertEquals("1 not indexed", figure(vm, "Retros").note());
            assertEquals(new OverviewViewModel.Figure("Brain notes", "10"), figure(vm, "Brain notes"));
        }
    }

    private static OverviewViewModel.Figure figure(OverviewViewModel vm, String label) {
        return vm.figures().stream().filter(f -> f.label().equals(label)).findFirst().orElseThrow();
    }
}
