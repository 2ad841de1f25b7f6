package services.knowledge;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.typesense.api.Client;
import org.typesense.api.exceptions.ObjectAlreadyExists;
import org.typesense.api.exceptions.ObjectNotFound;
import org.typesense.model.CollectionResponse;
import org.typesense.model.DeleteDocumentsParameters;
import org.typesense.model.ExportDocumentsParameters;
import org.typesense.model.ImportDocumentsParameters;
import org.typesense.model.IndexAction;
import org.typesense.model.MultiSearchCollectionParameters;
import org.typesense.model.MultiSearchResult;
import org.typesense.model.MultiSearchResultItem;
import org.typesense.model.MultiSearchSearchesParameter;
import org.typesense.model.SearchParameters;
import org.typesense.model.SearchResultHit;

/**
 * {@code system_knowledge} in Typesense (typesense-java), single node or an HA node list. On open the collection
 * is created with the schema of formats.md part 2 when missing; an existing one that differs is kept and its
 * differences reported ({@link #problems()}) — a user's collection is never dropped except by {@link #recreate()}.
 * Upserts go through the import endpoint in batches; a rejected document is reported with its id and Typesense's
 * reason ({@link DocumentsRejected}) while the rest land. Every call is retried with backoff on 503, 500, timeouts
 * and connection failures, moving to the next node; when all attempts fail the error names the nodes tried. The
 * API key travels in a header only and never appears in a message.
 */
public final class TypesenseKnowledgeIndex implements KnowledgeIndex {

    private static final int PAGE = 250;

    private final TypesenseIndexSettings settings;
    private final TypesenseConnection connection;
    private final Client client;
    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final List<String> problems = new ArrayList<>();
    private volatile boolean exists;

    public TypesenseKnowledgeIndex(TypesenseIndexSettings settings) {
        this.settings = settings;
        this.connection = new TypesenseConnection(settings.nodes(), settings.apiKey(), settings.timeout(),
                settings.attempts(), settings.backoff());
        this.client = connection.client();
        bootstrap();
    }

    private void bootstrap() {
        Optional<CollectionResponse> found = call("read the collection " + settings.collection(), () -> {
            try {
                return Optional.of(client.collections(settings.collection()).retrieve());
            } catch (ObjectNotFound missing) {
                return Optional.empty();
            }
        });
        if (found.isPresent()) {
            exists = true;
            problems.addAll(TypesenseSchema.drift(settings.collection(), found.get(), settings.embeddingDimensions()));
        } else {
            exists = false;
        }
    }

    /** Creates the collection when it is missing (the first write does this, or the watchdog's self-heal). */
    private void ensureCollection() {
        if (exists) {
            return;
        }
        call("create the collection " + settings.collection(), () -> {
            try {
                client.collections().create(TypesenseSchema.schema(settings.collection(), settings.embeddingDimensions()));
            } catch (ObjectAlreadyExists raced) {
                // created meanwhile by another console or the system itself: fine
            }
            return null;
        });
        exists = true;
    }

    /** Schema differences found on open, for the status line and Settings. */
    @Override
    public List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    public boolean exists() {
        return exists;
    }

    @Override
    public void upsert(List<KnowledgeDoc> docs) {
        if (docs.isEmpty()) {
            return;
        }
        ensureCollection();
        Map<String, String> rejected = new LinkedHashMap<>();
        for (int from = 0; from < docs.size(); from += settings.batchSize()) {
            List<KnowledgeDoc> batch = docs.subList(from, Math.min(docs.size(), from + settings.batchSize()));
            String body = TypesenseQueries.jsonLines(json, batch);
            ImportDocumentsParameters params = new ImportDocumentsParameters().action(IndexAction.UPSERT)
                    .batchSize(settings.batchSize());
            String result = call("import " + batch.size() + " documents", () ->
                    client.collections(settings.collection()).documents().import_(body, params));
            rejected.putAll(TypesenseQueries.rejected(json, batch, result));
        }
        if (!rejected.isEmpty()) {
            throw new DocumentsRejected("Typesense", rejected);
        }
    }

    /**
     * Deletes exactly these ids. Typesense's filter syntax has no documented escape for a backtick, and a comma, a
     * bracket, {@code &&}, {@code ||}, {@code *} or a space in an id written by an agent could read as syntax and
     * delete other documents; so only ids made of letters, digits and {@code : . _ / @ -} go in a batched
     * {@code filter_by}, and every other id is deleted through its own document endpoint (the id URL-encoded in
     * the path), which matches that id and nothing else.
     */
    @Override
    public int delete(Collection<String> ids) {
        if (ids.isEmpty() || !exists) {
            return 0;
        }
        List<String> plain = new ArrayList<>();
        List<String> other = new ArrayList<>();
        new LinkedHashSet<>(ids).forEach(id -> (PLAIN_ID.matcher(id).matches() ? plain : other).add(id));
        int deleted = 0;
        for (int from = 0; from < plain.size(); from += 100) {
            List<String> chunk = plain.subList(from, Math.min(plain.size(), from + 100));
            DeleteDocumentsParameters params = new DeleteDocumentsParameters()
                    .filterBy(TypesenseFilters.oneOf("id", chunk)).batchSize(100);
            Map<String, Object> result = call("delete " + chunk.size() + " documents", () ->
                    client.collections(settings.collection()).documents().delete(params));
            Object n = result == null ? null : result.get("num_deleted");
            deleted += n instanceof Number num ? num.intValue() : 0;
        }
        for (String id : other) {
            boolean gone = call("delete document " + id, () -> {
                try {
                    client.collections(settings.collection()).documents(id).delete();
                    return true;
                } catch (ObjectNotFound missing) {
                    return false;
                }
            });
            deleted += gone ? 1 : 0;
        }
        return deleted;
    }

    /** An id no filter expression can misread: it may go in a batched {@code filter_by}. */
    private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9:._/@-]{1,512}");

    @Override
    public Optional<KnowledgeDoc> get(String id) {
        if (!exists) {
            return Optional.empty();
        }
        return call("read document " + id, () -> {
            try {
                return Optional.of(toDoc(client.collections(settings.collection()).documents(id).retrieve()));
            } catch (ObjectNotFound missing) {
                return Optional.empty();
            }
        });
    }

    @Override
    public SearchResult search(KnowledgeQuery query) {
        return searchAll(List.of(query)).get(0);
    }

    /**
     * Several searches in one multi-search request (the recall preview's budgets); each facet with an active
     * filter gets one more search without its own filter, so its counts ignore it as in the embedded index.
     */
    @Override
    public List<SearchResult> searchAll(List<KnowledgeQuery> queries) {
        if (!exists) {
            return queries.stream().map(q -> SearchResult.empty()).toList();
        }
        long started = System.nanoTime();
        MultiSearchSearchesParameter body = new MultiSearchSearchesParameter();
        List<int[]> layout = new ArrayList<>(); // per query: index of its main search, count of facet searches
        List<List<String>> facetFields = new ArrayList<>();
        for (KnowledgeQuery q : queries) {
            int main = body.getSearches().size();
            int limit = Math.min(q.limit(), PAGE);
            body.addSearchesItem(params(q, TypesenseFilters.of(q, null), limit, q.offset(),
                    q.withFacets() ? String.join(",", KnowledgeQuery.FACETS) : null));
            List<String> own = new ArrayList<>();
            if (q.withFacets()) {
                for (String f : KnowledgeQuery.FACETS) {
                    if (!q.filters().getOrDefault(f, List.of()).isEmpty()) {
                        own.add(f);
                        body.addSearchesItem(params(q, TypesenseFilters.of(q, f), 0, 0, f));
                    }
                }
            }
            layout.add(new int[] {main, own.size()});
            facetFields.add(own);
        }
        MultiSearchResult result = call("search", () -> client.multiSearch.perform(body, Map.of()));
        List<SearchResult> out = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            KnowledgeQuery q = queries.get(i);
            MultiSearchResultItem main = TypesenseQueries.item(result, layout.get(i)[0]);
            List<SearchResult.Hit> hits = new ArrayList<>();
            for (SearchResultHit h : main.getHits() == null ? List.<SearchResultHit>of() : main.getHits()) {
                hits.add(new SearchResult.Hit(toDoc(h.getDocument()), TypesenseQueries.score(q, h)));
            }
            if (q.limit() > PAGE) {
                hits.addAll(morePages(q, main.getFound() == null ? 0 : main.getFound()));
            }
            Map<String, List<SearchResult.FacetCount>> facets = new LinkedHashMap<>();
            if (q.withFacets()) {
                facets.putAll(TypesenseQueries.facetsOf(main));
                for (int f = 0; f < layout.get(i)[1]; f++) {
                    String field = facetFields.get(i).get(f);
                    facets.put(field, TypesenseQueries.facetsOf(TypesenseQueries.item(result, layout.get(i)[0] + 1 + f)).getOrDefault(field, List.of()));
                }
            }
            out.add(new SearchResult(hits, main.getFound() == null ? 0 : main.getFound(), facets,
                    (System.nanoTime() - started) / 1000));
        }
        return out;
    }

    /** Pages 2… of a query asking for more than one page (failed-target listings, prunes). */
    private List<SearchResult.Hit> morePages(KnowledgeQuery q, long found) {
        List<SearchResult.Hit> more = new ArrayList<>();
        String filter = TypesenseFilters.of(q, null);
        for (int offset = q.offset() + PAGE; offset < Math.min(found, (long) q.offset() + q.limit()); offset += PAGE) {
            int limit = (int) Math.min(PAGE, (long) q.offset() + q.limit() - offset);
            SearchParameters p = json.convertValue(TypesenseQueries.searchParams(q, filter, limit, offset, null), SearchParameters.class);
            org.typesense.model.SearchResult page = call("search", () -> // qualified: services.knowledge.SearchResult is ours
                    client.collections(settings.collection()).documents().search(p));
            for (SearchResultHit h : page.getHits()) {
                more.add(new SearchResult.Hit(toDoc(h.getDocument()), 0f));
            }
        }
        return more;
    }

    /**
     * Typesense cannot filter on a missing vector, so this pages through the documents written since
     * {@code writtenSince} (oldest first; writing a document back keeps its {@code created_at}, so pages do not
     * move) with their embeddings, and passes on those without one.
     */
    @Override
    public void forEachWithoutEmbedding(long writtenSince, int batch,
                                        Consumer<List<KnowledgeDoc>> action) {
        if (!exists) {
            return;
        }
        for (int page = 1; ; page++) {
            SearchParameters p = new SearchParameters().q("*").queryBy("title").filterBy("created_at:>=" + writtenSince)
                    .sortBy("created_at:asc").perPage(PAGE).page(page);
            org.typesense.model.SearchResult found = call("read documents without embeddings", () -> // qualified: services.knowledge.SearchResult is ours
                    client.collections(settings.collection()).documents().search(p));
            List<SearchResultHit> hits = found == null || found.getHits() == null ? List.of() : found.getHits();
            List<KnowledgeDoc> lacking = new ArrayList<>();
            for (SearchResultHit h : hits) {
                Object vector = h.getDocument().get("embedding");
                if (!(vector instanceof List<?> list) || list.isEmpty()) {
                    lacking.add(toDoc(h.getDocument()));
                }
            }
            for (int from = 0; from < lacking.size(); from += batch) {
                action.accept(lacking.subList(from, Math.min(lacking.size(), from + batch)));
            }
            if (hits.size() < PAGE) {
                return;
            }
        }
    }

    private MultiSearchCollectionParameters params(KnowledgeQuery q, String filter, int limit, int offset, String facets) {
        Map<String, Object> p = TypesenseQueries.searchParams(q, filter, limit, offset, facets);
        p.put("collection", settings.collection());
        return json.convertValue(p, MultiSearchCollectionParameters.class);
    }


    private KnowledgeDoc toDoc(Map<String, Object> document) {
        return json.convertValue(document, KnowledgeDoc.class);
    }

    @Override
    public Map<String, Long> countsByType() {
        SearchResult r = search(KnowledgeQuery.text("", 0).withFacets(true));
        Map<String, Long> out = new TreeMap<>();
        r.facets().getOrDefault("type", List.of()).forEach(c -> out.put(c.value(), c.count()));
        return out;
    }

    @Override
    public Set<String> ids(Set<String> types) {
        if (!exists || types.isEmpty()) {
            return Set.of();
        }
        ExportDocumentsParameters params = new ExportDocumentsParameters()
                .filterBy(TypesenseFilters.oneOf("type", new ArrayList<>(types))).includeFields("id");
        String lines = call("export ids", () -> client.collections(settings.collection()).documents().export(params));
        Set<String> out = new HashSet<>();
        for (String line : lines == null ? new String[0] : lines.split("\n")) {
            JsonNode n = TypesenseQueries.parse(json, line);
            if (n != null && n.hasNonNull("id")) {
                out.add(n.get("id").asText());
            }
        }
        return out;
    }

    @Override
    public void flush() {
        // Typesense makes every accepted write durable and visible before it answers
    }

    @Override
    public void recreate() {
        drop();
        ensureCollection();
    }

    /** Drops the collection and everything in it (recreate, and tests cleaning up after themselves). */
    public void drop() {
        call("drop the collection " + settings.collection(), () -> {
            try {
                client.collections(settings.collection()).delete();
            } catch (ObjectNotFound alreadyGone) {
                // nothing to drop
            }
            return null;
        });
        exists = false;
        problems.clear();
    }

    @Override
    public IndexStatus status() {
        if (!exists) {
            return new IndexStatus("typesense", 0, 0);
        }
        CollectionResponse c = call("read the collection " + settings.collection(),
                () -> client.collections(settings.collection()).retrieve());
        long docs = c.getNumDocuments() == null ? 0 : c.getNumDocuments();
        long newest = 0;
        if (docs > 0) {
            SearchResult top = search(KnowledgeQuery.text("", 1).withSort(KnowledgeQuery.SortOrder.NEWEST));
            newest = top.hits().isEmpty() ? 0 : top.hits().get(0).doc().createdAt();
        }
        return new IndexStatus("typesense", docs, newest);
    }

    @Override
    public void close() {
        // the HTTP client holds no resource that outlives the process
    }

    private <T> T call(String what, Callable<T> request) {
        return connection.call(what, request);
    }
}
