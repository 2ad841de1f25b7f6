package services.review;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.workspace.Workspace;

/**
 * Approves, rejects and sends back proposals. An approval commits the change to the review branch (in-core, never
 * touching the working tree), then records the decision in the proposal file, the decision log and — for dream
 * proposals — the dream log. Decisions on one workspace are serialised across threads and processes, so two
 * approvals of one proposal give one commit and one "already approved".
 */
public final class ReviewService {

    private final Workspace ws;
    private final Clock clock;
    private final ProposalParser parser = new ProposalParser();
    private final ChangePlanner planner = new ChangePlanner();
    private final DecisionLog decisions;
    private final DecisionLog dreamLog;
    private final DecisionLock lock;
    private final services.telemetry.Telemetry telemetry;
    /** Fault-injection seam for the crash tests: told "planned", "committed", "file-written", "logged" as an approval goes. */
    private java.util.function.Consumer<String> steps = step -> { };

    /** A proposal in the queue; {@code problem} says why it cannot be approved (invalid, unsafe, conflicting). */
    public record Item(Proposal proposal, PlannedChange change, String problem) {
        public boolean approvable() {
            return problem == null && proposal.open() && change != null && !change.conflicted();
        }
    }

    public record Decision(String id, String status, String commit, String branch, String message) {
    }

    public ReviewService(Workspace ws, Clock clock) {
        this(ws, clock, services.telemetry.Telemetry.noop());
    }

    public ReviewService(Workspace ws, Clock clock, services.telemetry.Telemetry telemetry) {
        this.telemetry = telemetry;
        this.ws = ws;
        this.clock = clock;
        this.decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl"));
        this.dreamLog = new DecisionLog(ws.dreamDir().resolve("log.jsonl"));
        this.lock = new DecisionLock(ws.stateDir());
    }

    public List<Proposal> proposals() {
        List<Proposal> all = new ArrayList<>(parser.parseAll(ws.skillProposalsDir(), Proposal.Origin.SKILL_PROPOSALS));
        all.addAll(parser.parseAll(ws.dreamDir().resolve("proposals"), Proposal.Origin.DREAM));
        java.util.Map<String, Proposal> first = new java.util.HashMap<>();
        for (int i = 0; i < all.size(); i++) { // one id, one proposal: a second file with it cannot be decided
            Proposal p = all.get(i);
            Proposal earlier = first.putIfAbsent(p.id(), p);
            if (earlier != null && p.valid()) {
                all.set(i, p.withProblem("duplicate id " + p.id() + ": " + earlier.file().getFileName()
                        + " has it too; give this proposal its own id"));
            }
        }
        return all;
    }

    /**
     * Every proposal, each with what approving it would change (or why it cannot be approved). An approval a crash
     * cut short is finished first ({@link #recover()}), so the list shows the truth.
     */
    public List<Item> list() {
        List<Proposal> all = proposals();
        if (!recover(all).isEmpty()) {
            all = proposals(); // files were written back: read them again
        }
        return all.stream().map(this::item).toList();
    }

    void onStep(java.util.function.Consumer<String> listener) {
        this.steps = listener;
    }

    /**
     * Finishes approvals cut short after their commit (the process killed, the disk full): a proposal whose commit
     * — found by its {@code Proposal-Id} trailer on the review branch — exists, but whose file or decision log does
     * not say so yet, gets both, with the approver named in the commit. Nothing committed means nothing approved.
     * Returns one line per approval finished. A read-only workspace is left as it is.
     */
    public List<String> recover() {
        return recover(proposals());
    }

    private List<String> recover(List<Proposal> all) {
        if (ws.readOnly()) {
            return List.of();
        }
        return locked(() -> {
            java.util.Set<String> logged = new java.util.HashSet<>();
            try {
                decisions.read().entries().stream().filter(e -> "approve".equals(e.path("action").asText()))
                        .forEach(e -> logged.add(e.path("proposal").asText()));
            } catch (services.errors.ConsoleException unreadable) {
                return List.of(unreadable.getMessage() + " — interrupted approvals are finished once it can be read");
            }
            List<String> out = new ArrayList<>();
            for (Proposal p : all) {
                boolean unfinished = p.valid() && (p.open() || "approved".equals(p.status()) && !logged.contains(p.id()));
                if (!unfinished) {
                    continue;
                }
                try (ReviewBranch branch = branch(p)) {
                    ReviewBranch.LogEntry made = branch.log(500).stream().filter(e -> hasTrailer(e.message(), p.id()))
                            .findFirst().orElse(null);
                    if (made == null) {
                        continue;
                    }
                    String by = made.message().lines().filter(l -> l.startsWith("Approved-By: ")).map(l -> l.substring(13))
                            .findFirst().orElse("unknown");
                    ReviewBranch.Commit commit = new ReviewBranch.Commit(made.sha(), branch.branch());
                    if (p.open()) {
                        ProposalFiles.setKeys(p.file(), approvedKeys(by, commit));
                    }
                    if (!logged.contains(p.id())) {
                        try {
                            log("approve", p, by, "approved", Map.of("recovered", "an approval interrupted after its commit"),
                                    commit, false);
                        } catch (services.errors.ConsoleException stillUnwritable) {
                            out.add("The approval of " + p.id() + " is committed but cannot be recorded yet: "
                                    + stillUnwritable.getMessage());
                            continue;
                        }
                    }
                    out.add("Finished the approval of " + p.id() + ": commit " + commit.sha().substring(0, 10)
                            + " was made before an interruption.");
                } catch (ReviewException unreadable) {
                    // its repository cannot be opened: the listing says why
                }
            }
            return out;
        });
    }

    private static boolean hasTrailer(String message, String id) {
        return message.contains("\nProposal-Id: " + id + "\n") || message.endsWith("\nProposal-Id: " + id);
    }

    public Item item(Proposal p) {
        if (!p.valid()) {
            return new Item(p, null, p.problem());
        }
        if (!p.open()) {
            return new Item(p, null, null);
        }
        if (!p.hasChange()) {
            return new Item(p, null, "an " + p.kind() + " has nothing to apply; reject or request changes");
        }
        try (ReviewBranch branch = branch(p)) {
            PlannedChange change = planner.plan(p, branch, repoRoot(p));
            String problem = change.conflicted() ? "the target changed since the proposal was written and "
                    + "the change conflicts with it (" + change.conflicts().size() + " hunk"
                    + (change.conflicts().size() == 1 ? "" : "s") + "); request changes"
                    : p.rationale() == null || p.rationale().isBlank() ? "no '## Rationale' section: a reviewer must "
                    + "see why; request changes" : null;
            return new Item(p, change, problem);
        } catch (ReviewException e) {
            return new Item(p, null, e.getMessage());
        }
    }

    /** The record of a decided proposal (who, when, why, the commit and its diff); null for an open or invalid one. */
    public DecisionRecord record(Proposal p) {
        if (!p.valid() || p.open() && !"changes_requested".equals(p.status())) {
            return null;
        }
        return new DecisionRecords(decisions).read(p, repoRoot(p));
    }

    public Item find(String id) {
        return proposals().stream().filter(p -> p.id().equals(id)).findFirst().map(this::item).orElseThrow(() ->
                new ReviewException("No proposal with id \"" + id + "\" in " + ws.skillProposalsDir() + " or "
                        + ws.dreamDir().resolve("proposals") + "."));
    }

    /** Approves: commits the change ({@code editedText} replaces the proposed result when not null). */
    public Decision approve(String id, String by, String editedText) {
        return traced("proposal.approve", id, () -> approveUntraced(id, by, editedText));
    }

    private Decision traced(String name, String id, java.util.function.Supplier<Decision> work) {
        return telemetry.span(name, io.opentelemetry.api.common.Attributes.of(services.telemetry.Telemetry.ID, id), span -> {
            Decision d = work.get();
            span.setAttribute(services.telemetry.Telemetry.OUTCOME, d.status());
            if (d.commit() != null) {
                span.setAttribute("brainconsole.commit", d.commit());
            }
            telemetry.decided(d.status());
            return d;
        });
    }

    private Decision approveUntraced(String id, String by, String editedText) {
        requireWritable();
        requireText(by, "Approving needs the approver's name (--by).");
        return locked(() -> {
            Item item = find(id);
            Proposal p = item.proposal();
            if ("approved".equals(p.status())) {
                throw new ReviewException("Proposal " + id + " is already approved; nothing was committed again.");
            }
            if (!p.open()) {
                throw new ReviewException("Proposal " + id + " is " + p.status() + "; only pending proposals or ones "
                        + "sent back for changes can be approved.");
            }
            if (item.problem() != null) {
                throw new ReviewException("Proposal " + id + " cannot be approved: " + item.problem()
                        + (item.change() != null && item.change().conflicted() ? "\n" + String.join("\n", item.change().conflicts()) : ""));
            }
            PlannedChange change = item.change();
            String after = editedText != null ? editedText : change.after();
            boolean edited = editedText != null && !editedText.equals(change.after());
            try (ReviewBranch branch = branch(p)) {
                ReviewBranch.Commit commit = existingCommit(branch, id);
                steps.accept("planned");
                if (commit == null) {
                    if (after.equals(change.before())) {
                        throw new ReviewException("Proposal " + id + ": " + change.path() + " already has this content; "
                                + "nothing to commit. Reject it as superseded, or request changes.");
                    }
                    commit = branch.commit(change.path(), after.getBytes(StandardCharsets.UTF_8),
                            message(p, change, by, edited), by, change.tip());
                }
                steps.accept("committed");
                Map<String, String> keys = approvedKeys(by, commit);
                if (edited) {
                    keys.put("edited_by", by);
                }
                ProposalFiles.setKeys(p.file(), keys);
                steps.accept("file-written");
                log("approve", p, by, "approved", null, commit, edited);
                steps.accept("logged");
                return new Decision(id, "approved", commit.sha(), commit.branch(), "Approved " + id + ": committed "
                        + commit.sha().substring(0, 10) + " to " + commit.branch() + " in " + repoRoot(p) + ".");
            }
        });
    }

    public Decision reject(String id, String by, String reason) {
        requireText(reason, "Rejecting needs a reason.");
        return traced("proposal.reject", id, () -> decide(id, by, "reject", "rejected", "reason", reason));
    }

    public Decision requestChanges(String id, String by, String feedback) {
        requireText(feedback, "Requesting changes needs feedback for the author.");
        return traced("proposal.request_changes", id,
                () -> decide(id, by, "request_changes", "changes_requested", "feedback", feedback));
    }

    private Decision decide(String id, String by, String action, String status, String key, String text) {
        requireWritable();
        requireText(by, "A decision needs the reviewer's name (--by).");
        return locked(() -> {
            Proposal p = find(id).proposal();
            if (!p.open()) {
                throw new ReviewException("Proposal " + id + " is already " + p.status() + ".");
            }
            if (p.file() != null && p.valid()) {
                Map<String, String> keys = new LinkedHashMap<>();
                keys.put("status", status);
                keys.put("decided_by", by);
                keys.put("decided_at", clock.instant().toString());
                keys.put(key, text);
                ProposalFiles.setKeys(p.file(), keys);
            }
            log(action, p, by, status, Map.of(key, text), null, false);
            return new Decision(id, status, null, null, (status.equals("rejected") ? "Rejected " : "Sent back ") + id
                    + ": " + text);
        });
    }

    /** A commit already carrying this proposal's trailer (an approval that stopped before it was recorded). */
    /** The frontmatter keys of an approved proposal (approval and crash recovery write the same ones). */
    private Map<String, String> approvedKeys(String by, ReviewBranch.Commit commit) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("status", "approved");
        keys.put("decided_by", by);
        keys.put("decided_at", clock.instant().toString());
        keys.put("commit", commit.sha());
        keys.put("branch", commit.branch());
        return keys;
    }

    private static ReviewBranch.Commit existingCommit(ReviewBranch branch, String id) {
        return branch.log(500).stream().filter(e -> hasTrailer(e.message(), id))
                .findFirst().map(e -> new ReviewBranch.Commit(e.sha(), branch.branch())).orElse(null);
    }

    private static String message(Proposal p, PlannedChange change, String by, boolean edited) {
        String summary = p.rationale() == null ? "" : p.rationale().strip().lines().findFirst().orElse("");
        StringBuilder out = new StringBuilder(p.kind() + ": " + change.path() + (change.newFile() ? " (new)" : "") + "\n\n");
        if (!summary.isEmpty()) {
            out.append(summary).append("\n\n");
        }
        out.append("Proposal-Id: ").append(p.id()).append('\n');
        out.append("Approved-By: ").append(by).append('\n');
        for (String e : p.evidence()) {
            out.append("Evidence: ").append(e).append('\n');
        }
        out.append("Risk: ").append(p.risk()).append('\n');
        if (edited) {
            out.append("Edited-By: ").append(by).append('\n');
        }
        return out.toString();
    }

    private void log(String action, Proposal p, String by, String status, Map<String, String> extra,
                     ReviewBranch.Commit commit, boolean edited) {
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", action);
        entry.put("proposal", p.id());
        entry.put("kind", p.kind());
        entry.put("risk", p.risk());
        entry.put("target", p.target());
        entry.put("status", status);
        if (extra != null) {
            extra.forEach(entry::put);
        }
        if (commit != null) {
            entry.put("commit", commit.sha());
            entry.put("branch", commit.branch());
        }
        if (edited) {
            entry.put("edited", true);
        }
        decisions.append(entry);
        if (p.isDream()) {
            ObjectNode line = DecisionLog.entry();
            line.put("ts", clock.instant().toString());
            line.put("cycle", p.source() != null && p.source().startsWith("dream:") ? p.source().substring(6) : p.id());
            line.put("trigger", "console");
            ArrayNode outputs = line.putArray("outputs");
            ObjectNode output = outputs.addObject();
            output.put("id", p.id());
            output.put("kind", p.kind());
            output.put("risk", p.risk());
            output.put("target", p.target());
            output.put("action", status.equals("changes_requested") ? "staged" : status);
            if (commit != null) {
                output.put("sha", commit.sha());
                output.put("branch", commit.branch());
            }
            output.put("by", by);
            if (extra != null) {
                extra.values().stream().findFirst().ifPresent(r -> output.put("reason", r));
            }
            dreamLog.append(line);
        }
    }

    private ReviewBranch branch(Proposal p) {
        return new JGitReviewBranch(repoRoot(p), ws.reviewBranch());
    }

    private Path repoRoot(Proposal p) {
        return "skills".equals(p.repo()) ? ws.skillsRepo() : ws.behaviourRepo();
    }

    private void requireWritable() {
        if (ws.readOnly()) {
            throw new ReviewException("Workspace " + ws.name() + " is read-only: decisions are disabled.");
        }
    }

    private static void requireText(String value, String message) {
        if (value == null || value.isBlank()) {
            throw new ReviewException(message);
        }
    }

    private <T> T locked(java.util.function.Supplier<T> action) {
        return lock.run(action);
    }
}
