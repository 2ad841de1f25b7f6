package services.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.knowledge.DocumentsRejected;
import services.knowledge.ForwardingKnowledgeIndex;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The sync against the demo vault (every format variant, every deliberate bad file) and a real Lucene index. */
class VaultSyncTest {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-01T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private VaultSync sync;

    @BeforeEach
    void setUp() {
        Path dir = Fixtures.demoAt(tmp.resolve("demo"));
        ws = Fixtures.loader().load(dir);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        sync = new VaultSync(ws, index, CLOCK, 64 * 1024);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private Map<String, String> errors(SyncResult result) {
        return result.errors().stream().collect(Collectors.toMap(FileIssue::path, FileIssue::reason));
    }

    @Test
    void fullSyncIndexesEveryKindWithTheContractsIdsAndReportsEachBadFile() {
        SyncResult result = sync.run(SyncOptions.all(), ProgressSink.NONE);
        Map<String, Long> counts = index.countsByType();
        assertEquals(42L, counts.get("adr"));
        assertEquals(11L, counts.get("skill"));
        assertEquals(10L, counts.get("retro"));
        assertEquals(10L, counts.get("brain_note"));
        assertEquals(9L, counts.get("pattern"), "one loop's retro says 'No codebase patterns found': no pattern");
        assertEquals(30L, counts.get("lesson"));
        assertThat(counts.get("failed_target")).isGreaterThan(0);
        assertEquals(result.indexed(), index.status().documents());

        assertThat(errors(result)).containsOnly(
                Map.entry("skills/support-triage", "symlink to /Users/joel/Code/skillrecordings/support/skills/"
                        + "support-triage, which does not exist; not indexed"),
                Map.entry("docs/decisions/0090-broken-frontmatter.md",
                        errors(result).get("docs/decisions/0090-broken-frontmatter.md")),
                Map.entry("docs/decisions/0094-latin1-encoding.md", "not valid UTF-8 (bad byte at offset 15)"),
                Map.entry("docs/decisions/0099-architecture-diagram.md",
                        "binary content (a NUL byte at offset 8), not a text file"),
                Map.entry("skills/notes-draft/", "skill folder has no SKILL.md; not indexed"),
                Map.entry("skills/release-notes/SKILL.md", errors(result).get("skills/release-notes/SKILL.md")),
                Map.entry("system/retrospectives/loop-mmbroken-000000.md",
                        errors(result).get("system/retrospectives/loop-mmbroken-000000.md")));
        assertThat(errors(result).get("docs/decisions/0090-broken-frontmatter.md"))
                .startsWith("broken YAML frontmatter at line 4");
        assertThat(errors(result).get("skills/release-notes/SKILL.md")).startsWith("broken YAML frontmatter at line 3");
        assertThat(result.warnings()).containsExactly(new FileIssue("docs/decisions/0042-retrieval-duplicate-number.md",
                "duplicate ADR number 0042 (also used by docs/decisions/0042-retrieval-before-implementation.md, which "
                        + "keeps adr:0042): indexed as adr:0042:retrieval-duplicate-number"), new FileIssue(
                "docs/decisions/0202-turn-level-knowledge-writes.md", "unknown status \"brainstorm\" (kept as it is)"));
    }

    @Test
    void documentsFollowTheContract() {
        sync.run(SyncOptions.all(), ProgressSink.NONE);
        KnowledgeDoc adr = index.get("adr:0096").orElseThrow();
        assertEquals("ADR-0096: Recall budget profiles", adr.title());
        assertEquals("vault:docs/decisions/0096-recall-budget-profiles.md", adr.source());
        assertEquals("accepted", adr.status());
        assertEquals(List.of("adr", "recall", "retrieval", "budget"), adr.tags());
        assertThat(adr.score()).isBetween(0, 100);
        assertEquals(CLOCK.instant().getEpochSecond(), adr.createdAt());
        assertEquals("Close the Loop — Reflect Brain, Failed Targets, and Mise Brief", index.get("adr:0199").orElseThrow().title());

        KnowledgeDoc skill = index.get("skill:agent-loop").orElseThrow();
        assertEquals("agent-loop", skill.title());
        assertThat(skill.content()).startsWith("Run a multi-story coding loop from a PRD: plan stories");

        KnowledgeDoc failed = index.search(KnowledgeQuery.text("", 1)
                .withFilters(Map.of("type", List.of("failed_target")))).hits().get(0).doc();
        assertThat(failed.id()).matches("failed_target:loop-[a-z0-9]+-[a-z0-9]{6}:S\\d+");
        assertThat(failed.title()).startsWith("Failed: ");
        assertThat(failed.content()).matches("Story S\\d+ failed after 3 attempt\\(s\\) with \\w+\\. Loop: loop-.*, Project: .*");
        assertEquals(List.of("failed_target", "loop"), failed.tags());
        assertThat(failed.createdAt()).isLessThan(CLOCK.instant().getEpochSecond());
    }

    @Test
    void unchangedFilesAreSkippedChangedOnesReindexedDeletedOnesDeleted() throws Exception {
        SyncResult first = sync.run(SyncOptions.all(), ProgressSink.NONE);
        SyncResult again = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(0, again.indexed());
        assertEquals(first.indexed(), again.unchanged());
        assertEquals(0, again.deleted());

        Path adr = ws.adrDir().resolve("0001-record-architecture-decisions.md");
        Files.writeString(adr, Files.readString(adr).replace("Status: accepted", "Status: superseded"));
        Files.delete(ws.adrDir().resolve("0003-inngest-durable-workflows.md"));
        SyncResult third = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(1, third.indexed());
        assertEquals(1, third.deleted());
        assertEquals("superseded", index.get("adr:0001").orElseThrow().status());
        assertTrue(index.get("adr:0003").isEmpty());
    }

    @Test
    void aRenamedFileMovesItsDocuments() throws Exception {
        sync.run(SyncOptions.all(), ProgressSink.NONE);
        Files.move(ws.adrDir().resolve("0005-redis-for-loop-state.md"), ws.adrDir().resolve("0005-redis-state.md"));
        SyncResult result = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(0, result.deleted());
        assertEquals("vault:docs/decisions/0005-redis-state.md", index.get("adr:0005").orElseThrow().source());
    }

    @Test
    void aFileThatBreaksKeepsItsEarlierDocuments() throws Exception {
        sync.run(SyncOptions.all(), ProgressSink.NONE);
        Path adr = ws.adrDir().resolve("0016-idempotent-story-dispatch.md");
        Files.writeString(adr, "---\nstatus: [broken\n---\n");
        SyncResult result = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertThat(errors(result)).containsKey("docs/decisions/0016-idempotent-story-dispatch.md");
        assertEquals("Idempotent story dispatch", index.get("adr:0016").orElseThrow().title());
        assertEquals(0, result.deleted());
    }

    @Test
    void oversizedFilesAndSymlinkLoopsAreReportedAndTheRestCompletes() throws Exception {
        Files.write(ws.adrDir().resolve("0500-huge.md"), "x".repeat(70 * 1024).getBytes(StandardCharsets.UTF_8));
        Files.createSymbolicLink(ws.adrDir().resolve("0501-loop.md"), ws.adrDir().resolve("0502-loop.md"));
        Files.createSymbolicLink(ws.adrDir().resolve("0502-loop.md"), ws.adrDir().resolve("0501-loop.md"));
        SyncResult result = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals("file is too large (70 KiB; the limit is 64 KiB)", errors(result).get("docs/decisions/0500-huge.md"));
        assertThat(errors(result).get("docs/decisions/0501-loop.md")).startsWith("symbolic link loop");
        assertEquals(42L, index.countsByType().get("adr"));
    }

    @Test
    void scopedSyncsTouchOnlyTheirOwnDocuments() throws Exception {
        SyncResult adrs = sync.run(new SyncOptions(false, SyncOptions.Scope.ADRS), ProgressSink.NONE);
        assertEquals(42, adrs.indexed());
        assertEquals(Set.of("adr"), index.countsByType().keySet());
        sync.run(new SyncOptions(false, SyncOptions.Scope.SKILLS), ProgressSink.NONE);
        assertEquals(Set.of("adr", "skill"), index.countsByType().keySet());
    }

    @Test
    void dryRunReportsDriftAndWritesNothing() throws Exception {
        DriftReport before = sync.drift(SyncOptions.Scope.ALL, ProgressSink.NONE);
        assertThat(before.missing()).contains("adr:0001", "skill:agent-loop");
        assertEquals(0, index.status().documents());

        sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertTrue(sync.drift(SyncOptions.Scope.ALL, ProgressSink.NONE).inSync());

        Path adr = ws.adrDir().resolve("0001-record-architecture-decisions.md");
        Files.writeString(adr, Files.readString(adr) + "\nMore.\n");
        Files.delete(ws.skillsDir().resolve("k8s-cluster/SKILL.md"));
        Files.writeString(ws.adrDir().resolve("0600-new.md"), "# New\n\nStatus: proposed\n");
        DriftReport drift = sync.drift(SyncOptions.Scope.ALL, ProgressSink.NONE);
        assertEquals(List.of("adr:0600"), drift.missing());
        assertEquals(List.of("docs/decisions/0001-record-architecture-decisions.md"), drift.stale());
        assertEquals(List.of("skill:k8s-cluster"), drift.orphaned());
        assertTrue(index.get("skill:k8s-cluster").isPresent(), "a dry run deletes nothing");
    }

    @Test
    void cancellingKeepsWhatWasWrittenAndTheNextSyncFinishes() {
        AtomicInteger seen = new AtomicInteger();
        ProgressSink cancelAfterTen = new ProgressSink() {
            @Override
            public void update(double fraction, String message) {
                seen.incrementAndGet();
            }

            @Override
            public boolean isCancelled() {
                return seen.get() > 10;
            }
        };
        assertThrows(TaskCancelledException.class, () -> sync.run(SyncOptions.all(), cancelAfterTen));
        long partial = index.status().documents();
        assertThat(partial).isGreaterThan(0);
        SyncResult rest = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(partial, rest.unchanged());
        assertEquals(partial + rest.indexed(), index.status().documents());
    }

    @Test
    void aDroppedIndexIsRebuiltInFull() {
        sync.run(SyncOptions.all(), ProgressSink.NONE);
        long count = index.status().documents();
        index.recreate();
        SyncResult result = sync.run(SyncOptions.all(), ProgressSink.NONE);
        assertEquals(count, result.indexed());
    }

    @Test
    void aDocumentTheIndexRejectsBecomesAnErrorOfItsFileWhichIsReadAgainNextTime() {
        Picky picky = new Picky(index, "adr:0001");
        VaultSync withPicky = new VaultSync(ws, picky, CLOCK, 64 * 1024);
        SyncResult first = withPicky.run(SyncOptions.all(), ProgressSink.NONE);
        assertThat(first.errors()).anySatisfy(e -> assertThat(e.reason())
                .isEqualTo("document adr:0001 was rejected by the index: Field `status` must be a string."));
        assertThat(index.get("adr:0001")).isEmpty();
        assertThat(index.get("adr:0003")).isPresent();
        picky.refused.clear();
        withPicky.run(SyncOptions.all(), ProgressSink.NONE);
        assertThat(index.get("adr:0001")).isPresent();
    }

    /** An index that rejects some ids the way Typesense's import does: the rest of the batch lands. */
    private static final class Picky extends ForwardingKnowledgeIndex {
        final Set<String> refused = new HashSet<>();

        Picky(KnowledgeIndex inner, String... ids) {
            super(inner);
            refused.addAll(List.of(ids));
        }

        @Override
        public void upsert(List<KnowledgeDoc> docs) {
            Map<String, String> rejected = new LinkedHashMap<>();
            index.upsert(docs.stream().filter(d -> {
                if (refused.contains(d.id())) {
                    rejected.put(d.id(), "Field `status` must be a string.");
                    return false;
                }
                return true;
            }).toList());
            if (!rejected.isEmpty()) {
                throw new DocumentsRejected("Typesense", rejected);
            }
        }

        @Override
        public void close() { // the test closes the index it wraps
        }
    }
}
