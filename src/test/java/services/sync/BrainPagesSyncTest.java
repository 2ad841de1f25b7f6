package services.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;
import testsupport.BrainPages;
import testsupport.Fixtures;

/** The sync over real Brain pages (running-system.md part 11): ids, types, facets, links, privacy, deletions. */
class BrainPagesSyncTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private VaultSync sync;
    private Path repo;

    @BeforeEach
    void setUp() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        repo = BrainPages.copyRepo(tmp.resolve("code"));
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"brain\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"repo\", \"brain\": [\"" + repo + "\"]}");
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.createDirectories(dir.resolve("repo/skills"));
        ws = Fixtures.loader().load(dir);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        sync = new VaultSync(ws, index, Fixtures.CLOCK);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private SyncResult run() {
        return sync.run(SyncOptions.all(), ProgressSink.NONE);
    }

    private KnowledgeDoc doc(String id) {
        return index.get(id).orElseThrow(() -> new AssertionError("no document " + id));
    }

    @Test
    void everyPageIsIndexedWithItsIdTypeAndFrontmatter() {
        SyncResult result = run();
        assertThat(result.errors()).isEmpty();
        assertEquals(11, index.search(KnowledgeQuery.all().withFilters(Map.of("tags", List.of("brain")))
                .withLimit(100)).hits().stream().filter(h -> h.doc().source().startsWith("brain:")).count());

        KnowledgeDoc decide = doc("brain:joelclaw/projects/recall-consumption/decide-briefing-distillation-contract");
        assertEquals("decision", decide.type());
        assertEquals("Decide the Session-Start Briefing Contract for the Distilled Layer", decide.title());
        assertEquals("closed", decide.status());
        assertThat(decide.tags()).contains("brain-type:step",
                "parent:brain:joelclaw/projects/recall-consumption/recall-consumption-brief");
        assertEquals(LocalDate.of(2026, 7, 13).atStartOfDay(ZoneOffset.UTC).toEpochSecond(),
                decide.createdAt());

        KnowledgeDoc truth = doc("brain:joelclaw/resources/decisions/files-are-truth-databases-are-projections");
        assertEquals("decision", truth.type());
        assertEquals("accepted", truth.status());

        KnowledgeDoc step = doc("brain:joelclaw/projects/recall-consumption/bench-neat-memory-curator");
        assertEquals("brain_page", step.type());
        assertThat(step.tags()).contains("blocker:brain:joelclaw/projects/recall-consumption/build-neat-memory-dm");
        assertThat(step.content()).startsWith("# Bench the Curator").doesNotContain("created_at");

        KnowledgeDoc titled = doc("brain:joelclaw/projects/bugle-redesign/editorial-layout-per-run");
        assertThat(titled.tags()).contains("blocker:title:Build the Bugle Design System");
    }

    @Test
    void privatePagesAreMarkedAndASecretAdjacentOneToo() {
        run();
        assertThat(doc("brain:joelclaw/projects/recall-consumption/recall-consumption-brief").tags())
                .contains("private");
        assertThat(doc("brain:joelclaw/projects/agent-secrets-service-account-migration").tags())
                .contains("private", "privacy:secret-adjacent");
        assertThat(doc("brain:joelclaw/resources/decisions/files-are-truth-databases-are-projections").tags())
                .doesNotContain("private");
    }

    @Test
    void componentsScriptsAndStylesAreNotSearchedButCodeIs() {
        run();
        KnowledgeDoc page = doc("brain:joelclaw/projects/brain-review-surface/review-receipts");
        assertThat(page.content()).contains("Receipts show the reviewer's decision beside the batch.",
                "The batch has a receipt.", "`<StatusPill label=\"x\" />`", "<DiagramFrame src=")
                .doesNotContain("scriptonlyword", "stylesonlyword", "<NoteCallout", "</NoteCallout>", "{#if",
                        "<ReviewReceipt", "tone=\"success\"");
        assertThat(page.tags()).contains("parent:brain:joelclaw/projects/recall-consumption/recall-consumption-brief",
                "blocker:brain:joelclaw/projects/recall-consumption/build-neat-memory-dm");
        assertThat(index.search(KnowledgeQuery.text("scriptonlyword", 10)).hits()).isEmpty();
        assertThat(index.search(KnowledgeQuery.text("reviewer's decision", 10)).hits()).isNotEmpty();
    }

    @Test
    void aBadPageIsReportedWithItsPathAndTheRestIsIndexed() throws Exception {
        Files.writeString(repo.resolve(".brain/projects/broken.svx"), "---\ntitle: [unclosed\n---\n# Broken\n");
        Files.writeString(repo.resolve(".brain/projects/wrong-type.svx"), "---\ntitle:\n  a: b\n---\n# Wrong\n");
        SyncResult result = run();
        assertThat(result.errors()).extracting(FileIssue::path)
                .containsExactlyInAnyOrder("joelclaw/.brain/projects/broken.svx", "joelclaw/.brain/projects/wrong-type.svx");
        assertThat(result.errors()).extracting(FileIssue::reason).anySatisfy(r -> assertThat(r).contains("YAML"))
                .anySatisfy(r -> assertThat(r).contains("'title' must be text"));
        assertThat(index.get("brain:joelclaw/resources/component-library")).isPresent();
    }

    @Test
    void aChangedPageIsReadAgainADeletedOneLeavesTheIndexAndAnUnchangedOneIsSkipped() throws Exception {
        run();
        Path page = repo.resolve(".brain/resources/component-library.svx");
        Files.writeString(page, Files.readString(page).replace("# Component Library", "# Component Library v2"));
        Files.setLastModifiedTime(page, FileTime.fromMillis(System.currentTimeMillis() + 5000));
        Files.delete(repo.resolve(".brain/projects/bugle-redesign/build-bugle-design-system.svx"));
        SyncResult second = run();
        assertEquals(1, second.deleted());
        assertEquals(1, second.filesChanged());
        assertThat(doc("brain:joelclaw/resources/component-library").title()).isEqualTo("Component Library v2");
        assertThat(index.get("brain:joelclaw/projects/bugle-redesign/build-bugle-design-system")).isEmpty();
        SyncResult third = run();
        assertEquals(0, third.filesChanged());
    }

    @Test
    void anIndexSharedWithTheRunningSystemGetsNoBrainPageAndLosesNone() throws Exception {
        run();
        Files.delete(repo.resolve(".brain/resources/component-library.svx"));
        Files.writeString(repo.resolve(".brain/projects/new-page.svx"), "---\ntitle: New\n---\n# New page\n");
        Files.writeString(repo.resolve(".brain/projects/broken.svx"), "---\ntitle: [unclosed\n---\n# Broken\n");
        SyncResult shared = new VaultSync(ws, index, Fixtures.CLOCK).withholdingBrainPagesFrom("Typesense system_knowledge")
                .run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(0, shared.deleted());
        assertEquals(0, shared.filesChanged());
        assertEquals(12, shared.brainPagesWithheld().read());
        assertThat(shared.summary()).endsWith(". Brain pages: 12 read, not written to Typesense system_knowledge — it is "
                + "the running system's collection; open a workspace with the embedded index to browse them.");
        assertThat(shared.errors()).extracting(FileIssue::path).containsExactly("joelclaw/.brain/projects/broken.svx");
        assertThat(index.get("brain:joelclaw/resources/component-library")).as("not deleted").isPresent();
        assertThat(index.get("brain:joelclaw/projects/new-page")).as("not written").isEmpty();
        DriftReport drift = new VaultSync(ws, index, Fixtures.CLOCK).withholdingBrainPagesFrom("Typesense x")
                .drift(SyncOptions.Scope.ALL, ProgressSink.NONE);
        assertThat(drift.missing()).as("a page is never expected there").noneMatch(id -> id.startsWith("brain:"));
        assertThat(drift.errors()).extracting(FileIssue::path).containsExactly("joelclaw/.brain/projects/broken.svx");

        SyncResult own = run(); // the embedded index again: what changed meanwhile reaches it
        assertThat(own.brainPagesWithheld()).isNull();
        assertEquals(1, own.deleted());
        assertThat(index.get("brain:joelclaw/resources/component-library")).isEmpty();
        assertThat(index.get("brain:joelclaw/projects/new-page")).isPresent();
        DriftReport ownDrift = sync.drift(SyncOptions.Scope.ALL, ProgressSink.NONE);
        assertThat(ownDrift.missing()).isEmpty();
        assertThat(ownDrift.orphaned()).isEmpty();
    }

    @Test
    void aMissingBrainFolderThatWasSyncedRefusesTheSync() throws Exception {
        run();
        Path moved = tmp.resolve("elsewhere");
        Files.move(repo.resolve(".brain"), moved);
        SyncRefused refused = assertThrows(SyncRefused.class, this::run);
        assertThat(refused.getMessage()).contains("the Brain folder").contains("brain[0]");
    }

    @Test
    void aMissingBrainFolderRefusesNothingWhereNoPageIsDeleted() throws Exception {
        run();
        Files.move(repo.resolve(".brain"), tmp.resolve("elsewhere"));
        SyncResult shared = new VaultSync(ws, index, Fixtures.CLOCK).withholdingBrainPagesFrom("Typesense system_knowledge")
                .run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(0, shared.deleted());
        assertThat(shared.warnings()).extracting(FileIssue::reason)
                .anySatisfy(r -> assertThat(r).contains("the Brain folder does not exist").contains("brain[0]"));
        assertThat(index.get("brain:joelclaw/resources/component-library")).isPresent();
        assertThrows(SyncRefused.class, this::run); // the embedded index would lose them: refused as before
    }

    @Test
    void aPrivatePageIsNeverCopiedToAnotherBackend() throws Exception {
        run();
        try (LuceneKnowledgeIndex other = new LuceneKnowledgeIndex(tmp.resolve("other"), 384)) {
            IndexCopy.Result r = IndexCopy.copy(index, other, ProgressSink.NONE);
            assertEquals(2, r.keptPrivate());
            assertThat(other.get("brain:joelclaw/projects/recall-consumption/recall-consumption-brief")).isEmpty();
            assertThat(other.get("brain:joelclaw/projects/agent-secrets-service-account-migration")).isEmpty();
            assertThat(other.get("brain:joelclaw/resources/component-library")).isPresent();
            assertThat(r.summary()).contains("2 private Brain pages not copied");
        }
    }

    @Test
    void aBrainKeyOfTheWrongShapeNamesTheKey() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dir.resolve("workspace.json"), "{\"brain\": \"~/Code/joelclaw\"}");
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> Fixtures.loader().load(dir));
        assertThat(e.getMessage()).contains("key 'brain'").contains("list of folders");
        Files.writeString(dir.resolve("workspace.json"), "{\"brain\": [\"" + tmp.resolve("nowhere") + "\"]}");
        assertThat(Fixtures.loader().load(dir).problems()).extracting(p -> p.message())
                .anySatisfy(m -> assertThat(m).startsWith("brain[0]: ").endsWith("does not exist"));
    }

    @Test
    void aDotBrainFolderItselfIsNamedForItsRepository() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws2"));
        Files.writeString(dir.resolve("workspace.json"), "{\"vault\": \"v\", \"skillsRepo\": \"r\", \"brain\": [\""
                + repo.resolve(".brain") + "\"]}");
        Workspace other = Fixtures.loader().load(dir);
        try (LuceneKnowledgeIndex idx = new LuceneKnowledgeIndex(other.indexDir(), 384)) {
            new VaultSync(other, idx, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(idx.get("brain:joelclaw/resources/component-library")).isPresent();
        }
    }
}
