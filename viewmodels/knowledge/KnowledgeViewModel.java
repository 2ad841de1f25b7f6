package viewmodels.knowledge;

import java.time.ZoneId;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.tasks.Cancellation;
import services.tasks.CoalescingTasks;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;

/**
 * The Knowledge browser: search as you type, facet filters with counts, sort, a paged result list, and the
 * messages for an empty index, no hits or an error. A newer search always wins over an older one still running:
 * at most one search runs and one waits ({@link CoalescingTasks}) — each keystroke replaces the waiting search and
 * cancels the running one — and a Semantic search first settles for {@code semanticSettleMillis}, so typing fast
 * costs one search when the typing stops. What is searched for (text, sort, Semantic, facets) is kept by
 * {@link SearchCriteria}.
 */
public final class KnowledgeViewModel {

    public static final int PAGE = 200;
    /** How long a Semantic search waits for the next keystroke before it starts (the window's choice). */
    public static final long SEMANTIC_SETTLE_MILLIS = 150;

    private final KnowledgeIndex index;
    private final TaskRunner runner;
    private final Moments moments;
    private final long semanticSettleMillis;
    private final CoalescingTasks<Found> searches;
    private final DocumentDetailViewModel detail;
    private final SearchCriteria criteria = new SearchCriteria(this::search);
    private final ObservableList<ResultRow> results = FXCollections.observableArrayList();
    private final ObservableList<ResultRow> resultsView = FXCollections.unmodifiableObservableList(results);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper indexEmpty = new ReadOnlyBooleanWrapper(false);
    private long generation;
    private boolean semanticAvailable;
    private KnowledgeQuery lastQuery;
    private KnowledgeQuery lastShown; // the search whose first page the list shows

    public KnowledgeViewModel(KnowledgeIndex index, DocumentDetailViewModel detail, TaskRunner runner, ZoneId zone) {
        this(index, detail, runner, zone, 0);
    }

    /** {@code semanticSettleMillis}: how long a Semantic search waits for the next keystroke before it starts. */
    public KnowledgeViewModel(KnowledgeIndex index, DocumentDetailViewModel detail, TaskRunner runner, ZoneId zone,
                              long semanticSettleMillis) {
        this.index = index;
        this.detail = detail;
        this.runner = runner;
        this.moments = Moments.in(zone);
        this.semanticSettleMillis = semanticSettleMillis;
        this.searches = new CoalescingTasks<>(runner, "Searching");
    }

    /** Whether the Semantic toggle can be used (the empty-result message then suggests it). */
    public void setSemanticAvailable(boolean available) {
        this.semanticAvailable = available;
    }

    /** On: best matches are ranked by meaning as well as words (hybrid search); off: by words only. */
    public BooleanProperty semanticProperty() {
        return criteria.semantic();
    }

    /** Runs the current search from the first page. */
    public void search() {
        lastQuery = criteria.query(PAGE);
        long mine = ++generation;
        KnowledgeQuery q = lastQuery;
        long settle = q.retrieval() == KnowledgeQuery.Retrieval.HYBRID ? semanticSettleMillis : 0;
        searches.submit(progress -> {
            if (settle > 0) {
                progress.pause(settle);
            }
            return found(q);
        }, TaskCallbacks.of(
                result -> {
                    if (mine == generation) {
                        show(result, false);
                    }
                },
                error -> {
                    if (mine == generation) {
                        results.clear();
                        message.set("Search failed: " + error.getMessage());
                    }
                }));
    }

    /** Appends the next page of results. */
    public void loadMore() {
        if (lastQuery == null || !hasMore.get()) {
            return;
        }
        KnowledgeQuery next = lastQuery.withPage(results.size(), PAGE).withFacets(false);
        long mine = generation;
        runner.submit("Loading more", progress -> found(next), TaskCallbacks.of(result -> {
            if (mine == generation) {
                show(result, true);
            }
        }, error -> message.set("Could not load more: " + error.getMessage())));
    }

    /** A page of results and its rows (snippets marked), both made in the search task, off the window's thread. */
    private record Found(SearchResult result, List<ResultRow> rows) {
    }

    private Found found(KnowledgeQuery q) {
        SearchResult result = index.search(q);
        List<String> terms = Snippet.terms(q.text());
        return new Found(result, result.hits().stream().map(h -> {
            Cancellation.check(); // superseded by a newer search: its rows are never shown
            return ResultRow.of(h.doc(), moments, terms, detail::adrDate);
        }).toList());
    }

    private void show(Found found, boolean append) {
        SearchResult result = found.result();
        List<ResultRow> rows = found.rows();
        boolean changed = !append && !SearchCriteria.sameSearch(lastShown, lastQuery);
        if (!append) {
            lastShown = lastQuery;
        }
        if (append) {
            results.addAll(rows);
        } else {
            results.setAll(rows);
            criteria.showFacets(result);
        }
        hasMore.set(results.size() < result.total());
        boolean hybrid = lastQuery != null && lastQuery.retrieval() == KnowledgeQuery.Retrieval.HYBRID;
        summary.set(ResultListText.summary(result.total(), results.size(), hybrid, result.tookMicros(),
                criteria.cut()));
        boolean anyFilter = criteria.narrowed();
        indexEmpty.set(result.total() == 0 && !anyFilter);
        if (result.total() == 0) {
            detail.clear(DocumentDetailViewModel.NO_RESULTS); // never the previous document beside "No documents match"
        } else if (!append) {
            // a new search (text, filter, sort) whose results no longer hold the document shown empties the pane,
            // as a search with no results does; the same search again (after a sync) keeps what the user reads
            String shown = detail.idProperty().get();
            if (changed && shown != null && !shown.isEmpty() && rows.stream().noneMatch(r -> r.id().equals(shown))) {
                detail.clear(DocumentDetailViewModel.NOT_IN_RESULTS);
            } else {
                detail.resultsShown(changed);
            }
        }
        String text = criteria.text().get();
        boolean keywordOnly = lastQuery != null && lastQuery.retrieval() != KnowledgeQuery.Retrieval.HYBRID;
        message.set(ResultListText.message(result.total(), anyFilter, text, ResultListText.semanticHint(
                semanticAvailable, text, criteria.semantic().get(), keywordOnly)));
    }

    /** Adds or removes a facet value from the filters and searches again. */
    public void toggleFacet(String facet, String value) {
        if (criteria.toggle(facet, value)) {
            search();
        }
    }

    /** Clears the text and every facet filter. */
    public void clearFilters() {
        criteria.clear();
    }

    /**
     * Shows the selected result. The row of the document already shown (the list following the pane after Back,
     * Forward or an open from elsewhere) opens nothing again: its history stays as it is.
     */
    public void select(ResultRow row) {
        if (row != null && !row.id().equals(detail.idProperty().get())) {
            detail.open(row.id());
        }
    }

    /**
     * Opens a document from another section (Failed targets' retro, Health's evidence): the document shown before
     * stays one Back away; the result list then selects it if it is among the results, else nothing
     * ({@link #resultIndexOf}).
     */
    public void openFromElsewhere(String docId) {
        detail.openFromElsewhere(docId);
    }

    /**
     * Where the document with this id is in the results, or -1: the list selects the document the pane shows, or
     * no row at all, never another one.
     */
    public int resultIndexOf(String docId) {
        if (docId == null || docId.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i).id().equals(docId)) {
                return i;
            }
        }
        return -1;
    }

    /** Follows a provenance link (Back returns to the document it was followed from). */
    public void follow(LinkRow link) {
        if (link != null) {
            detail.follow(link.id());
        }
    }

    public StringProperty queryProperty() {
        return criteria.text();
    }

    /** The facets in the order the browser shows them. */
    public List<String> facetNames() {
        return KnowledgeQuery.FACETS;
    }

    public ObjectProperty<SortChoice> sortProperty() {
        return criteria.sort();
    }

    public ObservableList<FacetValue> facet(String name) {
        return criteria.facet(name);
    }

    public ObservableList<ResultRow> results() {
        return resultsView;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasMoreProperty() {
        return hasMore.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty indexEmptyProperty() {
        return indexEmpty.getReadOnlyProperty();
    }

    public DocumentDetailViewModel detail() {
        return detail;
    }
}
