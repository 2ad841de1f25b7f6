package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/**
 * What the Knowledge browser searches for: the text, the sort, Semantic and the ticked facet values; the query
 * they make, and each facet's values with their counts as a search found them. A change of the text, the sort or
 * Semantic runs {@code changed} (the browser's search).
 */
final class SearchCriteria {

    private final Runnable changed;
    private final StringProperty text = new SimpleStringProperty("");
    private final ObjectProperty<SortChoice> sort = new SimpleObjectProperty<>(SortChoice.BEST_MATCH);
    private final BooleanProperty semantic = new SimpleBooleanProperty(false);
    private final Map<String, Set<String>> selected = new HashMap<>();
    private final Map<String, ObservableList<FacetValue>> facets = new HashMap<>();

    SearchCriteria(Runnable changed) {
        this.changed = changed;
        for (String facet : KnowledgeQuery.FACETS) {
            facets.put(facet, FXCollections.observableArrayList());
            selected.put(facet, new LinkedHashSet<>());
        }
        text.addListener((obs, old, now) -> changed.run());
        sort.addListener((obs, old, order) -> changed.run());
        semantic.addListener((obs, old, on) -> {
            if (on && sort.get() != null && sort.get() != SortChoice.BEST_MATCH) {
                sort.set(SortChoice.BEST_MATCH); // meaning is a ranking: Semantic sorts by best match (that searches)
            } else {
                changed.run();
            }
        });
    }

    /**
     * The most of the typed text a search sends to the keyword and the embedding search: a pasted essay costs
     * what its first 1,000 characters cost, not minutes.
     */
    static final int MAX_QUESTION = 1000;

    /** The text a search asks for: the typed text, cut to its first {@link #MAX_QUESTION} characters. */
    static String question(String typed) {
        if (typed == null || typed.length() <= MAX_QUESTION) {
            return typed == null ? "" : typed;
        }
        int end = Character.isLowSurrogate(typed.charAt(MAX_QUESTION)) ? MAX_QUESTION - 1 : MAX_QUESTION;
        return typed.substring(0, end);
    }

    /** Whether the typed text is longer than a search asks for. */
    boolean cut() {
        return text.get() != null && text.get().length() > MAX_QUESTION;
    }

    /** The first page of the search these criteria make, with facet counts. */
    KnowledgeQuery query(int page) {
        Map<String, List<String>> filters = new HashMap<>();
        selected.forEach((facet, values) -> {
            if (!values.isEmpty()) {
                filters.put(facet, List.copyOf(values));
            }
        });
        KnowledgeQuery.SortOrder order = switch (sort.get() == null ? SortChoice.BEST_MATCH : sort.get()) {
            case BEST_MATCH -> KnowledgeQuery.SortOrder.RELEVANCE;
            case NEWEST -> KnowledgeQuery.SortOrder.NEWEST;
            case SCORE -> KnowledgeQuery.SortOrder.SCORE;
        };
        return KnowledgeQuery.text(question(text.get())).withFilters(filters).withSort(order).withLimit(page).withFacets(true)
                .withRetrieval(semantic.get() && order == KnowledgeQuery.SortOrder.RELEVANCE
                        ? KnowledgeQuery.Retrieval.HYBRID : KnowledgeQuery.Retrieval.KEYWORD);
    }

    /** Each facet's values as {@code result} counted them; a ticked value it did not count stays, at 0. */
    void showFacets(SearchResult result) {
        for (String facet : KnowledgeQuery.FACETS) {
            List<FacetValue> values = new ArrayList<>();
            Set<String> chosen = selected.get(facet);
            for (SearchResult.FacetCount count : result.facets().getOrDefault(facet, List.of())) {
                if ("tags".equals(facet) && ProvenanceLinks.isLinkTag(count.value())) {
                    continue; // a Brain page's parent and blocker links: provenance, one per page, not a facet
                }
                values.add(new FacetValue(facet, count.value(), count.count(), chosen.contains(count.value())));
            }
            for (String value : chosen) {
                if (values.stream().noneMatch(v -> v.value().equals(value))) {
                    values.add(new FacetValue(facet, value, 0, true));
                }
            }
            facets.get(facet).setAll(values);
        }
    }

    /** Adds or removes a facet value; false (nothing changed) for a facet the browser does not have. */
    boolean toggle(String facet, String value) {
        Set<String> values = selected.get(facet);
        if (values == null) {
            return false;
        }
        if (!values.remove(value)) {
            values.add(value);
        }
        return true;
    }

    /** Clears the text and every facet filter: one change either way. */
    void clear() {
        selected.values().forEach(Set::clear);
        if (text.get().isEmpty()) {
            changed.run();
        } else {
            text.set("");
        }
    }

    /** Whether any words are typed or any facet value is ticked. */
    boolean narrowed() {
        return !text.get().isBlank() || selected.values().stream().anyMatch(s -> !s.isEmpty());
    }

    /** Whether two searches ask the same (the page and facet counts aside). */
    static boolean sameSearch(KnowledgeQuery a, KnowledgeQuery b) {
        return a != null && b != null && Objects.equals(a.text() == null ? "" : a.text().strip(),
                b.text() == null ? "" : b.text().strip()) && a.filters().equals(b.filters()) && a.sort() == b.sort()
                && a.retrieval() == b.retrieval();
    }

    StringProperty text() {
        return text;
    }

    ObjectProperty<SortChoice> sort() {
        return sort;
    }

    BooleanProperty semantic() {
        return semantic;
    }

    ObservableList<FacetValue> facet(String name) {
        return facets.get(name);
    }
}
