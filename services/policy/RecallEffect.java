package services.policy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import services.embedding.HybridKnowledgeIndex;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.SearchResult;
import services.reach.Loop;
import services.reach.LoopHistory;
import services.reach.LoopPrds;
import services.reach.LoopStories;
import services.recall.ImplementorRecall;
import services.recall.RecallBudget;
import services.recall.RecallService;
import services.review.PlannedChange;
import services.sync.SyncedDocuments;
import services.workspace.Workspace;

/**
 * The effect on recall of approving a change, before it is approved: the documents a sync would write for the
 * changed file ({@link SyncedDocuments}), laid over the index in a read-only view ({@link KnowledgeIndex#overlay}
 * — nothing is written), and the stories of the recent loops (their retros, and PRDs where Redis has them)
 * replayed against the index as it is and as it would be: what the implementor would inject
 * ({@link ImplementorRecall}: lessons, patterns, failed targets and retros only) and what the lean recall budget
 * would under each recall budget (every type, skills included): lean by keyword; balanced and deep by keyword
 * and meaning when the index is hybrid with semantic search on — the overlay then carries the changed documents'
 * vectors ({@link services.embedding.HybridKnowledgeIndex#overlay}). With semantic search off only the
 * implementor and lean are replayed, and the effect says why. A story is listed when a document would come in, go
 * out, or be injected with its new text.
 */
public final class RecallEffect {

    /** Days of loops replayed unless told otherwise. */
    public static final int DEFAULT_DAYS = 14;
    /** Every budget replayed with semantic search on: the implementor's injection and the three recall budgets. */
    public static final List<String> BUDGETS = List.of("implementor", "lean", "balanced", "deep");
    /** The budgets replayed with semantic search off (both by keyword). */
    public static final List<String> KEYWORD_BUDGETS = List.of("implementor", "lean");

    /** One story whose recall would change under one budget: documents in, out, and injected with their new text. */
    public record StoryChange(String loop, String project, String date, String story, String title, String budget,
                              List<String> in, List<String> out, List<String> rewritten) {
        public StoryChange {
            in = List.copyOf(in);
            out = List.copyOf(out);
            rewritten = List.copyOf(rewritten);
        }

        /** {@code loop-x S-3 "title" · lean: +skill:a −lesson:b:0 ~skill:c}. */
        public String line() {
            StringBuilder t = new StringBuilder(loop + " " + story + " \"" + title + "\" · " + budget + ":");
            in.forEach(id -> t.append(" +").append(id));
            out.forEach(id -> t.append(" −").append(id));
            rewritten.forEach(id -> t.append(" ~").append(id));
            return t.toString();
        }
    }

    /**
     * What approving would do to recall.
     *
     * @param documents the ids the change writes or deletes (empty: the index would not change; {@code note} says why)
     * @param stories   how many stories of the window were replayed
     * @param changes   the stories whose recall would change, newest loop first, one row per budget
     * @param problems  loops or PRDs that could not be read
     * @param budgets   the budgets replayed ({@link #BUDGETS}, or {@link #KEYWORD_BUDGETS} with semantic search off)
     * @param notReplayed why balanced and deep were not replayed; null when they were
     */
    public record Effect(List<String> documents, String note, int days, int stories, List<StoryChange> changes,
                         List<String> problems, List<String> budgets, String notReplayed) {
        public Effect {
            documents = List.copyOf(documents);
            changes = List.copyOf(changes);
            problems = List.copyOf(problems);
            budgets = List.copyOf(budgets);
        }

        Effect(List<String> documents, String note, int days, List<String> problems) {
            this(documents, note, days, 0, List.of(), problems, List.of(), null);
        }

        /** Distinct stories whose recall would change, under any budget. */
        public long storiesChanged() {
            return changes.stream().map(c -> c.loop() + "\u0000" + c.story()).distinct().count();
        }

        public long changed(String budget) {
            return changes.stream().filter(c -> c.budget().equals(budget)).count();
        }

        /** The summary and the first changed stories, one line: what the decision log keeps as evidence. */
        public String evidence() {
            if (changes.isEmpty()) {
                return summary();
            }
            List<String> lines = changes.stream().limit(10).map(StoryChange::line).toList();
            return summary() + " — " + String.join("; ", lines) + (changes.size() > 10 ? "; and "
                    + (changes.size() - 10) + " more" : "");
        }

        /** One line for a list, a log or the decision log. */
        public String summary() {
            if (documents.isEmpty()) {
                return "no effect on recall: " + note;
            }
            String docs = String.join(", ", documents);
            if (note != null && stories == 0) {
                return docs + ": " + note;
            }
            String off = notReplayed == null ? "" : "; balanced and deep not replayed: " + notReplayed;
            if (changes.isEmpty()) {
                return docs + ": no recall of the " + stories + " stories of the last " + days + " days would change"
                        + " (" + String.join(", ", budgets) + ")" + off;
            }
            return docs + ": " + storiesChanged() + " of " + stories + " stories of the last " + days + " days would "
                    + "get different recall (" + String.join(", ", budgets.stream().map(b -> b + " " + changed(b)).toList())
                    + ")" + off;
        }
    }

    private final Workspace ws;
    private final Supplier<KnowledgeIndex> indexes;
    private final Supplier<LoopPrds> prds;
    private final Clock clock;

    /**
     * @param indexes opens the workspace's index (closed after each preview)
     * @param prds    opens the loops' PRDs in Redis ({@link LoopPrds#NONE} without Redis)
     */
    public RecallEffect(Workspace ws, Supplier<KnowledgeIndex> indexes, Supplier<LoopPrds> prds, Clock clock) {
        this.ws = ws;
        this.indexes = indexes;
        this.prds = prds;
        this.clock = clock;
    }

    /** The effect of writing {@code change.after()} to its target, over the loops of the last {@code days} days. */
    public Effect of(PlannedChange change, int days) {
        if (days < 1) {
            throw new PolicyException("--recall-days: give a whole number of days, 1 or more (got " + days + ").");
        }
        if (change == null) {
            return new Effect(List.of(), "the proposal has no change to apply", days, List.of());
        }
        if (change.conflicted()) { // approving is refused until the conflict is resolved: it writes nothing
            return new Effect(List.of(), "the proposal conflicts with " + change.path()
                    + " as it is now: approving it writes nothing until the conflict is resolved", days, List.of());
        }
        if (change.noChange()) {
            return new Effect(List.of(), "approving it leaves " + change.path() + " as it is", days, List.of());
        }
        Instant now = clock.instant();
        SyncedDocuments.Change docs = SyncedDocuments.of(ws, change.repo(), change.path(), change.after(),
                now.getEpochSecond());
        if (docs.none()) {
            return new Effect(List.of(), docs.note(), days, List.of());
        }
        LoopHistory.Loaded loaded;
        try (LoopPrds p = prds.get()) {
            loaded = new LoopHistory(ws.retrosDir(), p).load(now.minus(Duration.ofDays(days)), now);
        }
        try (KnowledgeIndex index = indexes.get()) {
            KnowledgeIndex after = index.overlay(docs.upserts(), docs.deleted()).orElse(null);
            if (after == null) {
                return new Effect(docs.ids(), "this index backend cannot preview a change (only the embedded index "
                        + "can)", days, loaded.problems());
            }
            try (after) {
                return replay(docs, loaded, days, index, after, semanticOff(index));
            }
        } catch (ConsoleException e) {
            throw new PolicyException("The effect on recall cannot be computed: " + e.getMessage());
        }
    }

    /**
     * Why balanced and deep cannot be replayed as they would rank (they would search by keyword alone, like lean),
     * or null when semantic search is on and the index holds embeddings.
     */
    static String semanticOff(KnowledgeIndex index) {
        if (!(index instanceof HybridKnowledgeIndex hybrid)) {
            return "semantic search is not available for this index";
        }
        if (!hybrid.embeddings().enabled()) {
            return "semantic search is off — " + hybrid.embeddings().disabledReason();
        }
        if (!hybrid.semanticReady()) {
            return "the index holds no embeddings yet (they are computed after a sync)";
        }
        return null;
    }

    private Effect replay(SyncedDocuments.Change docs, LoopHistory.Loaded loaded, int days, KnowledgeIndex before,
                          KnowledgeIndex after, String semanticOff) {
        List<RecallBudget> budgets = semanticOff == null
                ? List.of(RecallBudget.LEAN, RecallBudget.BALANCED, RecallBudget.DEEP) : List.of(RecallBudget.LEAN);
        List<Loop> loops = loaded.loops().stream().sorted(Comparator.comparing(Loop::date).reversed()).toList();
        LoopStories flat = LoopStories.of(loops);
        List<Loop> owner = flat.owner();
        List<Loop.LoopStory> stories = flat.stories();
        List<ImplementorRecall.Story> asked = flat.asked();
        Set<String> changedIds = new LinkedHashSet<>(docs.upserts().stream().map(KnowledgeDoc::id).toList());
        List<ImplementorRecall.Injection> was = new ImplementorRecall(before).injectAll(asked);
        List<ImplementorRecall.Injection> would = new ImplementorRecall(after).injectAll(asked);
        RecallService recallBefore = new RecallService(before);
        RecallService recallAfter = new RecallService(after);
        List<StoryChange> changes = new ArrayList<>();
        for (int i = 0; i < asked.size(); i++) {
            Loop loop = owner.get(i);
            Loop.LoopStory s = stories.get(i);
            add(changes, loop, s, "implementor", ids(was.get(i).docs()), ids(would.get(i).docs()), changedIds);
            String question = s.title() + (s.description() == null || s.description().isBlank() ? "" : " " + s.description());
            if (!question.isBlank()) {
                for (RecallBudget b : budgets) {
                    add(changes, loop, s, name(b), hitIds(recallBefore.preview(question, b).injected()),
                            hitIds(recallAfter.preview(question, b).injected()), changedIds);
                }
            }
        }
        return new Effect(docs.ids(), docs.note(), days, asked.size(), changes, loaded.problems(),
                semanticOff == null ? BUDGETS : KEYWORD_BUDGETS, semanticOff);
    }

    private static void add(List<StoryChange> out, Loop loop, Loop.LoopStory s, String budget, List<String> was,
                            List<String> would, Set<String> changed) {
        List<String> in = would.stream().filter(id -> !was.contains(id)).toList();
        List<String> gone = was.stream().filter(id -> !would.contains(id)).toList();
        List<String> rewritten = would.stream().filter(id -> was.contains(id) && changed.contains(id)).toList();
        if (!in.isEmpty() || !gone.isEmpty() || !rewritten.isEmpty()) {
            out.add(new StoryChange(loop.loopId(), loop.project(), loop.date().toString(), s.id(), s.title(), budget,
                    in, gone, rewritten));
        }
    }

    private static String name(RecallBudget b) {
        return b.name().toLowerCase(Locale.ROOT);
    }

    private static List<String> ids(List<KnowledgeDoc> docs) {
        return docs.stream().map(KnowledgeDoc::id).toList();
    }

    private static List<String> hitIds(List<SearchResult.Hit> hits) {
        return hits.stream().map(h -> h.doc().id()).toList();
    }

}
