package services.amendments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.audit.PlainText;
import services.audit.Trailers;
import services.workspace.Workspace;

/**
 * Dream amendments that were applied automatically (the {@code applied} outputs of {@code dream/log.jsonl}),
 * joined with their commits, and reverted on request. The log is never rewritten: a revert appends a line.
 */
public final class AmendmentsService {

    public enum Status { APPLIED, REVERTED, COMMIT_MISSING }

    /** The actions of formats.md part 11. */
    private static final java.util.Set<String> ACTIONS = java.util.Set.of("applied", "staged", "reverted", "approved",
            "rejected");

    public record Amendment(String id, String kind, String risk, String target, String cycle, Instant at, String sha,
                            String branch, String repo, Status status, String revertedBy, List<String> evidence,
                            String note) {
        public String label() {
            return status == Status.COMMIT_MISSING ? "commit missing" : status.name().toLowerCase();
        }

        /** The kind in words, as the window and the command line say it: "SOUL amendment", "skill amendment". */
        public String kindWords() {
            if (kind == null || kind.isBlank()) {
                return "amendment";
            }
            return switch (kind) {
                case "AMEND_SOUL" -> "SOUL amendment";
                case "AMEND_SKILL" -> "skill amendment";
                case "PROPOSE_SKILL" -> "new skill";
                case "PROPOSE_RULE" -> "new rule";
                default -> kind.toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
            };
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

    private final Workspace ws;
    private final Clock clock;
    private final Function<Path, AmendmentHistory> histories;
    private final DecisionLog dreamLog;
    private final DecisionLog decisions;
    private final DecisionLock lock;
    private final services.telemetry.Telemetry telemetry;

    public AmendmentsService(Workspace ws, Clock clock) {
        this(ws, clock, JGitAmendmentHistory::new);
    }

    public AmendmentsService(Workspace ws, Clock clock, Function<Path, AmendmentHistory> histories) {
        this(ws, clock, histories, services.telemetry.Telemetry.noop());
    }

    public AmendmentsService(Workspace ws, Clock clock, Function<Path, AmendmentHistory> histories,
                             services.telemetry.Telemetry telemetry) {
        this.telemetry = telemetry;
        this.ws = ws;
        this.clock = clock;
        this.histories = histories;
        this.dreamLog = new DecisionLog(ws.dreamDir().resolve("log.jsonl"));
        this.decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl"));
        this.lock = new DecisionLock(ws.stateDir());
    }

    public Listing list() {
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
                    appliedAt.add(instant(line.path("ts").asText(null)));
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
                String revert = revertedBy.get(found);
                if (revert != null && history.commit(revert).map(c -> !trailers(c.message(), "Reverts").contains(found))
                        .orElse(true)) { // the log is an agent's: a "reverted" line counts only with its revert commit
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
        return traced(shas, () -> revertUntraced(shas, by, true)).reverted();
    }

    /**
     * Reverts what can be reverted of these amendments, newest first, and says what happened to each: one already
     * reverted, or whose commit is missing, is left out (named, with why) and the others are reverted; one whose
     * revert fails (a conflict with later changes) is left out with the reason and the next is tried. An amendment
     * whose commit is not its own (on the review branch, changing other files) or a wrong sha still refuses the whole
     * request before anything is committed. When nothing at all is reverted it throws, saying why for each.
     */
    public RevertReport revertWhatCan(List<String> shas, String by) {
        return traced(shas, () -> revertUntraced(shas, by, false));
    }

    private RevertReport traced(List<String> shas, java.util.function.Supplier<RevertReport> body) {
        return telemetry.traced("amendment.revert", io.opentelemetry.api.common.Attributes.of(
                services.telemetry.Telemetry.COUNT, (long) shas.size()), body::get,
                done -> io.opentelemetry.api.common.Attributes.of(io.opentelemetry.api.common.AttributeKey.stringKey(
                        "brainconsole.commits"), String.join(",", done.reverted().stream().map(Reverted::revertSha)
                        .toList())));
    }

    private RevertReport revertUntraced(List<String> shas, String by, boolean whole) {
        if (ws.readOnly()) {
            throw new AmendmentException("Workspace " + ws.name() + " is read-only: reverts are disabled.");
        }
        if (by == null || by.isBlank()) {
            throw new AmendmentException("Reverting needs the reviewer's name (--by).");
        }
        PlainText.problem(by).ifPresent(why -> {
            throw new AmendmentException("--by: the name " + PlainText.shown(by) + " has " + why + "; a name is one line "
                    + "of text. Nothing was reverted.");
        });
        if (shas.isEmpty()) {
            throw new AmendmentException("Nothing to revert: name at least one amendment commit.");
        }
        return lock.run(() -> {
            List<Amendment> all = list().amendments();
            List<Amendment> chosen = new ArrayList<>();
            List<RevertReport.LeftOut> leftOut = new ArrayList<>();
            List<String> refusals = new ArrayList<>();
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (String sha : shas) {
                Amendment a = find(all, sha);
                if (!seen.add(a.sha())) {
                    continue; // named twice (a prefix and the whole sha): reverted once
                }
                String refusal = a.status() == Status.REVERTED ? "Amendment " + abbreviate(a.sha()) + " (" + a.id()
                        + ") is already reverted by " + abbreviate(a.revertedBy()) + "; nothing was committed."
                        : a.status() == Status.COMMIT_MISSING ? "Amendment " + a.id() + ": " + a.note()
                        + "; nothing to revert." : null;
                if (refusal != null) {
                    if (whole) {
                        throw new AmendmentException(refusal);
                    }
                    refusals.add(refusal);
                    leftOut.add(new RevertReport.LeftOut(a.sha(), a.id(), a.status() == Status.REVERTED
                            ? "already reverted by " + abbreviate(a.revertedBy()) : "missing its commit (" + a.note()
                            + ")"));
                    continue;
                }
                requireOwnCommit(a);
                chosen.add(a);
            }
            if (chosen.isEmpty()) {
                throw new AmendmentException(refusals.size() == 1 ? refusals.get(0) : "Nothing was reverted: "
                        + String.join("; ", leftOut.stream().map(l -> l.id() + " is " + l.why()).toList()) + ".");
            }
            chosen.sort(Comparator.comparing(Amendment::at, Comparator.nullsLast(Comparator.reverseOrder())));
            List<Reverted> done = new ArrayList<>();
            AmendmentException failed = null;
            for (Amendment a : chosen) {
                try (AmendmentHistory history = histories.apply(root(a.repo()))) {
                    String revert = history.revert(a.branch(), a.sha(), message(a, by), by);
                    record(a, revert, by);
                    done.add(new Reverted(a.sha(), revert, a.branch(), a.repo(), a.id()));
                } catch (AmendmentException e) {
                    if (whole && !done.isEmpty()) {
                        throw new AmendmentException(e.getMessage() + " Already reverted in this request: "
                                + String.join(", ", done.stream().map(d -> abbreviate(d.sha())).toList()) + ".", e.paths());
                    }
                    if (whole || chosen.size() == 1 && leftOut.isEmpty()) {
                        throw e;
                    }
                    failed = e;
                    leftOut.add(new RevertReport.LeftOut(a.sha(), a.id(), e.getMessage()));
                }
            }
            if (done.isEmpty()) {
                throw new AmendmentException("Nothing was reverted: " + String.join(" ", leftOut.stream()
                        .map(l -> l.id() + " — " + l.why()).toList()), failed == null ? List.of() : failed.paths());
            }
            return new RevertReport(done, leftOut);
        });
    }

    /**
     * The dream log is an agent's: the commit it names must be an amendment of the dream's own branch that changes
     * its target and nothing else — never a commit of the review branch (a person's approval), or one that also changes
     * other files (reverting it would delete or undo them). A commit the branch does not hold, or a merge, is refused by
     * {@link AmendmentHistory#revert}.
     */
    private void requireOwnCommit(Amendment a) {
        String refused = "Amendment " + a.id() + " (" + abbreviate(a.sha()) + " on " + a.branch() + ")";
        if (a.branch().equals(ws.reviewBranch())) {
            throw new AmendmentException(refused + ": " + a.branch() + " is the review branch, where people's approvals "
                    + "are committed; a dream amendment is never there. Nothing was reverted.");
        }
        try (AmendmentHistory history = histories.apply(root(a.repo()))) {
            List<String> paths = history.commit(a.sha()).map(AmendmentHistory.CommitInfo::paths).orElse(List.of());
            List<String> others = paths.stream().filter(p -> !p.equals(a.target())).toList();
            if (!others.isEmpty()) {
                throw new AmendmentException(refused + ": the commit changes " + (others.size() == 1 ? "a file" : others.size()
                        + " files") + " besides its target " + PlainText.shown(a.target()) + " (" + String.join(", ",
                        others.stream().limit(5).toList()) + (others.size() > 5 ? ", …" : "") + "); reverting it would undo "
                        + "them too. Nothing was reverted.", others);
            }
        }
    }

    /** Every value from the dream log is kept on its line: none can add a trailer. */
    private static String message(Amendment a, String by) {
        return "Revert " + PlainText.oneLine(a.kind()) + ": " + PlainText.oneLine(a.target()) + "\n\nReverts dream "
                + "amendment " + PlainText.oneLine(a.id()) + " of cycle " + PlainText.oneLine(a.cycle()) + ".\n\nReverts: "
                + a.sha() + "\nReverted-By: " + PlainText.oneLine(by) + "\nProposal-Id: " + PlainText.oneLine(a.id()) + "\n";
    }

    private void record(Amendment a, String revert, String by) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", clock.instant().toString());
        line.put("cycle", a.cycle());
        line.put("trigger", "console");
        ObjectNode output = line.putArray("outputs").addObject();
        output.put("id", a.id());
        output.put("kind", a.kind());
        output.put("risk", a.risk());
        output.put("target", a.target());
        output.put("action", "reverted");
        output.put("reverts", a.sha());
        output.put("sha", revert);
        output.put("branch", a.branch());
        output.put("by", by);
        dreamLog.append(line);
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", "revert");
        entry.put("amendment", a.id());
        entry.put("reverts", a.sha());
        entry.put("commit", revert);
        entry.put("branch", a.branch());
        entry.put("target", a.target());
        decisions.append(entry);
    }

    private Path root(String repo) {
        return "skills".equals(repo) ? ws.skillsRepo() : ws.behaviourRepo();
    }

    static List<String> trailers(String message, String key) {
        return Trailers.values(message, key).stream().map(String::strip).toList();
    }

    private static Instant instant(String iso) {
        try {
            return iso == null ? null : Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
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
