package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link KnowledgeIndex}, one suite for every backend: the embedded Lucene index always, Typesense
 * when a server is given ({@code TYPESENSE_URL}). A subclass opens a fresh, empty collection.
 */
abstract class KnowledgeIndexContract {

    protected KnowledgeIndex index;

    /** A fresh, empty index or collection. */
    protected abstract KnowledgeIndex openEmpty();

    /** The same index or collection opened again (after {@code old} was closed). */
    protected abstract KnowledgeIndex reopen();

    /** Removes what {@link #openEmpty()} made (a Typesense collection); the index is closed already. */
    protected void dispose() {
    }

    static KnowledgeDoc doc(String id, String type, String title, String content, String project, String status,
                            Integer score, long created, String... tags) {
        return new KnowledgeDoc(id, type, title, content, "vault:x", project, null, status, score, List.of(tags),
                created, null);
    }

    @BeforeEach
    void seed() {
        index = openEmpty();
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
    void closeIndex() {
        if (index != null) {
            index.close();
        }
        dispose();
    }

    static List<String> ids(SearchResult result) {
        return result.hits().stream().map(h -> h.doc().id()).toList();
    }

    /** A unit vector leaning towards axis {@code axis} (384 dimensions, like the shipped model). */
    static float[] axis(int axis, float lean) {
        float[] v = new float[384];
        v[axis] = 1;
        v[383] = lean;
        float n = (float) Math.sqrt(1 + lean * lean);
        v[axis] /= n;
        v[383] /= n;
        return v;
    }

    @Test
    void documentsWithoutEmbeddingsAreEachVisitedOnceEvenWhileTheyAreWrittenBack() {
        List<String> seen = new ArrayList<>();
        int[] axisOf = {0};
        index.forEachWithoutEmbedding(0, 2, page -> {
            assertThat(page.size()).isLessThanOrEqualTo(2);
            page.forEach(d -> seen.add(d.id()));
            index.upsert(page.stream().map(d -> d.withEmbedding(axis(axisOf[0]++, 0))).toList());
        });
        index.flush();
        assertThat(seen).containsExactlyInAnyOrder("adr:0016", "adr:0096", "lesson:l1:0", "lesson:l2:0",
                "skill:agent-loop");
        List<String> again = new ArrayList<>();
        index.forEachWithoutEmbedding(0, 2, page -> page.forEach(d -> again.add(d.id())));
        assertThat(again).isEmpty();
        assertThat(index.embeddedCount()).isIn(5L, -1L);
        assertThat(index.get("adr:0016").orElseThrow().createdAt()).isEqualTo(100); // written back unchanged
    }

    @Test
    void denseSearchFindsTheNearestEmbeddingsWithinTheFiltersScoredByCosine() {
        List<KnowledgeDoc> all = new ArrayList<>();
        index.forEachWithoutEmbedding(0, 10, all::addAll);
        Map<String, Integer> axes = Map.of("adr:0016", 0, "adr:0096", 1, "lesson:l1:0", 2,
                "lesson:l2:0", 3, "skill:agent-loop", 4);
        index.upsert(all.stream().map(d -> d.withEmbedding(axis(axes.get(d.id()), 0))).toList());
        index.flush();
        float[] nearL1 = axis(2, 0.5f);
        SearchResult any = index.search(KnowledgeQuery.text("", 3).nearest(nearL1));
        assertThat(ids(any).get(0)).isEqualTo("lesson:l1:0");
        assertThat(any.hits().get(0).score()).isCloseTo((float) (1 / Math.sqrt(1.25)),
                Offset.offset(0.01f));
        SearchResult adrsOnly = index.search(KnowledgeQuery.text("", 3)
                .withFilters(Map.of("type", List.of("adr"))).nearest(nearL1));
        assertThat(ids(adrsOnly)).isNotEmpty().allSatisfy(id -> assertThat(id).startsWith("adr:"));
    }

    @Test
    void getAndUpsertReplaceTheWholeDocument() {
        assertEquals("Recall budget profiles", index.get("adr:0096").orElseThrow().title());
        index.upsert(List.of(doc("adr:0096", "adr", "Recall budgets (v2)", "Changed.", null, "shipped", null, 999)));
        index.flush();
        KnowledgeDoc updated = index.get("adr:0096").orElseThrow();
        assertEquals("Recall budgets (v2)", updated.title());
        assertEquals(List.of(), updated.tags());
        assertEquals(5, index.status().documents());
        assertEquals(999, index.status().newestCreatedAt());
        assertTrue(index.get("adr:9999").isEmpty());
        assertTrue(index.exists());
    }

    @Test
    void textSearchMatchesWordsAndThePrefixBeingTyped() {
        assertThat(ids(index.search(KnowledgeQuery.text("quarant", 10)))).containsExactly("lesson:l2:0");
        assertThat(ids(index.search(KnowledgeQuery.text("email idempotency", 10)))).containsExactly("lesson:l1:0");
        assertEquals(5, index.search(KnowledgeQuery.text("", 10)).total());
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
    void filterValuesWithCommasColonsSpacesAndOperatorsAreTakenLiterally() {
        String project = "my project, v2 && (beta) || x:y";
        index.upsert(List.of(doc("lesson:odd:0", "lesson", "Title: with a colon", "odd project", project, null, null,
                500, "lesson")));
        index.flush();
        assertThat(ids(index.search(KnowledgeQuery.text("", 10).withFilters(Map.of("project", List.of(project))))))
                .containsExactly("lesson:odd:0");
        assertThat(ids(index.search(KnowledgeQuery.text("", 10).withFilters(Map.of("project", List.of("my project"))))))
                .isEmpty();
        assertThat(ids(index.search(KnowledgeQuery.text("Title: colon", 10)))).contains("lesson:odd:0");
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
        index.flush();
        assertTrue(index.get("lesson:l1:0").isEmpty());
        assertTrue(index.get("lesson:l2:0").isPresent());
        assertEquals(Map.of("adr", 2L, "lesson", 1L, "skill", 1L), index.countsByType());
        assertEquals(Set.of("adr:0016", "adr:0096"), index.ids(Set.of("adr")));
    }

    @Test
    void severalSearchesAtOnceAnswerEachInOrder() {
        List<SearchResult> results = index.searchAll(List.of(KnowledgeQuery.text("quarant", 10),
                KnowledgeQuery.text("", 10).withFilters(Map.of("type", List.of("skill")))));
        assertThat(ids(results.get(0))).containsExactly("lesson:l2:0");
        assertThat(ids(results.get(1))).containsExactly("skill:agent-loop");
    }

    @Test
    void survivesReopenAndRecreates() {
        index.close();
        index = reopen();
        assertEquals(5, index.status().documents());
        index.recreate();
        assertEquals(0, index.status().documents());
        assertEquals(0, index.search(KnowledgeQuery.text("", 10).withFacets(true)).total());
        assertTrue(index.exists());
    }
}
