package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded index against a real Lucene directory on disk. */
class LuceneKnowledgeIndexTest {

    @TempDir
    Path dir;

    private LuceneKnowledgeIndex index;

    static KnowledgeDoc doc(String id, String type, String title, String content, String project, String status,
                            Integer score, long created, String... tags) {
        return new KnowledgeDoc(id, type, title, content, "vault:x", project, null, status, score, List.of(tags),
                created, null);
    }

    @BeforeEach
    void open() {
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 4);
        index.upsert(List.of(
                doc("adr:0016", "adr", "Idempotent story dispatch", "Each dispatch carries an idempotency key.", null,
                        "shipped", 72, 100, "adr", "loop"),
                doc("adr:0096", "adr", "Recall budget profiles", "Lean, balanced and deep budgets.", null, "accepted",
                        85, 200, "adr", "recall"),
                doc("lesson:l1:0", "lesson", "Email steps need idempotency keys",
                        "Every step that sends email must carry an idempotency key.", "joelclaw", null, null, 300,
                        "lesson", "loop"),
                doc("lesson:l2:0", "lesson", "Quarantine flaky tests", "Flaky network tests should be quarantined.",
                        "gremlin", null, null, 400, "lesson", "loop"),
                doc("skill:agent-loop", "skill", "agent-loop", "Run a coding loop from a PRD.", null, null, null, 50,
                        "skill")));
        index.flush();
    }

    @AfterEach
    void close() {
        index.close();
    }

    @Test
    void getAndUpsertReplaceTheWholeDocument() {
        assertEquals("Recall budget profiles", index.get("adr:0096").orElseThrow().title());
        index.upsert(List.of(doc("adr:0096", "adr", "Recall budgets (v2)", "Changed.", null, "shipped", null, 999)));
        KnowledgeDoc updated = index.get("adr:0096").orElseThrow();
        assertEquals("Recall budgets (v2)", updated.title());
        assertEquals(List.of(), updated.tags());
        assertEquals(5, index.status().documents());
        assertEquals(999, index.status().newestCreatedAt());
    }

    @Test
    void textSearchStemsAndMatchesThePrefixBeingTyped() {
        assertThat(ids(index.search(KnowledgeQuery.text("idempotent", 10)))).contains("adr:0016", "lesson:l1:0");
        assertThat(ids(index.search(KnowledgeQuery.text("quarant", 10)))).containsExactly("lesson:l2:0");
        assertThat(ids(index.search(KnowledgeQuery.text("email idempotency", 10)))).containsExactly("lesson:l1:0");
        assertEquals(5, index.search(KnowledgeQuery.text("", 10)).total());
    }

    @Test
    void weirdUserInputNeverThrows() {
        for (String text : List.of("\"unclosed", "a:b", "(((", "-", "*", "AND OR", "title:\"x", "\\")) {
            index.search(KnowledgeQuery.text(text, 10));
        }
    }

    @Test
    void facetCountsIgnoreTheirOwnFilterSoAChoiceCanWiden() {
        SearchResult result = index.search(KnowledgeQuery.text("", 10).withFacets(true)
                .withFilters(Map.of("type", List.of("lesson"))));
        assertEquals(2, result.total());
        assertThat(result.facets().get("type")).contains(new SearchResult.FacetCount("adr", 2),
                new SearchResult.FacetCount("lesson", 2), new SearchResult.FacetCount("skill", 1));
        assertThat(result.facets().get("project")).containsExactlyInAnyOrder(
                new SearchResult.FacetCount("joelclaw", 1), new SearchResult.FacetCount("gremlin", 1));
    }

    @Test
    void filtersCombineValuesWithOrAndFacetsWithAnd() {
        SearchResult both = index.search(KnowledgeQuery.text("", 10)
                .withFilters(Map.of("type", List.of("lesson", "skill"))));
        assertEquals(3, both.total());
        SearchResult narrowed = index.search(KnowledgeQuery.text("", 10)
                .withFilters(Map.of("type", List.of("lesson"), "project", List.of("gremlin"))));
        assertThat(ids(narrowed)).containsExactly("lesson:l2:0");
        assertThat(ids(index.search(KnowledgeQuery.text("", 10).withFilters(Map.of("tags", List.of("recall"))))))
                .containsExactly("adr:0096");
        assertThat(ids(index.search(KnowledgeQuery.text("", 10).createdBetween(200L, 300L))))
                .containsExactlyInAnyOrder("adr:0096", "lesson:l1:0");
    }

    @Test
    void sortsAndPages() {
        assertThat(ids(index.search(KnowledgeQuery.text("", 10).withSort(KnowledgeQuery.SortOrder.NEWEST))))
                .containsExactly("lesson:l2:0", "lesson:l1:0", "adr:0096", "adr:0016", "skill:agent-loop");
        assertThat(ids(index.search(KnowledgeQuery.text("", 2).withSort(KnowledgeQuery.SortOrder.SCORE))))
                .containsExactly("adr:0096", "adr:0016");
        assertThat(ids(index.search(KnowledgeQuery.text("", 2).withSort(KnowledgeQuery.SortOrder.NEWEST).withPage(2, 2))))
                .containsExactly("adr:0096", "adr:0016");
    }

    @Test
    void deleteRemovesExactlyTheseIds() {
        assertEquals(1, index.delete(List.of("lesson:l1:0", "lesson:nope")));
        assertTrue(index.get("lesson:l1:0").isEmpty());
        assertTrue(index.get("lesson:l2:0").isPresent());
        assertEquals(Map.of("adr", 2L, "lesson", 1L, "skill", 1L), index.countsByType());
        assertEquals(Set.of("adr:0016", "adr:0096"), index.ids(Set.of("adr")));
    }

    @Test
    void survivesReopenAndRecreates() {
        index.close();
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 4);
        assertEquals(5, index.status().documents());
        index.recreate();
        assertEquals(0, index.status().documents());
        assertEquals(0, index.search(KnowledgeQuery.text("", 10).withFacets(true)).total());
    }

    @Test
    void aSecondWriterOnTheSameIndexIsRefusedClearly() {
        KnowledgeIndexException e = assertThrows(KnowledgeIndexException.class,
                () -> new LuceneKnowledgeIndex(dir.resolve("index"), 4));
        assertThat(e.getMessage()).contains("is in use by another Brain Console");
    }

    @Test
    void embeddingsOfTheWrongDimensionAreRefusedWithTheDocumentId() {
        KnowledgeDoc wrong = doc("x:1", "adr", "t", "c", null, null, null, 1).withEmbedding(new float[3]);
        assertThat(assertThrows(KnowledgeIndexException.class, () -> index.upsert(List.of(wrong))).getMessage())
                .contains("x:1").contains("3 dimensions").contains("expects 4");
        index.upsert(List.of(doc("x:2", "adr", "t", "c", null, null, null, 1).withEmbedding(new float[] {1, 0, 0, 0})));
    }

    @Test
    void readersSeeConsistentResultsWhileAWriterWrites() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> writer = pool.submit(() -> {
                for (int batch = 0; batch < 20; batch++) {
                    List<KnowledgeDoc> docs = new ArrayList<>();
                    for (int i = 0; i < 100; i++) {
                        docs.add(doc("bulk:" + batch + ":" + i, "lesson", "bulk " + i, "bulk content", "p", null,
                                null, 1000 + i));
                    }
                    index.upsert(docs);
                }
                index.flush();
            });
            Future<?> reader = pool.submit(() -> {
                long last = 0;
                while (!writer.isDone()) {
                    long total = index.search(KnowledgeQuery.text("", 1).withFacets(true)).total();
                    assertThat(total).isGreaterThanOrEqualTo(last);
                    last = total;
                }
            });
            writer.get();
            reader.get();
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2005, index.status().documents());
    }

    static List<String> ids(SearchResult result) {
        return result.hits().stream().map(h -> h.doc().id()).toList();
    }
}
