package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.sync.FileIssue;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** Issue #25 point 6 and the long question of point 9: one long value or question never blocks the rest. */
class IndexBoundsTest {

    @TempDir
    Path tmp;

    @Test
    void aNineThousandCharacterTagOrProjectIsReportedByFileAndEveryOtherNewFileLands() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        String huge = "x".repeat(9_000);
        Files.writeString(ws.adrDir().resolve("0800-long-tag.md"), "---\ntags: [" + huge + "]\nstatus: accepted\n---\n"
                + "# ADR-0800: Long tag\n\nBody.\n");
        Files.writeString(ws.retrosDir().resolve("loop-longproject.md"), "---\nloopId: loop-longproject\nproject: \"é"
                + "é".repeat(9_000) + "\"\ndate: 2026-11-01\nstoriesCompleted: 1\nstoriesFailed: 0\nstoriesSkipped: 0\n"
                + "---\n# Loop\n\n## Summary\nFine.\n");
        Files.writeString(ws.adrDir().resolve("0801-ordinary.md"), "# ADR-0801: Ordinary\n\nStatus: accepted\n\nBody.\n");
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            SyncResult result = new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            Map<String, String> errors = result.errors().stream().collect(Collectors.toMap(
                    FileIssue::path, FileIssue::reason));
            assertThat(errors.get("docs/decisions/0800-long-tag.md")).contains("tag").contains("9000 characters");
            assertThat(errors.get("system/retrospectives/loop-longproject.md")).contains("project");
            assertThat(index.get("adr:0801")).isPresent();
            assertThat(index.countsByType().get("adr")).isGreaterThan(40);
            assertThat(index.get("adr:0800")).isEmpty();
        }
    }

    @Test
    void theIndexCutsAnImmenseValueAndRejectsOnlyTheDocumentItCannotTake() throws Exception {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(tmp.resolve("i"), 384)) {
            String immense = "y".repeat(40_000);
            KnowledgeDoc odd = new KnowledgeDoc("turn:odd", "turn_note", "Odd", "text", "turn:x", immense, immense,
                    immense, null, List.of(immense, "ok"), 1, null);
            KnowledgeDoc fine = new KnowledgeDoc("lesson:fine", "lesson", "Fine", "text", "vault:x", "p", null, null,
                    null, List.of("lesson"), 1, null);
            index.upsert(List.of(odd, fine));
            assertThat(index.get("turn:odd")).isPresent();
            assertThat(index.get("lesson:fine")).isPresent();
            SearchResult all = index.search(KnowledgeQuery.text("", 10).withFacets(true));
            assertEquals(2, all.total());
            assertThat(all.facets().get("project")).allMatch(c -> c.value().length() <= 1000);
        }
    }

    @Test
    void aVeryLongQuestionIsSearchedByItsFirstWordsInsteadOfFailing() throws Exception {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(tmp.resolve("i"), 384)) {
            index.upsert(List.of(new KnowledgeDoc("lesson:a", "lesson", "Retries need idempotency keys", "why retry",
                    "vault:x", null, null, null, null, List.of(), 1, null)));
            StringBuilder words = new StringBuilder("idempotency retry");
            for (int i = 0; i < 3_000; i++) {
                words.append(" word").append(i).append("-part").append(i);
            }
            SearchResult any = index.search(KnowledgeQuery.text(words.toString(), 10).matchingAny());
            assertThat(any.hits()).extracting(h -> h.doc().id()).contains("lesson:a");
            index.search(KnowledgeQuery.text(words.toString(), 10).withFacets(true)); // every word: no match, no failure
            // Unbalanced quotes, operators and a long hyphenated run: still no failure.
            index.search(KnowledgeQuery.text("\"" + "a-".repeat(5_000) + " | -(" + "b* ".repeat(2_000), 10));
        }
    }
}
