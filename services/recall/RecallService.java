package services.recall;

import io.opentelemetry.api.common.Attributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.telemetry.Telemetry;

/**
 * The seeds' mandatory retrieval, made visible: the {@code ## System Context} block an agent would have injected
 * before work on a story, under a budget profile.
 */
public final class RecallService {

    private final KnowledgeIndex index;
    private final QueryRewriter rewriter = new QueryRewriter();

    private final Telemetry telemetry;

    public RecallService(KnowledgeIndex index) {
        this(index, Telemetry.noop());
    }

    public RecallService(KnowledgeIndex index, Telemetry telemetry) {
        this(index, telemetry, null);
    }

    /**
     * @param questions the embedding of a question, for the dense half of a rewritten (deep) search: the rewrite
     *                  adds words for the keyword half, and the meaning is best taken from the question as asked
     *                  (null: the index embeds the query text itself)
     */
    public RecallService(KnowledgeIndex index, Telemetry telemetry,
                         Function<String, float[]> questions) {
        this(index, telemetry, questions, Rewrite.KEYWORD_HALF);
    }

    private RecallService(KnowledgeIndex index, Telemetry telemetry,
                          Function<String, float[]> questions, Rewrite rewrite) {
        this.index = index;
        this.telemetry = telemetry;
        this.questions = questions;
        this.rewrite = rewrite;
    }

    private final Function<String, float[]> questions;
    private final Rewrite rewrite;

    /**
     * Which half of a hybrid search a budget that rewrites questions searches with the rewrite:
     * {@link #KEYWORD_HALF} (shipped: the keyword half; the meaning half embeds the question as asked),
     * {@link #BOTH_HALVES}, or {@link #NONE} (the question as asked everywhere). The recall benchmark's variants.
     */
    public enum Rewrite { KEYWORD_HALF, BOTH_HALVES, NONE }

    /** The same service with another rewrite policy. */
    public RecallService withRewrite(Rewrite r) {
        return new RecallService(index, telemetry, questions, r);
    }

    /** The implementor's own injection over the same index. */
    public ImplementorRecall implementor() {
        return new ImplementorRecall(index);
    }

    public RecallPreview preview(String question, RecallBudget budget) {
        return preview(question, budget, Map.of());
    }

    /** @param extraFilters facet filters added to the budget's; a {@code type} filter replaces the budget's types */
    public RecallPreview preview(String question, RecallBudget budget, Map<String, List<String>> extraFilters) {
        return preview(question, budget, extraFilters, budget.retrieval());
    }

    /** The same, finding candidates another way than the budget's (the benchmark's keyword/dense/hybrid columns). */
    public RecallPreview preview(String question, RecallBudget budget, Map<String, List<String>> extraFilters,
                                 KnowledgeQuery.Retrieval retrieval) {
        return preview(question, budget, extraFilters, retrieval, RecallBudget.DEFAULT_LIMIT);
    }

    /** @param limit {@code joelclaw recall --limit}: the budget injects at most that many (capped by its plan) */
    public RecallPreview preview(String question, RecallBudget budget, Map<String, List<String>> extraFilters,
                                 KnowledgeQuery.Retrieval retrieval, int limit) {
        return telemetry.traced("recall.preview", Attributes.of(Telemetry.KIND,
                budget.label()), () -> {
            KnowledgeQuery query = asked(question, budget, query(question, budget, extraFilters, limit)
                    .withRetrieval(retrieval));
            return assemble(question, budget, limit, query.text(), index.search(query));
        }, p -> Attributes.of(Telemetry.COUNT, (long) p.injected().size()));
    }

    /** A rewritten semantic query gets the embedding of the question as asked. */
    private KnowledgeQuery asked(String question, RecallBudget budget, KnowledgeQuery query) {
        if (questions == null || !rewrites(budget, question) || rewrite == Rewrite.BOTH_HALVES
                || query.retrieval() == KnowledgeQuery.Retrieval.KEYWORD || question.isBlank()) {
            return query;
        }
        return query.withVector(questions.apply(question.strip()));
    }

    private KnowledgeQuery query(String question, RecallBudget budget, Map<String, List<String>> extraFilters,
                                 int limit) {
        String text = rewrites(budget, question) ? rewriter.rewrite(question) : question.strip();
        Map<String, List<String>> filters = new HashMap<>();
        if (!budget.types().isEmpty()) {
            filters.put("type", budget.types());
        }
        filters.putAll(extraFilters);
        return KnowledgeQuery.text(text).withFilters(filters).withLimit(budget.fetched(limit)).matchingAny()
                .withRetrieval(budget.retrieval());
    }

    private boolean rewrites(RecallBudget budget, String question) {
        return rewrite != Rewrite.NONE && budget.rewrites(question);
    }

    private RecallPreview assemble(String question, RecallBudget budget, int limit, String text, SearchResult found) {
        List<SearchResult.Hit> injected = new ArrayList<>();
        Set<String> seenText = new HashSet<>();
        Set<String> taken = new HashSet<>();
        for (SearchResult.Hit hit : withoutRepeatedBrainNotes(found.hits())) {
            if (injected.size() == budget.injected(limit)) {
                break;
            }
            if (!taken.add(hit.doc().id()) || !seenText.add(hit.doc().type() + "|" + hit.doc().content().strip())) {
                continue; // the same lesson learned in several loops is injected once
            }
            injected.add(hit);
        }
        return new RecallPreview(budget, text, found.total(), injected, block(question, budget, text, found, injected),
                found.tookMicros());
    }

    /**
     * A brain note ({@code system/brain/codebase/<loop>.md}, the console's own type) repeats its loop's retro: where
     * both are candidates the note is dropped and the retro takes the better of the two places.
     */
    static List<SearchResult.Hit> withoutRepeatedBrainNotes(List<SearchResult.Hit> hits) {
        Map<String, SearchResult.Hit> retros = new HashMap<>();
        for (SearchResult.Hit hit : hits) {
            if (hit.doc().type().equals("retro") && hit.doc().loopId() != null) {
                retros.putIfAbsent(hit.doc().loopId(), hit);
            }
        }
        List<SearchResult.Hit> out = new ArrayList<>();
        for (SearchResult.Hit hit : hits) {
            SearchResult.Hit retro = hit.doc().type().equals("brain_note") && hit.doc().loopId() != null
                    ? retros.get(hit.doc().loopId()) : null;
            out.add(retro != null ? retro : hit); // a retro already placed is skipped by id when injecting
        }
        return out;
    }

    /** All three budgets for one question, for the side-by-side preview: one multi-search where the index has it. */
    public List<RecallPreview> compare(String question) {
        return compare(question, RecallBudget.DEFAULT_LIMIT);
    }

    /** The same at another {@code --limit}. */
    public List<RecallPreview> compare(String question, int limit) {
        List<RecallBudget> budgets = List.of(RecallBudget.LEAN, RecallBudget.BALANCED, RecallBudget.DEEP);
        return telemetry.traced("recall.compare", Attributes.empty(), () -> {
            List<KnowledgeQuery> queries = budgets.stream().map(b -> asked(question, b, query(question, b, Map.of(), limit)))
                    .toList();
            List<SearchResult> found = index.searchAll(queries);
            List<RecallPreview> out = new ArrayList<>();
            for (int i = 0; i < budgets.size(); i++) {
                out.add(assemble(question, budgets.get(i), limit, queries.get(i).text(), found.get(i)));
            }
            return out;
        });
    }

    private String block(String question, RecallBudget budget, String query, SearchResult found,
                         List<SearchResult.Hit> injected) {
        boolean semantic = questions != null;
        StringBuilder out = new StringBuilder("## System Context\n\n");
        out.append("_Retrieved from system_knowledge for \"").append(question.strip()).append("\" (budget ")
                .append(budget.label()).append(": ").append(injected.size()).append(" of ").append(found.total())
                .append(" candidates, ").append(budget.retrieval() == KnowledgeQuery.Retrieval.KEYWORD || !semantic
                        ? "by keyword" : "by keyword and meaning").append(rewrites(budget, question) ? "; query rewritten to \"" + query + "\"" : "")
                .append(")._\n\n");
        if (injected.isEmpty()) {
            out.append("No relevant system knowledge was found. Proceed, and write what you learn as a turn note.\n");
            return out.toString();
        }
        for (SearchResult.Hit hit : injected) {
            KnowledgeDoc doc = hit.doc();
            out.append("- **[").append(doc.type()).append("] ").append(doc.title()).append("**");
            List<String> about = new ArrayList<>();
            if (doc.project() != null) {
                about.add(doc.project());
            }
            if (doc.loopId() != null) {
                about.add(doc.loopId());
            }
            if (doc.status() != null) {
                about.add(doc.status());
            }
            if (!about.isEmpty()) {
                out.append(" (").append(String.join(", ", about)).append(')');
            }
            out.append('\n');
            if (!doc.content().strip().equals(doc.title().strip())) {
                out.append("  ").append(excerpt(doc.content(), budget.excerptChars())).append('\n');
            }
        }
        return out.toString();
    }

    static String excerpt(String content, int max) {
        String flat = content.replaceAll("\\s+", " ").strip();
        return flat.length() <= max ? flat : flat.substring(0, max - 1).strip() + "…";
    }
}
