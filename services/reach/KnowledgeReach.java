package services.reach;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.function.Supplier;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeIndex;
import services.knowledge.ScratchIndexes;
import services.recall.ImplementorRecall;
import services.tasks.Lanes;
import services.tasks.ProgressSink;

/**
 * One reach run for a screen or a command: the window's loops (retros, and Redis PRDs when configured), the
 * replay, and the lessons judged on it (changes logged to {@code state/lessons.jsonl}).
 */
public final class KnowledgeReach {

    public record Result(ReachReport report, LessonLifecycle.Evaluation lessons) {
    }

    private final Path retrosDir;
    private final Supplier<LoopPrds> prds;
    private final KnowledgeIndex index;
    private final LessonLifecycle lifecycle;
    private final LessonLog lessons;
    private final Clock clock;
    private final ScratchIndexes scratch;
    private volatile Lanes lanes = Lanes.ONE_BY_ONE;

    public KnowledgeReach(Path retrosDir, Supplier<LoopPrds> prds, KnowledgeIndex index, Path stateDir,
                          LessonLifecycle.Rules rules, Clock clock, ScratchIndexes scratch) {
        this(retrosDir, prds, index, new LessonLog(stateDir), rules, clock, scratch);
    }

    /** With the lessons' log to judge against; a read-only one ({@link LessonLog#writable()} false) is never written. */
    public KnowledgeReach(Path retrosDir, Supplier<LoopPrds> prds, KnowledgeIndex index, LessonLog lessons,
                          LessonLifecycle.Rules rules, Clock clock, ScratchIndexes scratch) {
        this.scratch = scratch;
        this.retrosDir = retrosDir;
        this.prds = prds;
        this.index = index;
        this.lifecycle = new LessonLifecycle(index, lessons, rules);
        this.lessons = lessons;
        this.clock = clock;
    }

    /** Searches the stories' shares side by side in {@code shares} ({@link StoryReplays#sharingWith}). Returns this. */
    public KnowledgeReach sharingWith(Lanes shares) {
        this.lanes = Objects.requireNonNull(shares);
        return this;
    }

    public LessonLifecycle.Rules rules() {
        return lifecycle.rules();
    }

    public Result run(int days, ProgressSink progress) {
        if (days < 1) {
            throw new ConsoleException("Days: give a whole number of days, 1 or more (got " + days + ").");
        }
        Instant now = clock.instant();
        ReachReport report = report(days, false, now, progress);
        return new Result(report, lifecycle.evaluate(report, now));
    }

    /**
     * The reach of the last {@code days} days alone, the lessons' states left as they are ({@code brain-console
     * reach}); {@code full}: every story searched again, ignoring what the last replay kept.
     */
    public ReachReport report(int days, boolean full, ProgressSink progress) {
        return report(days, full, clock.instant(), progress);
    }

    private ReachReport report(int days, boolean full, Instant now, ProgressSink progress) {
        Instant since = now.minus(Duration.ofDays(days));
        progress.update(-1, "Reading the loops of the last " + days + " days");
        LoopHistory.Loaded loaded;
        try (LoopPrds p = prds.get()) {
            loaded = new LoopHistory(retrosDir, p).load(since, now);
        }
        StoryReplays replays = new StoryReplays(index, lessons.file().resolveSibling(ReplayCache.FILE),
                lessons.writable(), now.atZone(ZoneOffset.UTC).toLocalDate(), full).sharingWith(lanes)
                .matchingChangesIn(scratch);
        return new ReachService(new ImplementorRecall(index), index).report(loaded, days, since, replays, progress);
    }
}
