package services.recall;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneWords;
import services.knowledge.SearchResult;
import services.vault.RetroCounts;
import services.vault.SystemRetro;

/**
 * What the running system's implementor really injects before it works on a story (ADR-0199), replayed:
 * {@code agent-loop/implement.ts} calls {@code querySystemKnowledge(`${story.title} ${story.description}`,
 * {types: [lesson, pattern, failed_target, retro], limit: 5, project})} ({@code lib/typesense.ts}), which searches
 * {@code system_knowledge} by {@code title,content}, filtered by {@code type:[…] && project:=<project>} (no project
 * filter when the project is empty), with {@code per_page = max(2, ⌈5 / 4⌉) = 2} — the limit is spread over four
 * collections (the other three, {@code memory_observations}, {@code system_log} and {@code discoveries}, are not
 * the console's) — and injects each hit as {@code ### [type] title\n<first 1000 characters of content>}, joined
 * by blank lines, under {@code ## System Context (from prior loops)}. So an agent gets at most two documents of
 * {@code system_knowledge}.
 * <p>
 * The search is the index's keyword search with every word required and, when nothing matches, words dropped from
 * the right (then from the left) until something does — Typesense's defaults ({@code drop_tokens_threshold} 1,
 * {@code right_to_left}); a Typesense index does this itself, Lucene is asked again. Lucene has no typo tolerance,
 * so there the replay is close, not exact. Plain and fast: one keyword search per story, a few more only for
 * stories whose whole text matches nothing; {@link #injectAll} batches the first searches of many stories.
 */
public final class ImplementorRecall {

    /** The types the implementor asks for. */
    public static final List<String> TYPES = List.of("lesson", "pattern", "failed_target", "retro");
    /** The implementor's limit, over all of querySystemKnowledge's collections. */
    public static final int LIMIT = 5;
    /** querySystemKnowledge's default collections: system_knowledge and three the console does not have. */
    public static final int COLLECTIONS = 4;
    /** Hits asked of system_knowledge: {@code per_page = max(2, ⌈limit / collections⌉)}. */
    public static final int PER_PAGE = Math.max(2, (LIMIT + COLLECTIONS - 1) / COLLECTIONS);
    /** Characters of content injected per document. */
    public static final int CONTENT_CHARS = 1000;
    /** The section's label in the implementor's prompt. */
    public static final String HEADING = "## System Context (from prior loops)";

    /** A story as the implementor sees it; a null description is written "undefined", as JavaScript does. */
    public record Story(String title, String description, String project) {
    }

    /**
     * What the implementor injects for one story.
     *
     * @param query   the text searched ({@code title + " " + description})
     * @param project the project filter, or null when there is none
     * @param docs    the documents injected, best first (at most {@link #PER_PAGE})
     * @param blocks  the {@code ### [type] title} blocks joined by blank lines; empty when nothing was found
     * @param dropped how many words were dropped from the query before something matched (0: all matched)
     */
    public record Injection(String query, String project, List<KnowledgeDoc> docs, String blocks, int dropped) {

        public Injection {
            docs = List.copyOf(docs);
        }

        /** The section as it appears in the prompt, or empty: the implementor leaves an empty one out. */
        public String section() {
            return blocks.isEmpty() ? "" : HEADING + "\n\n" + blocks;
        }
    }

    private final KnowledgeIndex index;

    public ImplementorRecall(KnowledgeIndex index) {
        this.index = index;
    }

    public Injection inject(String storyTitle, String description, String project) {
        return injectAll(List.of(new Story(storyTitle, description, project))).get(0);
    }

    /** Many stories (every story of past loops, say): the whole-text searches go in one multi-search. */
    public List<Injection> injectAll(List<Story> stories) {
        return replayAll(stories, PER_PAGE).stream().map(Replay::injection).toList();
    }

    /**
     * An injection and the documents ranked just below it: {@code ranked} holds the first {@code depth} hits of
     * the same search (the injected ones first), so a document ranked past {@link #PER_PAGE} was outranked.
     */
    public record Replay(Injection injection, List<KnowledgeDoc> ranked) {

        public Replay {
            ranked = List.copyOf(ranked);
        }
    }

    /** {@link #injectAll} that also keeps the first {@code depth} (at least {@link #PER_PAGE}) hits of each search. */
    public List<Replay> replayAll(List<Story> stories, int depth) {
        int limit = Math.max(PER_PAGE, depth);
        List<KnowledgeQuery> first = new ArrayList<>();
        for (Story s : stories) {
            first.add(query(queryText(s), s.project(), limit + SPARE));
        }
        List<SearchResult> found = index.searchAll(first);
        List<Replay> out = new ArrayList<>();
        for (int i = 0; i < stories.size(); i++) {
            Story s = stories.get(i);
            String text = queryText(s);
            SearchResult result = found.get(i);
            int dropped = 0;
            if (result.hits().isEmpty()) {
                Map.Entry<Integer, SearchResult> fewer = dropTokens(text, s.project(), limit);
                if (fewer != null) {
                    dropped = fewer.getKey();
                    result = fewer.getValue();
                }
            }
            boolean whole = dropped == 0;
            List<KnowledgeDoc> ranked = result.hits().stream().map(SearchResult.Hit::doc)
                    .map(d -> asSystem(d, whole ? text : null)).filter(Objects::nonNull).limit(limit)
                    .toList();
            List<KnowledgeDoc> docs = ranked.subList(0, Math.min(PER_PAGE, ranked.size()));
            out.add(new Replay(new Injection(text, projectFilter(s.project()), docs, blocks(docs), dropped), ranked));
        }
        return out;
    }

    /** The projects the index holds documents of, most documents first (for a project field's choices). */
    public List<String> projects() {
        SearchResult all = index.search(KnowledgeQuery.all().withSort(KnowledgeQuery.SortOrder.NEWEST).withLimit(0)
                .withFacets(true));
        return all.facets().getOrDefault("project", List.of()).stream().map(SearchResult.FacetCount::value).toList();
    }

    /** {@code `${story.title} ${story.description}`}. */
    public static String queryText(Story s) {
        return js(s.title()) + " " + js(s.description());
    }

    private static String js(String value) {
        return value == null ? "undefined" : value;
    }

    private static String projectFilter(String project) {
        return project == null || project.isEmpty() ? null : project;
    }

    /**
     * The search the implementor makes for {@code text} (a story's whole text, or what is left of it after words
     * were dropped): every word required, its types and project, {@code limit} hits.
     */
    public static KnowledgeQuery query(String text, String project, int limit) {
        Map<String, List<String>> filters = new HashMap<>();
        filters.put("type", TYPES);
        String p = projectFilter(project);
        if (p != null) {
            filters.put("project", List.of(p));
        }
        return KnowledgeQuery.text(text).withFilters(filters).withLimit(limit);
    }

    /**
     * The longest run of the query's words, kept from the left (then from the right), that matches something:
     * Typesense drops words from the right first. Fewer words of a prefix can only match more, so the longest
     * matching prefix is found by bisection. Returns the number of words dropped and the result, or null.
     */
    private Map.Entry<Integer, SearchResult> dropTokens(String text, String project, int limit) {
        List<String> words = Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
        if (words.size() < 2) {
            return null;
        }
        for (boolean fromRight : new boolean[] {true, false}) {
            int lo = 1;
            int hi = words.size() - 1;
            Map.Entry<Integer, SearchResult> best = null;
            while (lo <= hi) {
                int keep = (lo + hi) >>> 1;
                List<String> kept = fromRight ? words.subList(0, keep) : words.subList(words.size() - keep, words.size());
                SearchResult r = index.search(query(String.join(" ", kept), project, limit + SPARE));
                if (r.hits().isEmpty()) {
                    hi = keep - 1;
                } else {
                    best = Map.entry(words.size() - keep, r);
                    lo = keep + 1;
                }
            }
            if (best != null) {
                return best;
            }
        }
        return null;
    }

    /** Hits asked beyond the limit, to take the place of a console retro the system's document would not match. */
    private static final int SPARE = 4;

    /**
     * The document the running system has where the console's sync wrote its own: a retro becomes the system's
     * retro document ({@link SystemRetro}: title {@code Loop <id> retro — N passed, M failed}, summary, analysis,
     * narrative and patterns, no story table). When {@code query} is given (the story's whole text matched), a
     * retro that matched only through what the system's document leaves out (its story table) is dropped: null.
     */
    static KnowledgeDoc asSystem(KnowledgeDoc doc, String query) {
        if (!"retro".equals(doc.type()) || SystemRetro.isSystemTitle(doc.title())) {
            return doc;
        }
        RetroCounts counts = RetroCounts.ofIndexed(doc.title(), doc.content());
        String loop = doc.loopId() != null ? doc.loopId() : doc.id().replaceFirst("^retro:", "");
        String title = SystemRetro.title(loop, counts.completed(), counts.failed());
        String content = SystemRetro.content(doc.content());
        if (query != null && !LuceneWords.stems((title + "\n" + content).toLowerCase(Locale.ROOT))
                .containsAll(LuceneWords.stems(query.toLowerCase(Locale.ROOT)))) {
            return null;
        }
        return new KnowledgeDoc(doc.id(), doc.type(), title, content, doc.source(), doc.project(), doc.loopId(),
                doc.status(), doc.score(), doc.tags(), doc.createdAt(), doc.embedding());
    }

    /** {@code ### [type] title\n<content.slice(0, 1000)>}, joined by blank lines. */
    static String blocks(List<KnowledgeDoc> docs) {
        List<String> out = new ArrayList<>();
        for (KnowledgeDoc d : docs) {
            String content = d.content();
            out.add("### [" + d.type() + "] " + d.title() + "\n"
                    + (content.length() > CONTENT_CHARS ? content.substring(0, CONTENT_CHARS) : content));
        }
        return String.join("\n\n", out);
    }
}
