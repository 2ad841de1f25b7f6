package app.cli;

import app.compose.WorkspaceServices;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.brain.CriticalSearch;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.recall.ImplementorRecall;
import services.recall.RecallBudget;
import services.recall.RecallPreview;
import services.vault.AdrDates;
import services.workspace.Workspace;

/**
 * {@code brain-console search}: the knowledge index; with --budget lean|balanced|deep|auto, what {@code joelclaw
 * recall} would return; with --budget implementor, what the agent-loop implementor injects for a story.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = "Search system_knowledge. With --budget, show the System Context block an agent would get: "
                + "--budget implementor is the implementor's own injection for a story (QUERY is its title).")
final class SearchCommand extends WorkspaceCommand {

    @Parameters(paramLabel = "QUERY", arity = "1..*", description = "Words to search for.")
    List<String> words;

    @Option(names = "--type", paramLabel = "T", description = "Only this type (repeatable): adr, skill, retro, lesson, ...")
    List<String> types;

    @Option(names = "--project", paramLabel = "P", description = "Only this project (with --budget implementor: the "
            + "story's project, as the implementor filters by it).")
    String project;

    @Option(names = "--budget", paramLabel = "B", description = "lean, balanced, deep or auto: preview joelclaw recall "
            + "under that budget; implementor: what the agent-loop implementor injects for the story QUERY; critical: "
            + "what joelclaw recall returns today from critical.db (workspace key criticalDb).")
    String budget;

    @Option(names = "--description", paramLabel = "D", description = "With --budget implementor: the story's "
            + "description (the implementor searches title + \" \" + description).")
    String description;

    @Option(names = "--mode", paramLabel = "M", description = "How candidates are found: keyword (default without "
            + "--budget), dense (by meaning) or hybrid (both); with --budget, overrides the budget's own (lean: keyword, "
            + "balanced and deep: hybrid).")
    String mode;

    @Option(names = "--sort", paramLabel = "S", description = "relevance (default), newest or score.")
    String sort;

    @Option(names = "--limit", paramLabel = "N",
            converter = OptionValues.Hits.class, description = "At most N hits (default 10); with a budget, joelclaw "
            + "recall's --limit (default 5; the budget caps it: lean 5, balanced and deep 10).")
    Integer limit;

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
        if (budget != null && budget.strip().equalsIgnoreCase("implementor")) {
            return implementor(ws, text);
        }
        if (description != null) {
            throw OptionValues.invalid(spec.commandLine(), "--description", "only with --budget implementor.");
        }
        if (budget != null && budget.strip().equalsIgnoreCase("critical")) {
            if (types != null || mode != null || sort != null || project != null) {
                throw OptionValues.invalid(spec.commandLine(), "--budget", "critical takes no --type, --mode, --sort "
                        + "or --project (joelclaw recall's critical.db search has none).");
            }
            try (WorkspaceServices svc = cli.services(ws)) {
                StringBuilder human = new StringBuilder();
                Map<String, Object> json = CriticalSearchOutput.run(svc.critical(), ws, text,
                        limit == null ? CriticalSearch.RECALL_LIMIT : limit, svc.clock(), human);
                cli.print(json, human.toString());
            }
            return 0;
        }
        RecallBudget b = budget == null ? null : parseBudget(text);
        KnowledgeQuery.Retrieval how = mode != null ? parseMode() : b != null ? b.retrieval() : KnowledgeQuery.Retrieval.KEYWORD;
        try (WorkspaceServices svc = cli.services(ws)) {
            KnowledgeIndex index = svc.index();
            SearchFilters.checkTypes(spec.commandLine(), types, index);
            if (how != KnowledgeQuery.Retrieval.KEYWORD && !svc.semanticReady()) {
                String off = svc.semanticOffReason();
                cli.message("warning: no embeddings to search by meaning (" + (off != null ? off
                        : "run sync first, without --no-embeddings") + "); searched by keyword only.");
            }
            if (b != null) {
                int n = limit == null ? RecallBudget.DEFAULT_LIMIT : limit;
                RecallPreview preview = svc.recall().preview(text, b, filters, how, n);
                Map<String, Object> json = new LinkedHashMap<>();
                json.put("budget", preview.budget().label());
                json.put("requested", budget.strip().toLowerCase(Locale.ROOT));
                json.put("reason", budget.strip().equalsIgnoreCase("auto") ? RecallBudget.autoReason(text) : "explicit");
                json.put("fetched", b.fetched(n));
                json.put("maxInject", b.injected(n));
                json.put("rewritten", b.rewrites(text));
                json.put("retrieval", how.name().toLowerCase());
                json.put("query", preview.query());
                json.put("candidates", preview.candidates());
                json.put("injected", preview.injected().stream().map(h -> h.doc().id()).toList());
                json.put("context", preview.contextBlock());
                if (preview.candidates() == 0) {
                    unknownProject(index, json).ifPresent(notice -> cli.message("note: " + notice));
                }
                cli.print(json, preview.contextBlock().stripTrailing());
            } else {
                KnowledgeQuery query = KnowledgeQuery.text(text, limit == null ? 10 : limit).withFilters(filters)
                        .withSort(parseSort()).withRetrieval(how);
                SearchResult result = index.search(query);
                Map<String, Object> json = new LinkedHashMap<>();
                json.put("query", text);
                json.put("total", result.total());
                json.put("tookMicros", result.tookMicros());
                json.put("hits", result.hits().stream().map(SearchResult.Hit::doc).toList());
                String human = human(result, ws);
                if (result.total() == 0) {
                    human += unknownProject(index, json).map(notice -> "\n" + notice).orElse("");
                }
                cli.print(json, human);
            }
        }
        return 0;
    }

    /**
     * When --project names a project the index holds no document of (not an error: projects are open-ended), what
     * to say, and {@code unknownProject} and {@code knownProjects} in the JSON.
     */
    private Optional<String> unknownProject(KnowledgeIndex index, Map<String, Object> json) {
        List<String> projects = SearchFilters.projectsIfUnknown(project, index);
        if (projects == null) {
            return Optional.empty();
        }
        json.put("unknownProject", project);
        json.put("knownProjects", projects);
        return Optional.of(SearchFilters.unknownProject(project, projects));
    }

    /** The implementor's injection for the story QUERY (title), --description and --project. */
    private Integer implementor(Workspace ws, String title) {
        if (types != null || mode != null || sort != null || limit != null) {
            throw OptionValues.invalid(spec.commandLine(), "--budget", "implementor takes no --type, --mode, --sort or "
                    + "--limit (the implementor's types, keyword search and limit are fixed).");
        }
        try (WorkspaceServices svc = cli.services(ws)) {
            KnowledgeIndex index = svc.index();
            ImplementorRecall.Injection in = svc.implementorRecall()
                    .inject(title, description == null ? "" : description, project == null ? "" : project);
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("budget", "implementor");
            json.put("query", in.query());
            json.put("project", in.project());
            json.put("droppedWords", in.dropped());
            json.put("injected", in.docs().stream().map(KnowledgeDoc::id).toList());
            json.put("context", in.section());
            cli.print(json, in.section().isEmpty() ? "(nothing: the implementor would leave the System Context section "
                    + "out)\nSearched: " + in.query() + (in.project() == null ? "" : "\nProject: " + in.project())
                    : in.section());
        }
        return 0;
    }

    private RecallBudget parseBudget(String question) {
        try {
            return RecallBudget.parse(budget, question);
        } catch (IllegalArgumentException e) {
            throw OptionValues.notOneOf(spec.commandLine(), "--budget", budget, "a recall budget",
                    List.of("lean", "balanced", "deep", "auto", "implementor (the implementor's own injection)",
                            "critical (what joelclaw recall reads first: critical.db)"));
        }
    }

    private KnowledgeQuery.Retrieval parseMode() {
        try {
            return KnowledgeQuery.Retrieval.valueOf(mode.strip().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw OptionValues.notOneOf(spec.commandLine(), "--mode", mode, "a retrieval mode",
                    List.of("keyword", "dense", "hybrid"));
        }
    }

    private KnowledgeQuery.SortOrder parseSort() {
        if (sort == null) {
            return KnowledgeQuery.SortOrder.RELEVANCE;
        }
        try {
            return KnowledgeQuery.SortOrder.valueOf(sort.strip().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw OptionValues.notOneOf(spec.commandLine(), "--sort", sort, "a sort order",
                    List.of("relevance", "newest", "score"));
        }
    }

    private static String human(SearchResult result, Workspace ws) {
        StringBuilder out = new StringBuilder((result.total() == 1 ? "1 document matches" : result.total() + " documents match")
                + (result.hits().size() < result.total() // the limit stopped it: say so, and how to see the rest
                        ? ", showing " + result.hits().size() + " of " + result.total() + " (--limit N for more)" : "")
                + " (" + result.tookMicros() / 1000.0 + " ms)");
        for (SearchResult.Hit hit : result.hits()) {
            KnowledgeDoc d = hit.doc();
            out.append("\n  ").append(String.format("%-32s", d.id())).append(' ').append(d.title());
            if (d.project() != null) {
                out.append("  [").append(d.project()).append(']');
            }
            if ("adr".equals(d.type())) { // its own date, as the window's list shows it: a sync's day says nothing
                // read from its file when the vault is here (a frontmatter date is not in the content), as the
                // window's detail does; a handful of small files for a page of hits
                String dated = AdrDates.ofSource(d.source(), ws.adrDir(), d.content());
                if (dated != null) {
                    out.append("  dated ").append(dated);
                }
            } else {
                out.append("  ").append(Instant.ofEpochSecond(d.createdAt()).toString(), 0, 10);
            }
        }
        return out.toString();
    }
}
