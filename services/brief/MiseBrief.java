package services.brief;

import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.failed.FailedTargetsService;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.vault.RetroParser;
import services.workspace.Workspace;

/**
 * The mise brief (seeds: ADR-0199): everything a pitch or a planner should see before deciding — recent retros,
 * active loops, failed targets, pitch history, recent lessons, system health, capacity — and the verdict, with
 * its reasons. Works without Redis: those parts say "not configured".
 */
public final class MiseBrief {

    public static final int DEFAULT_MAX_LOOPS = 3;

    public record Retro(String loopId, String project, String date, int completed, int failed, int skipped) {
    }

    public record Health(long indexDocuments, String redis, Map<String, String> repos, String lastWatchdog) {
    }

    public record Brief(String generatedAt, List<Retro> recentRetros, List<String> activeLoops, String loopsNote,
                        List<String> failedTargets, List<LoopState.Pitch> pitchHistory, List<String> recentLessons,
                        Health health, int maxConcurrentLoops, boolean pitchAllowed, List<String> reasons,
                        long gatheredMillis) {
    }

    private final Workspace ws;
    private final KnowledgeIndex index;
    private final FailedTargetsService failed;
    private final LoopState loops;
    private final String loopsProblem;
    private final Clock clock;

    /** @param loops null when no Redis is configured; {@code loopsProblem} says why it is missing when it failed */
    public MiseBrief(Workspace ws, KnowledgeIndex index, FailedTargetsService failed, LoopState loops,
                     String loopsProblem, Clock clock) {
        this.ws = ws;
        this.index = index;
        this.failed = failed;
        this.loops = loops;
        this.loopsProblem = loopsProblem;
        this.clock = clock;
    }

    public Brief gather() {
        long start = System.nanoTime();
        List<Retro> retros = new ArrayList<>();
        for (KnowledgeDoc d : docs("retro", 5)) {
            List<RetroParser.Story> stories = RetroParser.stories(d.content());
            retros.add(new Retro(d.loopId(), d.project(), Instant.ofEpochSecond(d.createdAt()).toString().substring(0, 10),
                    count(stories, "pass"), count(stories, "fail"), count(stories, "skip")));
        }
        List<String> lessons = docs("lesson", 5).stream().map(d -> d.content() + " (" + d.project() + ")").toList();
        List<String> active = List.of();
        List<LoopState.Pitch> pitches = List.of();
        Long lastRun = null;
        String redis;
        if (loops == null) {
            redis = loopsProblem == null ? "not configured" : "unreachable: " + loopsProblem;
        } else {
            try {
                active = loops.activeLoops();
                pitches = loops.pitchHistory();
                lastRun = loops.lastWatchdogRun();
                redis = "ok";
            } catch (RuntimeException e) {
                redis = "unreachable: " + e.getMessage();
            }
        }
        List<String> failedTargets = failed.list().targets().stream().filter(t -> t.expiresAtMillis() > clock.millis())
                .map(t -> t.key() + (t.storyTitle().isEmpty() ? "" : " — " + t.storyTitle())).toList();
        Map<String, String> repos = new LinkedHashMap<>();
        repos.put("skillsRepo", Files.isDirectory(ws.skillsRepo().resolve(".git")) ? "ok" : "not a git repository");
        repos.put("behaviourRepo", Files.isDirectory(ws.behaviourRepo().resolve(".git")) ? "ok" : "not a git repository");
        long docsInIndex = index.status().documents();
        Health health = new Health(docsInIndex, redis, repos, lastRun == null
                ? (loops == null ? "not configured" : "never") : Instant.ofEpochMilli(lastRun).toString());
        int max = maxLoops();
        List<String> reasons = new ArrayList<>();
        boolean allowed = true;
        if (loops == null || !"ok".equals(redis)) {
            reasons.add("active loops unknown (Redis " + redis + "): capacity is not checked");
        } else if (active.size() >= max) {
            allowed = false;
            reasons.add("at capacity: " + active.size() + " of " + max + " loops are running");
        } else {
            reasons.add("capacity: " + active.size() + " of " + max + " loops running");
        }
        if (docsInIndex == 0) {
            allowed = false;
            reasons.add("the knowledge index is empty: retrieval would inject nothing (run a sync)");
        }
        if (!pitches.isEmpty() && "pending".equals(pitches.get(pitches.size() - 1).response())) {
            allowed = false;
            reasons.add("the last pitch (" + pitches.get(pitches.size() - 1).adr() + ") is still pending an answer");
        }
        if (!failedTargets.isEmpty()) {
            reasons.add(failedTargets.size() + " failed target(s) must not be pitched again until they expire or are cleared");
        }
        return new Brief(clock.instant().toString(), retros, active, loops == null ? "Redis " + redis : null,
                failedTargets, pitches.size() > 10 ? pitches.subList(pitches.size() - 10, pitches.size()) : pitches,
                lessons, health, max, allowed, reasons, (System.nanoTime() - start) / 1_000_000);
    }

    private List<KnowledgeDoc> docs(String type, int n) {
        return index.search(KnowledgeQuery.text("", n).withFilters(Map.of("type", List.of(type)))
                .withSort(KnowledgeQuery.SortOrder.NEWEST)).hits().stream().map(SearchResult.Hit::doc).toList();
    }

    private int maxLoops() {
        var node = ws.raw().get("maxConcurrentLoops");
        return node != null && node.isInt() && node.asInt() > 0 ? node.asInt() : DEFAULT_MAX_LOOPS;
    }

    private static int count(List<RetroParser.Story> stories, String result) {
        return (int) stories.stream().filter(s -> result.equals(s.result())).count();
    }

    /** The brief as markdown, for people and for an agent's prompt. */
    public static String markdown(Brief b) {
        StringBuilder out = new StringBuilder("# Mise brief\n\n");
        out.append("**Pitch ").append(b.pitchAllowed() ? "allowed" : "not allowed").append("** — ")
                .append(String.join("; ", b.reasons())).append(".\n\n## Recent retros\n\n");
        if (b.recentRetros().isEmpty()) {
            out.append("None indexed.\n");
        }
        b.recentRetros().forEach(r -> out.append("- ").append(r.date()).append(" ").append(r.loopId()).append(" (")
                .append(r.project()).append("): ").append(r.completed()).append(" completed, ").append(r.failed())
                .append(" failed, ").append(r.skipped()).append(" skipped\n"));
        out.append("\n## Active loops\n\n").append(b.loopsNote() != null ? b.loopsNote() + "\n"
                : b.activeLoops().isEmpty() ? "None.\n" : "- " + String.join("\n- ", b.activeLoops()) + "\n");
        out.append("\n## Capacity\n\n").append(b.loopsNote() != null ? "unknown" : b.activeLoops().size() + " of "
                + b.maxConcurrentLoops()).append(" loops\n\n## Failed targets\n\n")
                .append(b.failedTargets().isEmpty() ? "None.\n" : "- " + String.join("\n- ", b.failedTargets()) + "\n");
        out.append("\n## Pitch history\n\n");
        if (b.pitchHistory().isEmpty()) {
            out.append(b.loopsNote() != null ? b.loopsNote() + "\n" : "None.\n");
        }
        b.pitchHistory().forEach(p -> out.append("- ").append(p.pitchedAt()).append(" ADR-").append(p.adr()).append(": ")
                .append(p.response()).append('\n'));
        out.append("\n## Recent lessons\n\n").append(b.recentLessons().isEmpty() ? "None.\n"
                : "- " + String.join("\n- ", b.recentLessons()) + "\n");
        Health h = b.health();
        out.append("\n## System health\n\n- index: ").append(h.indexDocuments()).append(" documents\n- Redis: ")
                .append(h.redis()).append('\n');
        h.repos().forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
        out.append("- last watchdog run: ").append(h.lastWatchdog()).append("\n\n_Gathered in ").append(b.gatheredMillis())
                .append(" ms at ").append(b.generatedAt()).append("._\n");
        return out.toString();
    }
}
