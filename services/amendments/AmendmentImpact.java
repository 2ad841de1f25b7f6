package services.amendments;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.vault.RetroCounts;

/**
 * Did an amendment help? The outcomes of the loops before and after it, per project, from the retros in the
 * index, over a window of days either side. A retro's counts are those of its file's frontmatter, carried in the
 * title by the console's sync, or the running system's title {@code Loop <id> retro — N passed, M failed}; the
 * story table only for a retro of neither shape (see {@link RetroCounts}).
 */
public final class AmendmentImpact {

    /** Loops and their stories in one window. */
    public record Outcome(int loops, int completed, int failed, int skipped) {
        public String passRate() {
            int stories = completed + failed + skipped;
            return stories == 0 ? "–" : Math.round(100.0 * completed / stories) + "%";
        }

        Outcome plus(RetroCounts counts) {
            return new Outcome(loops + 1, completed + counts.completed(), failed + counts.failed(),
                    skipped + counts.skipped());
        }
    }

    public record ProjectImpact(String project, Outcome before, Outcome after) {
    }

    private static final Outcome NONE = new Outcome(0, 0, 0, 0);

    private final KnowledgeIndex index;

    public AmendmentImpact(KnowledgeIndex index) {
        this.index = index;
    }

    public List<ProjectImpact> around(Instant at, int windowDays) {
        long t = at.getEpochSecond();
        long window = windowDays * 86_400L;
        SearchResult retros = index.search(KnowledgeQuery.text("", 1_000).withFilters(Map.of("type", List.of("retro")))
                .createdBetween(t - window, t + window));
        Map<String, Outcome[]> byProject = new TreeMap<>();
        for (SearchResult.Hit hit : retros.hits()) {
            KnowledgeDoc retro = hit.doc();
            String project = retro.project() == null ? "(no project)" : retro.project();
            Outcome[] pair = byProject.computeIfAbsent(project, p -> new Outcome[] {NONE, NONE});
            int side = retro.createdAt() < t ? 0 : 1;
            pair[side] = pair[side].plus(RetroCounts.ofIndexed(retro.title(), retro.content()));
        }
        List<ProjectImpact> out = new ArrayList<>();
        byProject.forEach((project, pair) -> out.add(new ProjectImpact(project, pair[0], pair[1])));
        return out;
    }
}
