package services.reach;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.recall.ImplementorRecall;
import services.tasks.ProgressSink;

/**
 * Replays {@link ImplementorRecall} for every story of the loops of a window and tells, per document, how many
 * stories (of which loops and projects, first and last) it reached; which lessons, patterns and failed targets no
 * story got, and why; and which reached stories that then failed.
 * <p>
 * The index is today's: a document written by a story's own loop, or created after the loop's date, is taken out
 * of that story's hits before the first {@value ImplementorRecall#PER_PAGE} are counted as injected (documents
 * since deleted cannot be replayed).
 * <p>
 * Why a document was never reached, first rule that holds: {@code type excluded} (its type is not one the
 * implementor asks for: a brain note); {@code wrong project} (no story of the window ran in its project — the
 * implementor filters {@code project:=<story's project>}, and a document without a project only reaches stories
 * without one); {@code outranked} (a story's search found it, ranked below the {@value ImplementorRecall#PER_PAGE}
 * injected, within the first {@value #DEPTH}); {@code too new} (found only for stories that ran before it was
 * written, or by its own loop); {@code no match} otherwise (no story's words found it).
 */
public final class ReachService {

    /** Hits looked at per story to tell "outranked" from "no match". */
    public static final int DEPTH = 10;
    /** The types whose unreached documents are listed. */
    public static final List<String> WATCHED = List.of("lesson", "pattern", "failed_target", "brain_note");

    private final KnowledgeIndex index;

    public ReachService(ImplementorRecall implementor, KnowledgeIndex index) {
        this.index = index;
    }

    public ReachReport report(LoopHistory.Loaded loaded, int days, Instant since, ProgressSink progress) {
        return report(loaded, days, since, new StoryReplays(index, null, false, null), progress);
    }

    /** The report, with the stories searched by {@code replays} (incrementally when it keeps a cache). */
    public ReachReport report(LoopHistory.Loaded loaded, int days, Instant since, StoryReplays replays,
                              ProgressSink progress) {
        List<Loop> loops = loaded.loops().stream().sorted(Comparator.comparing(Loop::date)).toList();
        LoopStories flat = LoopStories.of(loops);
        List<Loop> owner = flat.owner();
        List<Loop.LoopStory> stories = flat.stories();
        List<ImplementorRecall.Story> asked = flat.asked();
        List<ReachReport.StoryReach> perStory = new ArrayList<>();
        Map<String, Acc> reached = new LinkedHashMap<>();
        Map<String, Integer> outranked = new HashMap<>();
        Map<String, Integer> tooNew = new HashMap<>();
        StoryReplays.Result replayed = replays.replay(asked, DEPTH, progress);
        for (int i = 0; i < asked.size(); i++) {
            List<KnowledgeDoc> ranked = replayed.ranked().get(i);
            Loop loop = owner.get(i);
            Loop.LoopStory s = stories.get(i);
            List<KnowledgeDoc> existed = ranked.stream().filter(d -> existed(d, loop)).toList();
            List<KnowledgeDoc> injected = existed.subList(0, Math.min(ImplementorRecall.PER_PAGE, existed.size()));
            perStory.add(new ReachReport.StoryReach(loop.loopId(), loop.project(), loop.date().toString(), s.id(),
                    s.title(), s.result(), s.attempts(), s.description() != null,
                    injected.stream().map(KnowledgeDoc::id).toList()));
            for (KnowledgeDoc d : injected) {
                reached.computeIfAbsent(d.id(), k -> new Acc(d)).add(loop, s);
            }
            for (KnowledgeDoc d : existed.subList(injected.size(), existed.size())) {
                outranked.merge(d.id(), 1, Integer::sum);
            }
            ranked.stream().filter(d -> !existed(d, loop)).forEach(d -> tooNew.merge(d.id(), 1, Integer::sum));
        }
        StoryReplays.Stats st = replayed.stats();
        progress.update(1, st.full() ? "Replayed " + asked.size() + " stories" : "Replayed " + st.replayed() + " of "
                + asked.size() + " stories (" + st.documentsChanged() + " documents changed since the last run)");
        List<ReachReport.DocReach> docs = reached.values().stream().map(Acc::toReach)
                .sorted(Comparator.comparingInt(ReachReport.DocReach::stories).reversed()
                        .thenComparing(ReachReport.DocReach::id)).toList();
        List<ReachReport.DocReach> failed = docs.stream().filter(d -> d.failedStories() > 0)
                .sorted(Comparator.comparingInt(ReachReport.DocReach::failedStories).reversed()
                        .thenComparing(ReachReport.DocReach::id)).toList();
        Set<String> storyProjects = new HashSet<>();
        loops.forEach(l -> storyProjects.add(l.project() == null ? "" : l.project()));
        List<ReachReport.NeverReached> never = never(reached.keySet(), outranked, tooNew, storyProjects);
        return new ReachReport(days, since.toString(), loops.size(), perStory, docs, never, failed, loaded.problems(),
                replayed.stats());
    }

    /**
     * Whether the document was there when the loop ran: not written by the loop itself (its retro, its lessons,
     * its failed targets) nor created after the loop's date. A document without a creation time counts as old.
     */
    static boolean existed(KnowledgeDoc d, Loop loop) {
        if (loop.loopId().equals(d.loopId())) {
            return false;
        }
        return d.createdAt() <= 0 || d.createdAt() <= loop.date().getEpochSecond();
    }

    private List<ReachReport.NeverReached> never(Set<String> reached, Map<String, Integer> outranked,
                                                 Map<String, Integer> tooNew, Set<String> storyProjects) {
        List<ReachReport.NeverReached> out = new ArrayList<>();
        for (KnowledgeDoc d : watched(reached)) {
            String id = d.id();
            String project = d.project() == null || d.project().isBlank() ? null : d.project();
            String why;
            String detail;
            if (!ImplementorRecall.TYPES.contains(d.type())) {
                why = "type excluded";
                detail = "the implementor asks for " + String.join(", ", ImplementorRecall.TYPES) + ", not " + d.type();
            } else if (!storyProjects.contains("") && (project == null || !storyProjects.contains(project))) {
                why = "wrong project";
                detail = project == null ? "it has no project and every story ran in one"
                        : "no story of the window ran in " + project;
            } else if (outranked.containsKey(id)) {
                int n = outranked.get(id);
                why = "outranked";
                detail = "found for " + n + (n == 1 ? " story" : " stories") + " but ranked below the "
                        + ImplementorRecall.PER_PAGE + " injected";
            } else if (tooNew.containsKey(id)) {
                int n = tooNew.get(id);
                why = "too new";
                detail = "found for " + n + (n == 1 ? " story" : " stories") + " that ran before it was written";
            } else {
                why = "no match";
                detail = "no story's title and description found it";
            }
            out.add(new ReachReport.NeverReached(id, d.type(), StoryReplays.shownTitle(d), project, why, detail));
        }
        return out;
    }

    private static final int PAGE = 5000;

    /** The lessons, patterns, failed targets and brain notes not reached, by id: read a page at a time. */
    private List<KnowledgeDoc> watched(Set<String> reached) {
        Map<String, KnowledgeDoc> out = new TreeMap<>();
        KnowledgeQuery all = KnowledgeQuery.all().withFilter("type", WATCHED).withSort(KnowledgeQuery.SortOrder.NEWEST)
                .withLimit(PAGE);
        for (int offset = 0; ; offset += PAGE) {
            List<SearchResult.Hit> hits = index.search(all.withPage(offset, PAGE)).hits();
            hits.stream().map(SearchResult.Hit::doc).filter(d -> !reached.contains(d.id()))
                    .forEach(d -> out.putIfAbsent(d.id(), d));
            if (hits.size() < PAGE) {
                break;
            }
        }
        return List.copyOf(out.values());
    }

    /** What is known of one reached document so far. */
    private static final class Acc {
        private final KnowledgeDoc doc;
        private int stories;
        private int firstAttempt;
        private int failed;
        private final Set<String> loops = new LinkedHashSet<>();
        private final Set<String> projects = new LinkedHashSet<>();
        private Instant first;
        private Instant last;

        Acc(KnowledgeDoc doc) {
            this.doc = doc;
        }

        void add(Loop loop, Loop.LoopStory s) {
            stories++;
            firstAttempt += s.passedFirstAttempt() ? 1 : 0;
            failed += "fail".equals(s.result()) ? 1 : 0;
            loops.add(loop.loopId());
            if (loop.project() != null) {
                projects.add(loop.project());
            }
            first = first == null || loop.date().isBefore(first) ? loop.date() : first;
            last = last == null || loop.date().isAfter(last) ? loop.date() : last;
        }

        ReachReport.DocReach toReach() {
            return new ReachReport.DocReach(doc.id(), doc.type(), StoryReplays.shownTitle(doc), doc.project(), stories, firstAttempt,
                    failed, List.copyOf(loops), List.copyOf(projects), first.toString(), last.toString());
        }
    }
}
