package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import testsupport.FakeTypesense;

/**
 * The Typesense adapter at the HTTP level, against a local fake server (not Typesense): the requests it sends —
 * paths, parameters, JSONL bodies, the key header — and how it reads Typesense's documented answers and errors.
 */
class TypesenseKnowledgeIndexHttpTest {

    static final String KEY = "ts-key-0123456789-secret";
    static final String COLLECTION = "/collections/system_knowledge";
    static final String SCHEMA = """
            {"name": "system_knowledge", "num_documents": 5, "default_sorting_field": "created_at", "fields": [
              {"name": "id", "type": "string"}, {"name": "type", "type": "string", "facet": true},
              {"name": "title", "type": "string"}, {"name": "content", "type": "string"},
              {"name": "source", "type": "string", "optional": true},
              {"name": "project", "type": "string", "facet": true, "optional": true},
              {"name": "loop_id", "type": "string", "optional": true},
              {"name": "status", "type": "string", "facet": true, "optional": true},
              {"name": "score", "type": "int32", "optional": true},
              {"name": "tags", "type": "string[]", "facet": true, "optional": true},
              {"name": "created_at", "type": "int64"},
              {"name": "embedding", "type": "float[]", "optional": true, "num_dim": 384}]}
            """;

    private final ObjectMapper json = new ObjectMapper();
    private FakeTypesense server;

    @BeforeEach
    void start() throws Exception {
        server = new FakeTypesense();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private TypesenseKnowledgeIndex open(int batch, String... nodes) {
        return new TypesenseKnowledgeIndex(new TypesenseIndexSettings(
                nodes.length == 0 ? List.of(server.url()) : List.of(nodes), KEY, "system_knowledge",
                Duration.ofSeconds(1), 384, batch, 3, Duration.ofMillis(10)));
    }

    private static KnowledgeDoc doc(String id, String project, String title) {
        return new KnowledgeDoc(id, "lesson", title, "content of " + id, "vault:x", project, "loop-1", null, null,
                List.of("lesson"), 1_700_000_000L, null);
    }

    @Test
    void aMissingCollectionIsCreatedWithTheExactSchemaAtTheFirstWrite() throws Exception {
        server.always("POST", "/collections", 201, SCHEMA)
                .always("POST", COLLECTION + "/documents/import", 200, "{\"success\":true}");
        TypesenseKnowledgeIndex index = open(100);
        assertThat(index.exists()).isFalse();
        index.upsert(List.of(doc("lesson:a:0", "joelclaw", "A")));
        JsonNode schema = json.readTree(server.requests("POST", "/collections").get(0).body());
        assertThat(schema.get("name").asText()).isEqualTo("system_knowledge");
        assertThat(schema.get("default_sorting_field").asText()).isEqualTo("created_at");
        assertThat(schema.get("fields").findValuesAsText("name")).containsExactly("id", "type", "title", "content",
                "source", "project", "loop_id", "status", "score", "tags", "created_at", "embedding");
        JsonNode project = schema.get("fields").get(5);
        assertThat(project.get("facet").asBoolean()).isTrue();
        assertThat(project.get("optional").asBoolean()).isTrue();
        assertThat(schema.get("fields").get(11).get("num_dim").asInt()).isEqualTo(384);
        assertThat(index.exists()).isTrue();
    }

    @Test
    void schemaDriftIsReportedAndTheCollectionIsNeverDropped() {
        server.always("GET", COLLECTION, 200, SCHEMA.replace("{\"name\": \"score\", \"type\": \"int32\", \"optional\": true}",
                "{\"name\": \"score\", \"type\": \"float\", \"optional\": true}").replace("\"num_dim\": 384", "\"num_dim\": 768")
                .replace("{\"name\": \"type\", \"type\": \"string\", \"facet\": true}", "{\"name\": \"type\", \"type\": \"string\"}"));
        TypesenseKnowledgeIndex index = open(100);
        assertThat(index.problems()).containsExactly(
                "schema drift in system_knowledge: field type is not a facet",
                "schema drift in system_knowledge: field score is float, expected int32",
                "schema drift in system_knowledge: embedding has 768 dimensions, the workspace says 384");
        assertThat(server.requests()).allSatisfy(r -> assertThat(r.method()).isEqualTo("GET"));
    }

    @Test
    void upsertImportsJsonLinesInBatchesAndReportsEachRejectedDocumentWhileTheRestLand() throws Exception {
        server.always("GET", COLLECTION, 200, SCHEMA)
                .once("POST", COLLECTION + "/documents/import", 200,
                        "{\"success\":true}\n{\"success\":false,\"error\":\"Field `created_at` must be an int64.\",\"document\":\"{}\"}")
                .once("POST", COLLECTION + "/documents/import", 200, "{\"success\":true}");
        TypesenseKnowledgeIndex index = open(2);
        DocumentsRejected rejected = assertThrows(DocumentsRejected.class,
                () -> index.upsert(List.of(doc("lesson:a:0", "p", "A"), doc("lesson:b:0", "p", "B"), doc("lesson:c:0", "p", "C"))));
        assertThat(rejected.reasons()).containsExactly(Map.entry("lesson:b:0", "Field `created_at` must be an int64."));
        assertThat(rejected.getMessage()).contains("lesson:b:0").contains("must be an int64");
        List<FakeTypesense.Request> imports = server.requests("POST", COLLECTION + "/documents/import");
        assertThat(imports).hasSize(2);
        assertThat(imports.get(0).query()).containsEntry("action", "upsert");
        List<String> lines = imports.get(0).body().lines().toList();
        assertThat(lines).hasSize(2);
        JsonNode first = json.readTree(lines.get(0));
        assertThat(first.get("id").asText()).isEqualTo("lesson:a:0");
        assertThat(first.get("created_at").asLong()).isEqualTo(1_700_000_000L);
        assertThat(first.get("loop_id").asText()).isEqualTo("loop-1");
        assertThat(first.has("embedding")).isFalse();
        assertThat(imports.get(1).body().lines().toList()).hasSize(1);
    }

    @Test
    void searchSendsTheQueryEscapedFiltersFacetsSortAndPageAndReadsTheAnswer() throws Exception {
        server.always("GET", COLLECTION, 200, SCHEMA).always("POST", "/multi_search", 200, """
                {"results": [
                  {"found": 7, "out_of": 9, "page": 1, "hits": [{"text_match": 578730123365187705,
                    "document": {"id": "lesson:a:0", "type": "lesson", "title": "Filters: escape them", "content": "x",
                                 "project": "my project, v2 && `x`", "tags": ["lesson"], "created_at": 1700000000}}],
                   "facet_counts": [{"field_name": "type", "counts": [{"value": "lesson", "count": 7}]},
                                    {"field_name": "project", "counts": [{"value": "my project, v2 && `x`", "count": 7}]}]},
                  {"found": 8, "hits": [], "facet_counts": [{"field_name": "type", "counts": [
                      {"value": "lesson", "count": 7}, {"value": "skill", "count": 1}]}]},
                  {"found": 9, "hits": [], "facet_counts": [{"field_name": "project", "counts": [
                      {"value": "my project, v2 && `x`", "count": 7}, {"value": "gremlin", "count": 2}]}]}]}
                """);
        TypesenseKnowledgeIndex index = open(100);
        SearchResult r = index.search(KnowledgeQuery.text("escape: filters", 20).withPage(20, 20).withFacets(true)
                .withSort(KnowledgeQuery.SortOrder.RELEVANCE)
                .withFilters(Map.of("project", List.of("my project, v2 && `x`"), "type", List.of("lesson", "adr")))
                .createdBetween(100L, 200L));
        assertThat(r.total()).isEqualTo(7);
        assertThat(r.hits()).extracting(h -> h.doc().project()).containsExactly("my project, v2 && `x`");
        // each filtered facet's counts come from a search without its own filter
        assertThat(r.facets().get("type")).containsExactly(new SearchResult.FacetCount("lesson", 7),
                new SearchResult.FacetCount("skill", 1));
        assertThat(r.facets().get("project")).hasSize(2);

        JsonNode searches = json.readTree(server.requests("POST", "/multi_search").get(0).body()).get("searches");
        assertThat(searches).hasSize(3);
        JsonNode main = searches.get(0);
        assertThat(main.get("collection").asText()).isEqualTo("system_knowledge");
        assertThat(main.get("q").asText()).isEqualTo("escape: filters");
        assertThat(main.get("query_by").asText()).isEqualTo("title,content");
        assertThat(main.get("filter_by").asText()).isEqualTo(
                "project:=[`my project, v2 && \\`x\\``] && type:=[`lesson`,`adr`] && created_at:>=100 && created_at:<=200");
        assertThat(main.get("facet_by").asText()).isEqualTo("type,project,status,tags");
        assertThat(main.get("sort_by").asText()).isEqualTo("_text_match:desc,created_at:desc");
        assertThat(main.get("limit").asInt()).isEqualTo(20);
        assertThat(main.get("offset").asInt()).isEqualTo(20);
        assertThat(main.get("exclude_fields").asText()).isEqualTo("embedding");
        assertThat(searches.get(1).get("filter_by").asText())
                .isEqualTo("project:=[`my project, v2 && \\`x\\``] && created_at:>=100 && created_at:<=200");
        assertThat(searches.get(1).get("facet_by").asText()).isEqualTo("type");
        JsonNode own = searches.get(2);
        assertThat(own.get("filter_by").asText()).isEqualTo("type:=[`lesson`,`adr`] && created_at:>=100 && created_at:<=200");
        assertThat(own.get("facet_by").asText()).isEqualTo("project");
        assertThat(own.get("limit").asInt()).isZero();
    }

    @Test
    void hybridHalvesGoInOneMultiSearchWithAVectorQueryAndTheDistanceBecomesASimilarity() throws Exception {
        server.always("GET", COLLECTION, 200, SCHEMA).always("POST", "/multi_search", 200, """
                {"results": [
                  {"found": 1, "hits": [{"text_match": 100, "document": {"id": "lesson:k", "type": "lesson",
                      "title": "k", "content": "k", "created_at": 1700000000}}]},
                  {"found": 2, "hits": [
                      {"vector_distance": 0.25, "document": {"id": "lesson:d", "type": "lesson", "title": "d",
                          "content": "d", "created_at": 1700000000}},
                      {"vector_distance": 0.9, "document": {"id": "lesson:far", "type": "lesson", "title": "f",
                          "content": "f", "created_at": 1700000000}}]}]}
                """);
        TypesenseKnowledgeIndex index = open(100);
        float[] vector = new float[384];
        vector[0] = 0.5f;
        vector[1] = -0.25f;
        KnowledgeQuery q = KnowledgeQuery.text("exactly once", 5).withFilters(Map.of("type", List.of("lesson")));
        List<SearchResult> found = index.searchAll(List.of(q, q.nearest(vector)));
        assertThat(found.get(1).hits()).extracting(h -> h.doc().id()).containsExactly("lesson:d", "lesson:far");
        assertThat(found.get(1).hits().get(0).score()).isEqualTo(0.75f);

        JsonNode searches = json.readTree(server.requests("POST", "/multi_search").get(0).body()).get("searches");
        assertThat(searches).hasSize(2);
        JsonNode dense = searches.get(1);
        assertThat(dense.get("q").asText()).isEqualTo("*");
        assertThat(dense.get("filter_by").asText()).isEqualTo("type:=[`lesson`]");
        assertThat(dense.get("vector_query").asText()).startsWith("embedding:([0.5,-0.25,0.0,").endsWith("], k:5)");
        assertThat(dense.has("sort_by")).isFalse();
        assertThat(dense.get("exclude_fields").asText()).isEqualTo("embedding");
        assertThat(searches.get(0).has("vector_query")).isFalse();
    }

    @Test
    void aDocumentWithAVectorIsImportedWithItsEmbeddingField() throws Exception {
        server.always("GET", COLLECTION, 200, SCHEMA).answer("POST", COLLECTION + "/documents/import", FakeTypesense::importOk);
        float[] vector = new float[384];
        vector[3] = 1f;
        open(100).upsert(List.of(doc("lesson:v:0", "p", "V").withEmbedding(vector)));
        JsonNode line = json.readTree(server.requests("POST", COLLECTION + "/documents/import").get(0).body().strip());
        assertThat(line.get("embedding")).hasSize(384);
        assertThat(line.get("embedding").get(3).asDouble()).isEqualTo(1.0);
    }

    @Test
    void documentsWithoutEmbeddingsArePagedFromTheWatermarkAndThoseWithOneSkipped() throws Exception {
        StringBuilder page1 = new StringBuilder("{\"found\": 251, \"hits\": [");
        for (int i = 0; i < 250; i++) {
            page1.append(i == 0 ? "" : ",").append("{\"document\": {\"id\": \"lesson:").append(i)
                    .append("\", \"type\": \"lesson\", \"title\": \"t\", \"content\": \"c\", \"created_at\": 5")
                    .append(i % 2 == 0 ? ", \"embedding\": [0.1, 0.2]" : "").append("}}");
        }
        page1.append("]}");
        server.always("GET", COLLECTION, 200, SCHEMA)
                .once("GET", COLLECTION + "/documents/search", 200, page1.toString())
                .once("GET", COLLECTION + "/documents/search", 200, """
                        {"found": 251, "hits": [{"document": {"id": "lesson:last", "type": "lesson", "title": "t",
                            "content": "c", "created_at": 9}}]}""");
        List<String> seen = new ArrayList<>();
        open(100).forEachWithoutEmbedding(1_700_000_000L, 32, docs -> docs.forEach(d -> seen.add(d.id())));
        assertThat(seen).hasSize(126).contains("lesson:1", "lesson:249", "lesson:last").doesNotContain("lesson:0");
        List<FakeTypesense.Request> pages = server.requests("GET", COLLECTION + "/documents/search");
        assertThat(pages).hasSize(2);
        assertThat(pages.get(0).query()).containsEntry("filter_by", "created_at:>=1700000000")
                .containsEntry("sort_by", "created_at:asc").containsEntry("page", "1").containsEntry("per_page", "250");
        assertThat(pages.get(1).query()).containsEntry("page", "2");
    }

    @Test
    void deleteSendsExactIdsAndGetReadsAMissingDocumentAsAbsent() {
        server.always("GET", COLLECTION, 200, SCHEMA)
                .always("DELETE", COLLECTION + "/documents", 200, "{\"num_deleted\": 1}");
        TypesenseKnowledgeIndex index = open(100);
        assertThat(index.delete(List.of("failed_target:loop-1:S2", "turn:a:b, c"))).isEqualTo(1);
        assertThat(server.requests("DELETE", COLLECTION + "/documents").get(0).query().get("filter_by"))
                .isEqualTo("id:=[`failed_target:loop-1:S2`]");
        assertThat(server.requests("DELETE", COLLECTION + "/documents/turn:a:b, c")).as("not in a filter: its own "
                + "endpoint (unscripted, so 404: not counted)").hasSize(1);
        assertThat(index.get("lesson:l1:0")).isEmpty();
        assertThat(server.requests("GET", COLLECTION + "/documents/lesson:l1:0")).hasSize(1);
    }

    /**
     * HTTP-level test (request shapes against the fake Typesense server): an id written by an agent that holds
     * filter syntax — a backtick, a comma, {@code ]}, {@code &&}, {@code ||}, {@code *}, spaces, a backslash, a
     * slash-looking escape — never reaches a {@code filter_by}: each is deleted by its own document endpoint, the id
     * one URL-encoded path segment; only plain ids are batched in a filter. A real server would have read
     * {@code x`]&&id:!=[`y} as "delete everything but y".
     */
    @Test
    void httpLevelTest_anIdHoldingFilterSyntaxIsDeletedByItsOwnDocumentEndpointNeverInAFilter() {
        List<String> hostile = List.of("a`b", "a,b", "a]b", "a && b", "a || b", "lesson:*", "a b", "x`]&&id:!=[`y",
                "a\\`,`b", "p%2Fq", "failed_target:proj [x]:S?1");
        server.always("GET", COLLECTION, 200, SCHEMA)
                .always("DELETE", COLLECTION + "/documents", 200, "{\"num_deleted\": 2}");
        for (String id : hostile) {
            if (!id.equals("a,b")) { // one that is already gone: 404, not counted
                server.always("DELETE", COLLECTION + "/documents/" + id, 200, "{\"id\": \"x\"}");
            }
        }
        List<String> ids = new ArrayList<>(hostile);
        ids.add(0, "failed_target:loop-1:S2");
        ids.add("turn:gateway:pi:s1:7");
        ids.add("vault:docs/decisions/0001-x.md");
        int deleted = open(100).delete(ids);
        assertThat(deleted).as("deleted, of %s", server.requests()).isEqualTo(2 + hostile.size() - 1); // the fake says 2 for the filter

        List<FakeTypesense.Request> filtered = server.requests("DELETE", COLLECTION + "/documents");
        assertThat(filtered).singleElement().satisfies(r -> assertThat(r.query().get("filter_by"))
                .isEqualTo("id:=[`failed_target:loop-1:S2`,`turn:gateway:pi:s1:7`,`vault:docs/decisions/0001-x.md`]"));
        for (String id : hostile) {
            List<FakeTypesense.Request> own = server.requests("DELETE", COLLECTION + "/documents/" + id);
            assertThat(own).as(id).singleElement().satisfies(r -> {
                assertThat(r.rawPath()).as("one path segment, every byte of the id encoded")
                        .isEqualTo(COLLECTION + "/documents/" + URLEncoder.encode(id,
                                StandardCharsets.UTF_8).replace("+", "%20"));
                assertThat(r.query()).as("no filter").doesNotContainKey("filter_by");
            });
        }
        assertThat(server.requests()).filteredOn(r -> r.method().equals("DELETE")).hasSize(1 + hostile.size());
    }

    @Test
    void aBadFilterIsRefusedWithTypesensesReason() {
        server.always("GET", COLLECTION, 200, SCHEMA).always("POST", "/multi_search", 200,
                "{\"results\": [{\"code\": 400, \"error\": \"Could not parse the filter query.\"}]}");
        KnowledgeIndexException e = assertThrows(KnowledgeIndexException.class,
                () -> open(100).search(KnowledgeQuery.text("x", 10)));
        assertThat(e.getMessage()).isEqualTo("Typesense refused the search (400): Could not parse the filter query.");
    }

    @Test
    void aRefusedKeyAndAMissingCollectionAreNamedWithoutTheKey() {
        server.always("GET", COLLECTION, 401, "{\"message\": \"Forbidden - a valid `x-typesense-api-key` header must be sent.\"}");
        KnowledgeIndexException e = assertThrows(KnowledgeIndexException.class, () -> open(100));
        assertThat(e.getMessage()).contains("API key was refused (401)").doesNotContain(KEY);
        assertThat(server.requests()).allSatisfy(r -> {
            assertThat(r.apiKey()).isEqualTo(KEY);
            assertThat(r.query().values()).noneMatch(v -> v.contains(KEY));
        });
    }

    @Test
    void aConflictOnCreateMeansSomeoneElseCreatedItAndTheWriteGoesOn() {
        server.always("POST", "/collections", 409, "{\"message\": \"A collection with name `system_knowledge` already exists.\"}")
                .always("POST", COLLECTION + "/documents/import", 200, "{\"success\":true}");
        open(100).upsert(List.of(doc("lesson:a:0", "p", "A")));
        assertThat(server.requests("POST", COLLECTION + "/documents/import")).hasSize(1);
    }

    @Test
    void a503IsRetriedWithBackoffOnTheNextNode() throws Exception {
        try (FakeTypesense second = new FakeTypesense()) {
            for (FakeTypesense node : List.of(server, second)) { // each node is lagging once, then ready
                node.once("GET", COLLECTION, 503, "{\"message\": \"Not Ready or Lagging\"}").always("GET", COLLECTION, 200, SCHEMA);
            }
            TypesenseKnowledgeIndex index = open(100, server.url(), second.url());
            assertThat(index.exists()).isTrue();
            assertThat(server.requests()).hasSizeBetween(1, 2);
            assertThat(second.requests()).hasSizeBetween(1, 2);
            assertThat(server.requests().size() + second.requests().size()).isEqualTo(3);
        }
    }

    @Test
    void aTimeoutIsRetried() {
        server.once("GET", COLLECTION, 200, SCHEMA, 2_500).always("GET", COLLECTION, 200, SCHEMA);
        assertThat(open(100).exists()).isTrue();
        assertThat(server.requests("GET", COLLECTION)).hasSize(2);
    }

    @Test
    void anImportMeeting503AndATimeoutMidwayIsRetriedAndEveryDocumentLands() {
        server.always("GET", COLLECTION, 200, SCHEMA)
                .once("POST", COLLECTION + "/documents/import", 200, "{\"success\":true}\n{\"success\":true}")
                .once("POST", COLLECTION + "/documents/import", 503, "{\"message\": \"Not Ready or Lagging\"}")
                .once("POST", COLLECTION + "/documents/import", 200, "{\"success\":true}", 2_500)
                .answer("POST", COLLECTION + "/documents/import", FakeTypesense::importOk);
        TypesenseKnowledgeIndex index = new TypesenseKnowledgeIndex(new TypesenseIndexSettings(List.of(server.url()),
                KEY, "system_knowledge", Duration.ofSeconds(1), 384, 2, 4, Duration.ofMillis(10)));
        index.upsert(List.of(doc("lesson:a:0", "p", "A"), doc("lesson:b:0", "p", "B"), doc("lesson:c:0", "p", "C"),
                doc("lesson:d:0", "p", "D")));
        List<FakeTypesense.Request> imports = server.requests("POST", COLLECTION + "/documents/import");
        assertThat(imports).hasSize(4); // batch 1; batch 2 three times: 503, timeout, success
        assertThat(imports.subList(1, 4)).allSatisfy(r -> assertThat(r.body()).isEqualTo(imports.get(3).body()));
        assertThat(imports.get(3).body()).contains("lesson:c:0").contains("lesson:d:0");
    }

    @Test
    void whenEveryNodeIsDownTheErrorNamesThemAndHidesTheKey() throws Exception {
        String down1;
        String down2;
        try (FakeTypesense a = new FakeTypesense(); FakeTypesense b = new FakeTypesense()) {
            down1 = a.url();
            down2 = b.url();
        }
        KnowledgeIndexException e = assertThrows(KnowledgeIndexException.class, () -> open(100, down1, down2));
        assertThat(e.getMessage()).startsWith("Typesense is unreachable: could not read the collection system_knowledge after 3 attempts on "
                + down1 + ", " + down2).doesNotContain(KEY);
    }
}
