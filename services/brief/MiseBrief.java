package services.brief;

import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.audit.DecisionLog;
import services.audit.Receipts;
import services.failed.FailedTargetsService;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.text.Plural;
import services.vault.RetroCounts;
import services.workspace.Workspace;

/**
 * The mise brief (seeds: ADR-0199): everything a pitch or a planner should see before deciding — recent retros,
 * running loops, failed targets, pitch history, recent lessons, system health, capacity — and the verdict, with
 * each rule that refused. Works without Redis: those parts say "not configured".
 */
public final class MiseBrief {

    public static final int DEFAULT_MAX_LOOPS = 3;
    /** How far back the trust dial's receipts are listed. */
    public static final Duration RECEIPTS = Duration.ofDays(1);

    /** A recent loop's outcome; {@code countsFrom} says where the counts were read (see {@link RetroCounts}). */
    public record Retro(String loopId, String project, String date, int completed, int failed, int skipped,
                        String countsFrom) {
    }

    public record Health(long indexDocuments, String redis, Map<String, String> repos, String lastWatchdog) {
    }

    /**
     * @param activeLoops the running loops (a story neither passed nor skipped)
     * @param endedLoops  loops that ended whose PRD keys are still in Redis: not counted
     * @param reasons     the verdict's reasons: each refusal first, named by its rule, then what was checked
     * @param refusals    the reasons that refused the pitch (the first ones of {@code reasons}); empty when allowed
     * @param problems    Redis values that could not be read, each with its key and the reason
     * @param pitchAllowed true or false when the verdict is known; null when nothing refused but the pitch rules
     *                     could not be checked (no Redis configured: {@code pitchChecked} false)
     * @param pitchChecked false when no Redis is configured, so the pitch rules and capacity were not checked
     * @param prdKeys     the ended loops' PRD keys with their real TTLs (null when Redis was not read)
     * @param pitchGate   the pitch gate: open ADRs and those that pass it (null when not read)
     * @param receipts    the changes the trust dial applied by itself in the last day, newest first: what changed,
     *                    why, from which evidence (proposal, commit), and whether it was reverted
     */
    public record Brief(String generatedAt, List<Retro> recentRetros, List<LoopState.Loop> activeLoops,
                        List<LoopState.Loop> endedLoops, String loopsNote, List<String> failedTargets,
                        List<LoopState.Pitch> pitchHistory, List<String> recentLessons, Health health,
                        int maxConcurrentLoops, Boolean pitchAllowed, boolean pitchChecked, List<String> reasons,
                        List<String> refusals, List<String> problems, long gatheredMillis, PrdKeys prdKeys,
                        PitchGate.Result pitchGate, List<Receipts.Receipt> receipts) {

        public Brief {
            receipts = receipts == null ? List.of() : List.copyOf(receipts);
        }

        public Brief(String generatedAt, List<Retro> recentRetros, List<LoopState.Loop> activeLoops,
                     List<LoopState.Loop> endedLoops, String loopsNote, List<String> failedTargets,
                     List<LoopState.Pitch> pitchHistory, List<String> recentLessons, Health health,
                     int maxConcurrentLoops, Boolean pitchAllowed, boolean pitchChecked, List<String> reasons,
                     List<String> refusals, List<String> problems, long gatheredMillis, PrdKeys prdKeys,
                     PitchGate.Result pitchGate) {
            this(generatedAt, recentRetros, activeLoops, endedLoops, loopsNote, failedTargets, pitchHistory,
                    recentLessons, health, maxConcurrentLoops, pitchAllowed, pitchChecked, reasons, refusals, problems,
                    gatheredMillis, prdKeys, pitchGate, List.of());
        }

        public Brief(String generatedAt, List<Retro> recentRetros, List<LoopState.Loop> activeLoops,
                     List<LoopState.Loop> endedLoops, String loopsNote, List<String> failedTargets,
                     List<LoopState.Pitch> pitchHistory, List<String> recentLessons, Health health,
                     int maxConcurrentLoops, Boolean pitchAllowed, boolean pitchChecked, List<String> reasons,
                     List<String> refusals, List<String> problems, long gatheredMillis) {
            this(generatedAt, recentRetros, activeLoops, endedLoops, loopsNote, failedTargets, pitchHistory,
                    recentLessons, health, maxConcurrentLoops, pitchAllowed, pitchChecked, reasons, refusals, problems,
                    gatheredMillis, null, null);
        }

        /** A brief whose pitch rules were checked. */
        public Brief(String generatedAt, List<Retro> recentRetros, List<LoopState.Loop> activeLoops,
                     List<LoopState.Loop> endedLoops, String loopsNote, List<String> failedTargets,
                     List<LoopState.Pitch> pitchHistory, List<String> recentLessons, Health health,
                     int maxConcurrentLoops, boolean pitchAllowed, List<String> reasons, List<String> refusals,
                     List<String> problems, long gatheredMillis) {
            this(generatedAt, recentRetros, activeLoops, endedLoops, loopsNote, failedTargets, pitchHistory,
                    recentLessons, health, maxConcurrentLoops, pitchAllowed, true, reasons, refusals, problems,
                    gatheredMillis);
        }

        /** The verdict's headline: allowed, no pitch (and the gate that stops it), or not checked (no Redis). */
        public String verdict() {
            if (pitchGate != null && pitchGate.refusal() != null) {
                return "No pitch: no ADR passes the pitch gate (" + PitchGate.STOP + ")";
            }
            if (pitchAllowed == null) {
                return NOT_CHECKED;
            }
            return pitchAllowed ? "Pitch allowed" : "Pitch not allowed";
        }
    }

    public static final String NOT_CHECKED = "Pitch rules not checked (no Redis configured)";

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
            RetroCounts counts = RetroCounts.forLoop(ws.retrosDir(), d.loopId(), d.title(), d.content());
            retros.add(new Retro(d.loopId(), d.project(), Instant.ofEpochSecond(d.createdAt()).toString().substring(0, 10),
                    counts.completed(), counts.failed(), counts.skipped(), counts.from()));
        }
        List<String> lessons = docs("lesson", 5).stream().map(d -> d.content() + " (" + d.project() + ")").toList();
        LoopState.Loops found = new LoopState.Loops(List.of(), List.of(), List.of());
        List<LoopState.Pitch> pitches = List.of();
        Long lastRun = null;
        String redis;
        if (loops == null) {
            redis = loopsProblem == null ? "not configured" : "unreachable: " + trimStop(loopsProblem);
        } else {
            try {
                found = loops.loops();
                pitches = loops.pitchHistory();
                lastRun = loops.lastWatchdogRun();
                redis = "ok";
            } catch (RuntimeException e) {
                redis = "unreachable: " + trimStop(e.getMessage());
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
        List<String> refusals = new ArrayList<>();
        boolean checkedRules = true;
        List<String> checked = new ArrayList<>();
        List<String> problems = new ArrayList<>(found.problems());
        List<LoopState.Loop> active = found.running();
        PrdKeys prdKeys = null;
        PitchGate.Result gate = PitchGate.of(ws.adrDir()); // the running pitch's first step, before its history rules
        String gatePassed = null;
        if (gate.refusal() != null) {
            refusals.add(gate.refusal());
        } else {
            gatePassed = ("pitch gate: " + Plural.of(gate.candidates().size(), "open ADR") + " of "
                    + gate.open() + " pass (readiness ≥ 3, confidence ≥ 3, band do-now or next): ADR-"
                    + String.join(", ADR-", gate.candidates()));
        }
        if (!"ok".equals(redis) && (loops != null || loopsProblem != null)) {
            // the pitch state lives in this Redis: without it no rule can be checked, so nothing is allowed
            refusals.add("Redis unreachable: active loops and pitch history unknown (Redis " + redis + "): capacity "
                    + "and the pitch rules cannot be checked");
        } else if (!"ok".equals(redis)) {
            checkedRules = false;
            checked.add("active loops and pitch history unknown (Redis " + redis + "): capacity and the pitch rules "
                    + "are not checked");
        } else {
            String names = active.isEmpty() ? "" : " (" + String.join(", ", active.stream().map(LoopState.Loop::loopId)
                    .toList()) + ")";
            if (active.size() >= max) {
                refusals.add("at capacity: " + active.size() + " of " + max + " loops are running" + names);
            } else {
                checked.add("capacity: " + active.size() + " of " + max + " loops running" + names);
            }
            if (!found.ended().isEmpty()) {
                prdKeys = PrdKeys.of(found.ended(), found.ttlMillis());
                checked.add(prdKeys.line() + " — not running, not counted");
            }
            PitchRules.Verdict verdict = PitchRules.check(pitches, clock.instant(), Set.copyOf(gate.candidates()));
            refusals.addAll(verdict.refusals());
            verdict.blockedAdrs().forEach((adr, until) -> checked.add("rejected ADR: ADR-" + adr + " was rejected in "
                    + "the last 7 days — not pitched again before " + until));
            problems.addAll(verdict.notes());
        }
        if (gatePassed != null) {
            checked.add(gatePassed);
        }
        if (docsInIndex == 0) {
            refusals.add("empty index: retrieval would inject nothing (run a sync)");
        }
        if (!failedTargets.isEmpty()) {
            checked.add(Plural.of(failedTargets.size(), "failed target")
                    + " must not be pitched again until " + (failedTargets.size() == 1 ? "it expires or is" : "they expire or are")
                    + " cleared");
        }
        List<String> reasons = new ArrayList<>(refusals);
        reasons.addAll(checked);
        return new Brief(clock.instant().toString(), retros, active, found.ended(),
                "ok".equals(redis) ? null : "Redis " + redis, failedTargets,
                pitches.size() > 10 ? pitches.subList(pitches.size() - 10, pitches.size()) : pitches, lessons, health,
                max, !refusals.isEmpty() ? Boolean.FALSE : checkedRules ? Boolean.TRUE : null, checkedRules, reasons,
                refusals, problems, (System.nanoTime() - start) / 1_000_000, prdKeys, gate, receipts(problems));
    }

    /** The trust dial's receipts of the last day; a log that cannot be read is a problem of the brief, not its end. */
    private List<Receipts.Receipt> receipts(List<String> problems) {
        try {
            return Receipts.of(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")), clock.instant(), RECEIPTS);
        } catch (RuntimeException e) {
            problems.add("the trust dial's receipts cannot be read: " + trimStop(e.getMessage()));
            return List.of();
        }
    }

    private List<KnowledgeDoc> docs(String type, int n) {
        return index.search(KnowledgeQuery.text("", n).withFilters(Map.of("type", List.of(type)))
                .withSort(KnowledgeQuery.SortOrder.NEWEST)).hits().stream().map(SearchResult.Hit::doc).toList();
    }

    private static String trimStop(String message) {
        String m = message == null ? "no reason given" : message.strip();
        return m.endsWith(".") ? m.substring(0, m.length() - 1) : m;
    }

    private int maxLoops() {
        Integer loops = ws.settings().brief().maxConcurrentLoops();
        return loops != null ? loops : DEFAULT_MAX_LOOPS;
    }

    /** The brief as markdown, for people and for an agent's prompt. */
    public static String markdown(Brief b) {
        return BriefMarkdown.of(b);
    }
}
