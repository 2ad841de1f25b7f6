package app.cli;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.recall.RecallBudget;
import services.recall.RecallPreview;
import services.recall.RecallService;
import services.workspace.Workspace;

/** {@code brain-console search}: the knowledge index, or with --budget the recall an agent would get. */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = "Search system_knowledge. With --budget, show the System Context block an agent would get.")
final class SearchCommand extends WorkspaceCommand {

    @Parameters(paramLabel = "QUERY", arity = "1..*", description = "Words to search for.")
    List<String> words;

    @Option(names = "--type", paramLabel = "T", description = "Only this type (repeatable): adr, skill, retro, lesson, ...")
    List<String> types;

    @Option(names = "--project", paramLabel = "P", description = "Only this project.")
    String project;

    @Option(names = "--budget", paramLabel = "B", description = "lean, balanced, deep or auto: preview the recall.")
    String budget;

    @Option(names = "--mode", paramLabel = "M", description = "How candidates are found: keyword (default without "
            + "--budget), dense (by meaning) or hybrid (both); with --budget, overrides the budget's own (lean: keyword, "
            + "balanced and deep: hybrid).")
    String mode;

    @Option(names = "--sort", paramLabel = "S", description = "relevance (default), newest or score.")
    String sort;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "10", description = "At most N hits (default 10).")
    int limit;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        String text = String.join(" ", words);
        Map<String, List<String>> filters = new HashMap<>();
        if (types != null && !types.isEmpty()) {
            filters.put("type", types);
        }
        if (project != null) {
            filters.put("project", List.of(project));
        }
        RecallBudget b = budget == null ? null : parseBudget(text);
        KnowledgeQuery.Retrieval how = mode != null ? parseMode() : b != null ? b.retrieval() : KnowledgeQuery.Retrieval.KEYWORD;
        try (KnowledgeIndex index = cli.app().openIndex(ws)) {
            if (how != KnowledgeQuery.Retrieval.KEYWORD && !(index instanceof services.embedding.HybridKnowledgeIndex h && h.semanticReady())) {
                cli.message("warning: no embeddings to search by meaning (" + (index instanceof
                        services.embedding.HybridKnowledgeIndex h && !h.embeddings().enabled()
                        ? h.embeddings().disabledReason() : "run sync first") + "); searched by keyword only.");
            }
            if (b != null) {
                RecallPreview preview = cli.app().recall(index).preview(text, b, filters, how);
                cli.print(Map.of("budget", preview.budget().label(), "retrieval", how.name().toLowerCase(),
                        "query", preview.query(),
                        "candidates", preview.candidates(), "injected", preview.injected().stream().map(h -> h.doc().id()).toList(),
                        "context", preview.contextBlock()), preview.contextBlock().stripTrailing());
            } else {
                KnowledgeQuery query = KnowledgeQuery.text(text, Math.max(1, limit)).withFilters(filters)
                        .withSort(parseSort()).withRetrieval(how);
                SearchResult result = index.search(query);
                cli.print(Map.of("query", text, "total", result.total(), "tookMicros", result.tookMicros(),
                        "hits", result.hits().stream().map(SearchResult.Hit::doc).toList()), human(result));
            }
        }
        return 0;
    }

    private RecallBudget parseBudget(String question) {
        try {
            return RecallBudget.parse(budget, question);
        } catch (IllegalArgumentException e) {
            throw new services.errors.ConsoleException("--budget: " + e.getMessage());
        }
    }

    private KnowledgeQuery.Retrieval parseMode() {
        try {
            return KnowledgeQuery.Retrieval.valueOf(mode.strip().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw new services.errors.ConsoleException("--mode: unknown mode \"" + mode + "\" (keyword, dense, hybrid).");
        }
    }

    private KnowledgeQuery.SortOrder parseSort() {
        if (sort == null) {
            return KnowledgeQuery.SortOrder.RELEVANCE;
        }
        try {
            return KnowledgeQuery.SortOrder.valueOf(sort.strip().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw new services.errors.ConsoleException("--sort: unknown order \"" + sort + "\" (relevance, newest, score).");
        }
    }

    private static String human(SearchResult result) {
        StringBuilder out = new StringBuilder((result.total() == 1 ? "1 document matches" : result.total() + " documents match") + " (" + result.tookMicros() / 1000.0 + " ms)");
        for (SearchResult.Hit hit : result.hits()) {
            KnowledgeDoc d = hit.doc();
            out.append("\n  ").append(String.format("%-32s", d.id())).append(' ').append(d.title());
            if (d.project() != null) {
                out.append("  [").append(d.project()).append(']');
            }
            out.append("  ").append(Instant.ofEpochSecond(d.createdAt()).toString(), 0, 10);
        }
        return out.toString();
    }
}
