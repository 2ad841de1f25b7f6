package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.text.TypeWords;

/**
 * A document's provenance as the detail pane lists it: for a document of a loop (a lesson, pattern or failed
 * target), the retro it came from first, then the loop's other documents, newest first; none for a document of no
 * loop. Each line starts with the document's type in words ("Retro:", "Failed target:"). Blocking: it reads the index.
 */
final class ProvenanceLinks {

    private ProvenanceLinks() {
    }

    static List<LinkRow> of(KnowledgeIndex index, KnowledgeDoc doc) {
        List<LinkRow> links = new ArrayList<>();
        brainLinks(index, doc, links);
        if (doc.loopId() != null) {
            String retroId = "retro:" + doc.loopId();
            if (!doc.id().equals(retroId)) {
                index.get(retroId).ifPresent(r -> links.add(new LinkRow(r.id(), label(r))));
            }
            SearchResult sameLoop = index.search(KnowledgeQuery.all().withLoop(doc.loopId())
                    .withSort(KnowledgeQuery.SortOrder.NEWEST).withLimit(100));
            for (SearchResult.Hit hit : sameLoop.hits()) {
                KnowledgeDoc other = hit.doc();
                if (!other.id().equals(doc.id()) && !other.id().equals(retroId)) {
                    links.add(new LinkRow(other.id(), label(other)));
                }
            }
        }
        return links;
    }

    /** The tag prefixes of a Brain page's links ({@code parent:<id>}, {@code blocker:title:<title>}). */
    private static final List<String> LINKS = List.of("parent:", "blocker:");

    static boolean isLinkTag(String tag) {
        return LINKS.stream().anyMatch(tag::startsWith);
    }

    /**
     * A Brain page's parent and blockers, each one click away: "Parent — Brief: Chart Recall Consumption",
     * "Blocker — Step: …". A link to a page that is not indexed reads "(not indexed)" and opens nothing.
     */
    private static void brainLinks(KnowledgeIndex index, KnowledgeDoc doc, List<LinkRow> links) {
        for (String tag : doc.tags()) {
            String kind = tag.startsWith("parent:") ? "Parent" : tag.startsWith("blocker:") ? "Blocker" : null;
            if (kind == null) {
                continue;
            }
            String target = tag.substring(tag.indexOf(':') + 1);
            Optional<KnowledgeDoc> found = target.startsWith("title:")
                    ? byTitle(index, target.substring("title:".length()))
                    : index.get(target);
            links.add(found.map(d -> new LinkRow(d.id(), kind + " — " + label(d)))
                    .orElseGet(() -> new LinkRow("", kind + " — " + (target.startsWith("title:")
                            ? target.substring(6) : target) + " (not indexed)")));
        }
    }

    private static Optional<KnowledgeDoc> byTitle(KnowledgeIndex index, String title) {
        SearchResult found = index.search(KnowledgeQuery.text(title, 20)
                .withFilters(Map.of("type", List.of("brain_page", "decision"))));
        return found.hits().stream().map(SearchResult.Hit::doc).filter(d -> d.title().equalsIgnoreCase(title))
                .findFirst();
    }

    /**
     * "Failed target: Failed: Add idempotency keys" — the type in the window's words ({@link TypeWords}), never
     * its code ({@code failed_target}); a title that already says its type ("Brain note: loop …") is not prefixed twice.
     */
    static String label(KnowledgeDoc doc) {
        String type = TypeWords.heading(doc.type());
        String title = doc.title() == null || doc.title().isBlank() ? doc.id() : doc.title();
        return title.regionMatches(true, 0, type + ":", 0, type.length() + 1) ? title : type + ": " + title;
    }
}
