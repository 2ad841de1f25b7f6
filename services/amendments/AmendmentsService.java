package services.amendments;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.text.PlainText;
import services.audit.Trailers;
import services.telemetry.Telemetry;
import services.text.CheckedNumber;
import services.text.KindWords;
import services.workspace.Reviewer;
import services.workspace.Workspace;

/**
 * Dream amendments that were applied automatically (the {@code applied} outputs of {@code dream/log.jsonl}),
 * joined with their commits, and reverted on request. The log is never rewritten: a revert appends a line.
 */
public final class AmendmentsService {

    /** {@code LEFT_ALONE}: the logged commit is not the dream's own amendment ({@link AmendmentOwnership}); never reverted. */
    public enum Status { APPLIED, REVERTED, COMMIT_MISSING, LEFT_ALONE }

    /** The actions of formats.md part 11. */
    private static final Set<String> ACTIONS = Set.of("applied", "staged", "reverted", "approved",
            "rejected");

    public record Amendment(String id, String kind, String risk, String target, String cycle, Instant at, String sha,
                            String branch, String repo, Status status, String revertedBy, List<String> evidence,
                            String note) {
        public String label() {
            return status == Status.COMMIT_MISSING ? "commit missing" : status == Status.LEFT_ALONE ? "left alone"
                    : status.name().toLowerCase();
        }

        /** The kind in words, as the window and the command line say it: "SOUL amendment", "skill amendment". */
        public String kindWords() {
            if (kind == null || kind.isBlank()) {
                return "amendment";
            }
            String words = KindWords.of(kind);
            return words != null ? words : kind.toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** The amendments, newest first, and the log lines that could not be read (with their line numbers). */
    public record Listing(List<Amendment> amendments, List<String> problems) {
    }

    /** A revert made: the amendment's commit and id, the revert's commit, its branch and repository. */
    public record Reverted(String sha, String revertSha, String branch, String repo, String id) {
        public Reverted(String sha, String revertSha, String branch, String repo) {
            this(sha, revertSha, branch, repo, "");
        }
    }

    /** A run reverted: its id, the reverts made (newest first on each branch), and the amendments left out. */
    public record RunReverted(String run, List<Reverted> reverted, List<RevertReport.LeftOut> leftOut) {
    }

    private final Workspace ws;
    private final Clock clock;
    private final Function<Path, AmendmentHistory> histories;
    private final DecisionLog dreamLog;
    private final DecisionLog decisions;
    private final DecisionLock lock;
    private final Telemetry telemetry;
    private final AmendmentReverts reverts;
    private final RunReverts runs;
    private volatile DecisionSharing sharing = DecisionSharing.NONE;

    public AmendmentsService(Workspace ws, Clock clock) {
        this(ws, clock, JGitAmendmentHistory::new);
    }

    public AmendmentsService(Workspace ws, Clock clock, Function<Path, AmendmentHistory> histories) {
        this(ws, clock, histories, Telemetry.noop());
    }

    public AmendmentsService(Workspace ws, Clock clock, Function<Path, AmendmentHistory> histories,
                             Telemetry telemetry) {
        this.telemetry = telemetry;
        this.ws = ws;
        this.clock = clock;
        this.histories = histories;
        this.dreamLog = new DecisionLog(ws.dreamDir().resolve("log.jsonl"));
        this.decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl"));
        this.lock = new DecisionLock(ws.stateDir());
        this.reverts = new AmendmentReverts(new AmendmentReverts.Parts(ws, clock, histories, this::root,
                () -> listAsRecorded().amendments(), dreamLog, decisions, lock));
        this.runs = new RunReverts(reverts);
    }

    /** Shares the review branch through its remote: fetched before a revert, pushed after one; none by default. */
    public void share(DecisionSharing sharing) {
        this.sharing = sharing;
    }

    /** Fault-injection seam for the crash tests: told "begun", "committed", "recorded" as each revert goes. */
    public void onStep(Consumer<String> steps) {
        reverts.onStep(steps);
    }

    /**
     * Records the reverts a crash or a failed write kept out of the logs (their intent is in the decisions log): one
     * line each; a read-only workspace is left as it is.
     */
    public List<String> recover() {
        if (ws.readOnly()) {
            return List.of();
        }
        RevertIntents.Recovery r = reverts.recover(Reviewer.of(ws));
        List<String> out = new ArrayList<>(r.recorded());
        r.unrecorded().forEach((sha, why) -> out.add("The revert of " + abbreviate(sha) + " is not recorded yet: " + why));
        return out;
    }

    /** The amendments, after recording any revert a crash kept out of the logs ({@link #recover}). */
    public Listing list() {
        List<String> recovered = List.of();
        try {
            recovered = recover();
        } catch (RuntimeException e) {
            recovered = List.of("Reverts cut short could not be reconciled: " + e.getMessage());
        }
        Listing l = listAsRecorded();
        if (recovered.isEmpty()) {
            return l;
        }
        List<String> problems = new ArrayList<>(recovered);
        problems.addAll(l.problems());
        return new Listing(l.amendments(), problems);
    }

    private Listing listAsRecorded() {
        DecisionLog.Read read = dreamLog.read();
        Map<String, String> revertedBy = new HashMap<>();
        List<JsonNode> applied = new ArrayList<>();
        List<Instant> appliedAt = new ArrayList<>();
        List<String> cycles = new ArrayList<>();
        List<String> problems = new ArrayList<>(read.problems());
        for (JsonNode line : read.entries()) {
            String entry = "dream log entry " + PlainText.oneLine(line.path("cycle").asText("?")) + " ("
                    + PlainText.oneLine(line.path("ts").asText("no ts")) + ")";
            if (!line.path("outputs").isArray()) {
                problems.add(entry + ": 'outputs' is not a list — skipped");
                continue;
            }
            for (JsonNode output : line.path("outputs")) {
                String action = output.path("action").asText();
                if (!ACTIONS.contains(action)) {
                    problems.add(entry + ", output " + PlainText.oneLine(output.path("id").asText("?")) + ": unknown action "
                            + PlainText.shown(action) + " — skipped");
                    continue;
                }
                String unusable = DreamOutputCheck.problem(output);
                if (unusable != null) {
                    problems.add(entry + ", output " + PlainText.shown(output.path("id").asText("?")) + ": " + unusable
                            + " — skipped");
                    continue;
                }
                if ("reverted".equals(action) && output.hasNonNull("reverts")) {
                    revertedBy.put(output.get("reverts").asText(), output.path("sha").asText(""));
                } else if ("applied".equals(action)) {
                    applied.add(output);
                    appliedAt.add(instant(line.path("ts").asText(null), entry, problems));
                    cycles.add(PlainText.oneLine(line.path("cycle").asText("")));
                }
            }
        }
        List<Amendment> out = new ArrayList<>();
        try (Repos repos = new Repos()) {
            for (int i = 0; i < applied.size(); i++) {
                out.add(join(applied.get(i), appliedAt.get(i), cycles.get(i), revertedBy, repos));
            }
        }
        out.sort(Comparator.comparing(Amendment::at, Comparator.nullsLast(Comparator.reverseOrder())));
        return new Listing(out, problems);
    }

    private Amendment join(JsonNode o, Instant at, String cycle, Map<String, String> revertedBy, Repos repos) {
        String id = o.path("id").asText("");
        String kind = o.path("kind").asText("");
        String sha = o.path("sha").asText("");
        String branch = o.path("branch").asText("");
        String note = "";
        for (String repo : repos.order(kind)) {
            AmendmentHistory history = repos.get(repo);
            if (history == null) {
                continue;
            }
            Optional<AmendmentHistory.CommitInfo> commit = sha.isEmpty() ? Optional.empty() : history.commit(sha);
            if (commit.isEmpty() && !id.isEmpty() && !branch.isEmpty()) {
                commit = history.findByTrailer(branch, "Proposal-Id", id);
                if (commit.isPresent()) {
                    note = "the logged sha " + abbreviate(sha) + " is gone; found by its Proposal-Id trailer";
                }
            }
            if (commit.isPresent()) {
                String found = commit.get().sha();
                Optional<String> foreign = AmendmentOwnership.whyLeftAlone(ws, history, commit.get(), id,
                        o.path("target").asText(""), branch);
                if (foreign.isPresent()) {
                    return new Amendment(id, kind, o.path("risk").asText(""), o.path("target").asText(""), cycle,
                            at != null ? at : Instant.ofEpochSecond(commit.get().epochSeconds()), found, branch, repo,
                            Status.LEFT_ALONE, null, List.of(), foreign.get());
                }
                String revert = revertedBy.get(found);
                if (revert != null && history.commit(revert).map(c -> !trailers(c.message(), "Reverts").contains(found)
                        || !history.undoes(c.sha(), found)).orElse(true)) { // the log is an agent's: a "reverted" line counts only with its revert commit
                    note = "the dream log says it was reverted by " + abbreviate(revert) + ", but no such commit reverts "
                            + "it; still applied";
                    revert = null;
                }
                if (revert == null && !branch.isEmpty()) {
                    revert = history.revertOf(branch, found).map(AmendmentHistory.CommitInfo::sha).orElse(null);
                }
                return new Amendment(id, kind, o.path("risk").asText(""), o.path("target").asText(""), cycle,
                        at != null ? at : Instant.ofEpochSecond(commit.get().epochSeconds()), found, branch, repo,
                        revert == null ? Status.APPLIED : Status.REVERTED, revert, trailers(commit.get().message(), "Evidence"),
                        note);
            }
        }
        return new Amendment(id, kind, o.path("risk").asText(""), o.path("target").asText(""), cycle, at, sha, branch,
                repos.order(kind).get(0), Status.COMMIT_MISSING, null, List.of(),
                "no commit " + abbreviate(sha) + " and no commit with Proposal-Id " + id + " on " + branch);
    }

    public Amendment find(String sha) {
        return find(list().amendments(), sha);
    }

    private Amendment find(List<Amendment> all, String sha) {
        return ShaPrefix.find(all, sha, dreamLog.file());
    }

    public List<AmendmentHistory.FileChange> changes(Amendment a) {
        if (a.status() == Status.COMMIT_MISSING) {
            return List.of();
        }
        try (AmendmentHistory history = histories.apply(root(a.repo()))) {
            return history.changes(a.sha());
        }
    }

    /**
     * Reverts these amendments, newest first, each as its own commit on its branch. Every one is checked before
     * the first is reverted: an already-reverted or missing commit refuses the whole request.
     */
    public List<Reverted> revert(List<String> shas, String by) {
        return shared(() -> traced(shas, () -> reverts.revert(shas, by, true))).reverted();
    }

    /**
     * Reverts what can be reverted of these amendments, newest first, and says what happened to each: one already
     * reverted, or whose commit is missing, is left out (named, with why) and the others are reverted; one whose
     * revert fails (a conflict with later changes) is left out with the reason and the next is tried. An amendment
     * whose commit is not its own (on the review branch, changing other files) or a wrong sha still refuses the whole
     * request before anything is committed. When nothing at all is reverted it throws, saying why for each.
     */
    public RevertReport revertWhatCan(List<String> shas, String by) {
        return shared(() -> traced(shas, () -> reverts.revert(shas, by, false)));
    }

    /** The branch brought up to date first (a revert made elsewhere is then seen), pushed after a revert committed. */
    private RevertReport shared(Supplier<RevertReport> revert) {
        sharing.beforeDeciding();
        RevertReport done = revert.get();
        if (!done.reverted().isEmpty()) {
            sharing.afterDeciding();
        }
        return done;
    }

    /** The amendments dream or retro run {@code run} applied (its {@code cycle} in the dream log), newest first. */
    public List<Amendment> ofRun(String run) {
        list(); // records reverts a crash cut short first
        return runs.of(run);
    }

    /**
     * Reverts every amendment run {@code run} applied, newest first, in one action with one record; all or nothing:
     * when one cannot be reverted (a conflict), nothing is committed and the error says which and why. Amendments of
     * the run already reverted are left out and named; one whose commit is missing or not the dream's own refuses.
     * Refused when the workspace is read-only or frozen.
     */
    public RunReverted revertRun(String run, String by, String reason) {
        sharing.beforeDeciding();
        RunReverted done = telemetry.traced("amendment.revert_run", Attributes.of(Telemetry.ID, run == null
                ? "" : run), () -> runs.revert(run, by, reason), d -> Attributes.of(
                Telemetry.COUNT, (long) d.reverted().size()));
        if (!done.reverted().isEmpty()) {
            sharing.afterDeciding();
        }
        return done;
    }

    private RevertReport traced(List<String> shas, Supplier<RevertReport> body) {
        return telemetry.traced("amendment.revert", Attributes.of(
                Telemetry.COUNT, (long) shas.size()), body::get,
                done -> Attributes.of(AttributeKey.stringKey(
                        "brainconsole.commits"), String.join(",", done.reverted().stream().map(Reverted::revertSha)
                        .toList())));
    }

    private Path root(String repo) {
        return "skills".equals(repo) ? ws.skillsRepo() : ws.behaviourRepo();
    }

    static List<String> trailers(String message, String key) {
        return Trailers.values(message, key).stream().map(String::strip).toList();
    }

    /** A line's time by the one checked-number reader; one out of range is reported, and the commit's time used. */
    private Instant instant(String iso, String entry, List<String> problems) {
        if (iso == null) {
            return null;
        }
        CheckedNumber.Checked at = CheckedNumber.instant(iso, clock.instant());
        if (!at.ok()) {
            problems.add(entry + ": 'ts' " + at.problem() + "; the commit's time is shown instead");
            return null;
        }
        return Instant.ofEpochMilli(at.value());
    }

    static String abbreviate(String sha) {
        return sha == null ? "?" : sha.length() > 10 ? sha.substring(0, 10) : sha;
    }

    /** The two repositories, opened once per listing; skills first for skill kinds, behaviour first otherwise. */
    private final class Repos implements AutoCloseable {
        private final Map<String, AmendmentHistory> open = new HashMap<>();

        List<String> order(String kind) {
            return kind.contains("SKILL") || "PRUNE".equals(kind) ? List.of("skills", "behaviour")
                    : List.of("behaviour", "skills");
        }

        AmendmentHistory get(String repo) {
            return open.computeIfAbsent(repo, r -> Files.isDirectory(root(r).resolve(".git")) ? histories.apply(root(r)) : null);
        }

        @Override
        public void close() {
            open.values().stream().filter(h -> h != null).forEach(AmendmentHistory::close);
        }
    }
}
