package services.review;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.audit.PlainText;
import services.workspace.Workspace;

/**
 * Approves, rejects and sends back proposals. An approval commits the change to the review branch (in-core, never
 * touching the working tree), then records the decision in the proposal file, the decision log and — for dream
 * proposals — the dream log. Decisions on one workspace are serialised across threads and processes, so two
 * approvals of one proposal give one commit and one "already approved".
 */
public final class ReviewService {

    /** The longest reason or feedback recorded (the proposal file must stay readable). */
    static final int MAX_TEXT = 20_000;

    private final Workspace ws;
    private final Clock clock;
    private final ProposalParser parser = new ProposalParser();
    private final ChangePlanner planner = new ChangePlanner();
    private final DecisionLog decisions;
    private final DecisionRecords records;
    private final InterruptedApprovals interrupted;
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
        this.records = new DecisionRecords(decisions, new DecisionLog(ws.dreamDir().resolve("log.jsonl")), clock);
        this.interrupted = new InterruptedApprovals(decisions, records, planner, this::branch, this::repoRoot);
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
        return locked(() -> recoverUnlocked(all));
    }

    private List<String> recoverUnlocked(List<Proposal> all) {
        return interrupted.finish(all);
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
            String unwritable = branch.unwritable().map(why -> "the review branch cannot take it: " + why
                    + " (workspace.json key 'reviewBranch')").orElse(null);
            String problem = unwritable != null ? unwritable : change.conflicted() ? "the target changed since the proposal was written and "
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
        return new DecisionRecordReader(decisions).read(p, repoRoot(p));
    }

    public Item find(String id) {
        return proposals().stream().filter(p -> p.id().equals(id)).findFirst().map(this::item).orElseThrow(() ->
                new ReviewException("No proposal with id " + PlainText.shown(id) + " in " + ws.skillProposalsDir() + " or "
                        + ws.dreamDir().resolve("proposals") + "."));
    }

    /** Approves: commits the change ({@code editedText} replaces the proposed result when not null). */
    public Decision approve(String id, String by, String editedText) {
        requirePerson(by);
        return traced("proposal.approve", id, () -> approveUntraced(id, by, editedText, null, Map.of()));
    }

    /**
     * Approves on behalf of the trust dial: the same path as a person's approval (lock, stale merge, path safety,
     * exactly once), approver {@code policy:<level>} and a {@code Policy-Version} trailer.
     */
    public Decision approveByPolicy(String id, String level, String policyVersion) {
        return approveByPolicy(id, level, policyVersion, Map.of());
    }

    /**
     * The same, with the evidence the dial decided on (e.g. {@code recall_effect}) kept in the decision log line.
     */
    public Decision approveByPolicy(String id, String level, String policyVersion, Map<String, String> evidence) {
        if (!"auto".equals(level) && !"supervised".equals(level)) {
            throw new ReviewException("A policy approves only at level auto or supervised, not " + PlainText.shown(level) + ".");
        }
        if (policyVersion == null || !policyVersion.matches("[0-9a-zA-Z.-]{1,40}")) {
            throw new ReviewException("Policy version " + PlainText.shown(policyVersion) + " is not a short version tag.");
        }
        return traced("proposal.approve", id, () -> approveUntraced(id, POLICY + level, null, policyVersion, evidence));
    }

    /** The approver prefix the trust dial uses; a person's name may not start with it. */
    public static final String POLICY = "policy:";

    private Decision traced(String name, String id, java.util.function.Supplier<Decision> work) {
        return telemetry.traced(name, io.opentelemetry.api.common.Attributes.of(services.telemetry.Telemetry.ID, id), work, d -> {
            telemetry.decided(d.status());
            var outcome = io.opentelemetry.api.common.Attributes.builder().put(services.telemetry.Telemetry.OUTCOME, d.status());
            return (d.commit() == null ? outcome : outcome.put("brainconsole.commit", d.commit())).build();
        });
    }

    private Decision approveUntraced(String id, String by, String editedText, String policyVersion,
                                     Map<String, String> evidence) {
        requireWritable();
        requireName(by, "Approving needs the approver's name (--by).");
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
            // an approval a crash cut short (an edited one, say) can make its own plan look conflicting: finish it
            ReviewBranch.Commit earlier = item.problem() == null || !p.valid() || !p.hasChange() ? null : earlierApproval(p);
            if (item.problem() != null && earlier == null) {
                throw new ReviewException("Proposal " + id + " (" + p.file() + ") cannot be approved: "
                        + item.problem().replaceFirst("^Proposal " + java.util.regex.Pattern.quote(id) + ": ", "")
                        + (item.change() != null && item.change().conflicted() ? "\n" + String.join("\n", item.change().conflicts()) : ""));
            }
            PlannedChange change = item.change();
            String after = editedText != null || change == null ? editedText : change.after();
            boolean edited = editedText != null && (change == null || !editedText.equals(change.after()));
            try (ReviewBranch branch = branch(p)) {
                ReviewBranch.Commit commit = earlier != null ? earlier : ApprovalCommits.find(branch, p, planner,
                        repoRoot(p)).map(ApprovalCommits.Found::commit).orElse(null);
                steps.accept("planned");
                if (commit == null) {
                    if (after.equals(change.before())) {
                        throw new ReviewException("Proposal " + id + ": " + change.path() + " already has this content; "
                                + "nothing to commit. Reject it as superseded, or request changes.");
                    }
                    commit = branch.commit(change.path(), after.getBytes(StandardCharsets.UTF_8),
                            ApprovalCommits.message(p, change, by, edited, policyVersion), by, change.tip());
                }
                steps.accept("committed");
                Map<String, String> keys = records.approvedKeys(by, commit);
                if (edited) {
                    keys.put("edited_by", by);
                }
                ProposalFiles.setKeys(p.file(), keys);
                steps.accept("file-written");
                Map<String, String> extra = new LinkedHashMap<>();
                if (policyVersion != null) {
                    extra.put("policy_version", policyVersion);
                    evidence.forEach((k, v) -> extra.put(k, PlainText.oneLine(v)));
                }
                records.log("approve", p, by, "approved", extra.isEmpty() ? null : extra, commit, edited);
                steps.accept("logged");
                return new Decision(id, "approved", commit.sha(), commit.branch(), "Approved " + id + ": committed "
                        + commit.sha().substring(0, 10) + " to " + commit.branch() + " in " + repoRoot(p) + ".");
            }
        });
    }

    private ReviewBranch.Commit earlierApproval(Proposal p) {
        try (ReviewBranch branch = branch(p)) {
            return ApprovalCommits.find(branch, p, planner, repoRoot(p)).map(ApprovalCommits.Found::commit).orElse(null);
        } catch (ReviewException unreadable) {
            return null;
        }
    }

    public Decision reject(String id, String by, String reason) {
        requirePerson(by);
        requireText(reason, "Rejecting needs a reason.");
        return traced("proposal.reject", id, () -> decide(id, by, "reject", "rejected", "reason", reason));
    }

    public Decision requestChanges(String id, String by, String feedback) {
        requirePerson(by);
        requireText(feedback, "Requesting changes needs feedback for the author.");
        return traced("proposal.request_changes", id,
                () -> decide(id, by, "request_changes", "changes_requested", "feedback", feedback));
    }

    /**
     * Records that an approval was undone on the review branch by {@code revertSha} (a supervised approval that
     * expired, or one a person reverted): the proposal file says {@code status: reverted} with {@code reverted_by},
     * {@code reverted_at}, {@code reverted_commit} and {@code revert_reason} (its approval keys stay), and a dream
     * proposal gets a {@code reverted} line in the dream log. The decision log line is the caller's. Idempotent: a
     * file that already records this revert is left as it is. Returns false when no approved proposal has this id
     * (its file was removed). The caller holds the decision lock.
     */
    public boolean recordRevert(String id, String by, String why, String revertSha, String reverts, String branch) {
        requireWritable();
        Proposal p = proposals().stream().filter(q -> q.valid() && q.id().equals(id)).findFirst().orElse(null);
        if (p == null || !("approved".equals(p.status()) || "reverted".equals(p.status()))) {
            return false;
        }
        if ("reverted".equals(p.status())) {
            return true;
        }
        ProposalFiles.setKeys(p.file(), records.revertedKeys(by, why, revertSha));
        records.dreamReverted(p, by, why, revertSha, reverts, branch);
        return true;
    }

    private Decision decide(String id, String by, String action, String status, String key, String text) {
        requireWritable();
        requireName(by, "A decision needs the reviewer's name (--by).");
        if (text.length() > MAX_TEXT) {
            throw new ReviewException("The " + key + " is " + text.length() + " characters long; at most " + MAX_TEXT
                    + " fit in the proposal file. Nothing was recorded.");
        }
        return locked(() -> {
            Proposal p = find(id).proposal();
            if (p.open() && p.valid() && p.hasChange()) {
                recoverUnlocked(List.of(p)); // an approval committed before a crash is the decision already taken
                p = find(id).proposal();
                if ("approved".equals(p.status())) {
                    throw new ReviewException("Proposal " + id + " was approved before an interruption: its commit is on "
                            + ws.reviewBranch() + " and " + p.file().getFileName() + " now records the approval. Nothing "
                            + "was " + ("reject".equals(action)
                            ? "rejected" : "sent back") + ". To undo the change, revert its commit on the review branch.");
                }
            }
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
            records.log(action, p, by, status, Map.of(key, text), null, false);
            return new Decision(id, status, null, null, (status.equals("rejected") ? "Rejected " : "Sent back ") + id
                    + ": " + text);
        });
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

    /** A name written into a trailer, a frontmatter line and the logs: one line, no control characters. */
    private static void requireName(String by, String missing) {
        requireText(by, missing);
        PlainText.problem(by).ifPresent(why -> {
            throw new ReviewException("--by: the name " + PlainText.shown(by) + " has " + why + "; a name is one line "
                    + "of text. Nothing was recorded.");
        });
        if (by.length() > 200) {
            throw new ReviewException("--by: the name is " + by.length() + " characters long; at most 200. "
                    + "Nothing was recorded.");
        }
    }

    /** Only the trust dial approves as {@code policy:…}: a person cannot sign with its name. */
    private static void requirePerson(String by) {
        if (by != null && by.strip().toLowerCase(java.util.Locale.ROOT).startsWith(POLICY)) {
            throw new ReviewException("--by: " + PlainText.shown(by) + " is reserved for the trust dial's own approvals; "
                    + "give your own name. Nothing was recorded.");
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
