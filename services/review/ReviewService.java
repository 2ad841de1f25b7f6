package services.review;

import io.opentelemetry.api.common.Attributes;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import services.amendments.AmendmentHistory;
import services.amendments.JGitAmendmentHistory;
import services.review.caps.CapReview;
import services.review.caps.CappedFiles;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.text.PlainText;
import services.telemetry.Telemetry;
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
    private final ChangePlanner planner = new ChangePlanner();
    private final DecisionLog decisions;
    private final InterruptedApprovals interrupted;
    private final DecisionLock lock;
    private final Telemetry telemetry;
    private final ProposalCatalog catalog;
    private final ProposalItems items;
    private final Repositories.Opener opener;
    private final Function<Path, AmendmentHistory> histories;
    private final Approval approval;
    private final Decisions decided;
    private final ShownDigests shown;
    private volatile DecisionSharing sharing = DecisionSharing.NONE;
    /** Fault-injection seam for the crash tests: told "planned", "committed", "file-written", "logged" as an approval goes. */
    private Consumer<String> steps = step -> { };

    /** A proposal in the queue; {@code problem} says why it cannot be approved (invalid, unsafe, conflicting). */
    public record Item(Proposal proposal, PlannedChange change, String problem) {
        public boolean approvable() {
            return problem == null && proposal.open() && change != null && !change.conflicted();
        }
    }

    public record Decision(String id, String status, String commit, String branch, String message) {
    }

    public ReviewService(Workspace ws, Clock clock) {
        this(ws, clock, Telemetry.noop());
    }

    public ReviewService(Workspace ws, Clock clock, Telemetry telemetry) {
        this(ws, clock, telemetry, JGitReviewBranch::new, JGitAmendmentHistory::new);
    }

    /**
     * With the adapters the composition root gives: {@code branches} opens a repository's branch to commit approvals
     * to, {@code histories} a repository's amendment history (a decided proposal's diff, the dial's reverts).
     */
    public ReviewService(Workspace ws, Clock clock, Telemetry telemetry,
                         BiFunction<Path, String, ReviewBranch> branches, Function<Path, AmendmentHistory> histories) {
        this(ws, clock, telemetry, new ProposalParser()::parse, branches::apply, histories);
    }

    /** With the parser of proposal files and the opener of repositories given (tests count what they do). */
    ReviewService(Workspace ws, Clock clock, Telemetry telemetry, ProposalCatalog.Reader reader,
                  Repositories.Opener opener) {
        this(ws, clock, telemetry, reader, opener, JGitAmendmentHistory::new);
    }

    private ReviewService(Workspace ws, Clock clock, Telemetry telemetry,
                          ProposalCatalog.Reader reader, Repositories.Opener opener,
                          Function<Path, AmendmentHistory> histories) {
        this.histories = histories;
        this.items = new ProposalItems(planner, new CappedFiles(ws.dir(), JGitLineDates::new, clock));
        this.telemetry = telemetry;
        this.ws = ws;
        this.opener = opener;
        this.decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl"));
        DecisionRecords records = new DecisionRecords(decisions, new DecisionLog(ws.dreamDir().resolve("log.jsonl")), clock);
        DecidedFiles copies = new DecidedFiles(ws.stateDir());
        ApprovalIntents intents = new ApprovalIntents(ws.stateDir());
        this.shown = new ShownDigests(ws.stateDir());
        this.interrupted = new InterruptedApprovals(decisions, records, planner, intents, copies,
                (root, sha) -> sharing.learntAt(root, sha));
        this.lock = new DecisionLock(ws.stateDir());
        this.catalog = new ProposalCatalog(ws, reader, new DecisionClaims(ws.stateDir(), p -> committed(p, null),
                this::committed, ws.reviewBranch(), () -> lock.awaitIdle(SETTLE)));
        this.approval = new Approval(catalog, items, planner, records, this::repositories, intents, copies, interrupted,
                step -> steps.accept(step));
        this.decided = new Decisions(catalog, interrupted, records, this::repositories, clock, ws.reviewBranch(), copies);
    }

    public List<Proposal> proposals() {
        return catalog.proposals();
    }

    /**
     * Every proposal, each with what approving it would change (or why it cannot be approved). An approval a crash
     * cut short is finished first ({@link #recover()}), so the list shows the truth.
     */
    public List<Item> list() {
        try (Repositories repos = repositories()) {
            List<Proposal> parsed = catalog.parsed();
            Set<Path> written = new HashSet<>();
            recover(ProposalCatalog.marked(parsed), repos, written);
            List<Proposal> all = catalog.checked(ProposalCatalog.marked(written.isEmpty() ? parsed
                    : catalog.reread(parsed, written)));
            return all.stream().map(p -> items.item(p, repos)).toList();
        }
    }

    void onStep(Consumer<String> listener) {
        this.steps = listener;
    }

    /**
     * Finishes approvals cut short after their commit (the process killed, the disk full): a proposal whose commit
     * — found by its {@code Proposal-Id} trailer on the review branch — exists, but whose file or decision log does
     * not say so yet, gets both, with the approver named in the commit. Nothing committed means nothing approved.
     * Returns one line per approval finished. A read-only workspace is left as it is.
     */
    public List<String> recover() {
        try (Repositories repos = repositories()) {
            return recover(proposals(), repos, new HashSet<>());
        }
    }

    private List<String> recover(List<Proposal> all, Repositories repos, Set<Path> written) {
        if (ws.readOnly()) {
            return List.of();
        }
        return locked(() -> interrupted.finish(all, repos, written));
    }

    public Item item(Proposal p) {
        try (Repositories repos = repositories()) {
            return items.item(p, repos);
        }
    }

    /**
     * When each proposal was last decided (approved, rejected, sent back, reverted), by the console's decision logs —
     * the order of the queue's decided proposals, newest first ({@link ReviewQueue#order}).
     */
    public Map<String, Instant> decidedAt() {
        return new DecisionTimes(ws.stateDir()).read();
    }

    /** The record of a decided proposal (who, when, why, the commit and its diff); null for an open or invalid one. */
    public DecisionRecord record(Proposal p) {
        if (!p.valid() || p.open() && !"changes_requested".equals(p.status())) {
            return null;
        }
        return new DecisionRecordReader(decisions, histories).read(p, repoRoot(p));
    }

    /** Opens a repository's amendment history (the adapter the composition root gave). */
    public Function<Path, AmendmentHistory> histories() {
        return histories;
    }

    /**
     * What an open proposal does to a capped file (workspace.json key {@code policy.caps}): the trade it makes, or
     * why it is refused, and the file's stale items. Empty for a file with no cap, a decided proposal or no change.
     */
    public Optional<CapReview> capReview(Item item) {
        if (item.change() == null || !item.proposal().open()) {
            return Optional.empty();
        }
        return items.capReview(item.proposal(), item.change(), repoRoot(item.proposal()));
    }

    public Item find(String id) {
        try (Repositories repos = repositories()) {
            return items.item(catalog.find(catalog.proposals(), id), repos);
        }
    }

    /**
     * Approves the proposal as read under the decision lock: commits the change ({@code editedText} replaces the
     * proposed result when not null). Its digest is logged; nothing checks it against what anyone saw.
     */
    public Decision approve(String id, String by, String editedText) {
        return approve(id, by, editedText, Seen.UNCHECKED);
    }

    /**
     * Approves the snapshot {@code seen} names: refused ({@link ProposalRewritten}), nothing written, when the file as
     * read under the decision lock has another digest.
     */
    public Decision approve(String id, String by, String editedText, Seen seen) {
        DecisionInputs.requirePerson(by);
        return traced("proposal.approve", id, () -> approveUntraced(id, by, editedText, null, Map.of(), seen));
    }

    /**
     * Records the digests of proposals just shown or listed ({@code proposals show / list}): a later decision without
     * a digest decides those snapshots. A read-only workspace records nothing.
     */
    public void rememberShown(List<Item> items) {
        if (ws.readOnly()) {
            return;
        }
        Map<String, ShownDigests.Shown> digests = new LinkedHashMap<>();
        items.forEach(i -> digests.put(i.proposal().id(), new ShownDigests.Shown(i.proposal().digest(),
                i.change() == null ? null : i.change().fingerprint())));
        locked(() -> {
            shown.remember(digests);
            return null;
        });
    }

    /**
     * What a decision by id without a digest is about: the snapshot the console last showed or listed, else (never
     * shown here) the file as read under the lock.
     */
    public Seen lastShown(String id) {
        return shown.lastShown(id);
    }

    /**
     * What a decision with {@code --digest} is about: that digest, and — when the console last showed or listed
     * this very snapshot — the change it showed with it, so that a target moved since is refused too.
     */
    public Seen given(String id, String digest) {
        return shown.given(id, digest);
    }

    /**
     * Approves on behalf of the trust dial: the same path as a person's approval (lock, stale merge, path safety,
     * exactly once), approver {@code policy:<level>} and a {@code Policy-Version} trailer.
     */
    public Decision approveByPolicy(String id, String level, String policyVersion) {
        return approveByPolicy(id, level, policyVersion, Map.of(), Seen.UNCHECKED);
    }

    /**
     * The same, with the evidence the dial decided on (e.g. {@code recall_effect}) kept in the decision log line,
     * for the snapshot it judged ({@link Seen#judged}): refused when the file read under the lock, just before
     * committing, is not byte for byte the one judged.
     */
    public Decision approveByPolicy(String id, String level, String policyVersion, Map<String, String> evidence,
                                    Seen seen) {
        if (!"auto".equals(level) && !"supervised".equals(level)) {
            throw new ReviewException("A policy approves only at level auto or supervised, not " + PlainText.shown(level) + ".");
        }
        if (policyVersion == null || !policyVersion.matches("[0-9a-zA-Z.-]{1,40}")) {
            throw new ReviewException("Policy version " + PlainText.shown(policyVersion) + " is not a short version tag.");
        }
        return traced("proposal.approve", id, () -> approveUntraced(id, POLICY + level, null, policyVersion, evidence,
                seen));
    }

    /** How long a reader waits for another console's decision to finish writing before it believes what it read. */
    private static final Duration SETTLE = Duration.ofSeconds(5);

    /** The file in a workspace's {@code state/} where the demo records the decisions it was written with. */
    public static final String DEMO_DECISIONS = DecisionClaims.DEMO_DECISIONS;

    /** The approver prefix the trust dial uses; a person's name may not start with it. */
    public static final String POLICY = "policy:";

    private Decision traced(String name, String id, Supplier<Decision> work) {
        return telemetry.traced(name, Attributes.of(Telemetry.ID, id), work, d -> {
            telemetry.decided(d.status());
            var outcome = Attributes.builder().put(Telemetry.OUTCOME, d.status());
            return (d.commit() == null ? outcome : outcome.put("brainconsole.commit", d.commit())).build();
        });
    }

    private Decision approveUntraced(String id, String by, String editedText, String policyVersion,
                                     Map<String, String> evidence, Seen seen) {
        requireWritable();
        DecisionInputs.requireName(by, "Approving needs the approver's name (--by).");
        learnFromRemote(id);
        Decision d = locked(() -> approval.approve(new Approval.Request(id, by, editedText, policyVersion, evidence,
                seen)));
        sharing.afterDeciding();
        return d;
    }

    /** Shares the review branch through its remote (fetch before deciding, push after); none by default. */
    public void share(DecisionSharing sharing) {
        this.sharing = sharing;
    }

    /** How this workspace shares its review branch (the trust dial's reverts are pushed the same way). */
    public DecisionSharing sharing() {
        return sharing;
    }

    /** Brings the branch up to date; a decision learnt for {@code id} is recorded and refuses this one, saying whose. */
    private void learnFromRemote(String id) {
        new LearntDecisions(sharing, this::recover, () -> catalog.proposals(), this::record).check(id);
    }

    public Decision reject(String id, String by, String reason) {
        return reject(id, by, reason, Seen.UNCHECKED);
    }

    /** Rejects the snapshot {@code seen} names (refused, nothing written, when the file was rewritten since). */
    public Decision reject(String id, String by, String reason, Seen seen) {
        DecisionInputs.requirePerson(by);
        DecisionInputs.requireText(reason, "Rejecting needs a reason.");
        return traced("proposal.reject", id, () -> decide(id, by, "reject", "rejected", "reason", reason, seen));
    }

    public Decision requestChanges(String id, String by, String feedback) {
        return requestChanges(id, by, feedback, Seen.UNCHECKED);
    }

    /** Sends back the snapshot {@code seen} names (refused, nothing written, when the file was rewritten since). */
    public Decision requestChanges(String id, String by, String feedback, Seen seen) {
        DecisionInputs.requirePerson(by);
        DecisionInputs.requireText(feedback, "Requesting changes needs feedback for the author.");
        return traced("proposal.request_changes", id,
                () -> decide(id, by, "request_changes", "changes_requested", "feedback", feedback, seen));
    }

    /**
     * Records that an approval was undone on the review branch by {@code revertSha} (a supervised approval that
     * expired, or one a person reverted): the proposal file says {@code status: reverted} with {@code reverted_by},
     * {@code reverted_at}, {@code reverted_commit} and {@code revert_reason} (its approval keys stay), and a dream
     * proposal gets a {@code reverted} line in the dream log. The decision log line is the caller's. Idempotent: a
     * file that already records this revert is left as it is. Returns null when no approved proposal has this id
     * (its file was removed) — null then, else the digest of the file as the revert left it ("" when not known), for
     * the caller's log line ({@code recorded}). The caller holds the decision lock.
     */
    public String recordRevert(String id, String by, String why, String revertSha, String reverts, String branch) {
        requireWritable();
        return decided.recordRevert(id, by, why, revertSha, reverts, branch);
    }

    private Decision decide(String id, String by, String action, String status, String key, String text, Seen seen) {
        requireWritable();
        DecisionInputs.requireName(by, "A decision needs the reviewer's name (--by).");
        learnFromRemote(id);
        if (text.length() > MAX_TEXT) {
            throw new ReviewException("The " + key + " is " + text.length() + " characters long; at most " + MAX_TEXT
                    + " fit in the proposal file. Nothing was recorded.");
        }
        return locked(() -> decided.decide(id, by, action, status, key, text, seen));
    }

    /** Whether the review branch holds {@code p}'s approval commit, or (with {@code approval}) its revert. */
    private boolean committed(Proposal p, String approval) {
        try (Repositories repos = repositories()) {
            return approval == null ? ApprovalCommits.find(repos.branch(p), p, planner, repos.root(p)).isPresent()
                    : RevertCommits.holds(repos.branch(p), p, approval, repos.root(p));
        } catch (ReviewException unreadable) {
            return false;
        }
    }

    /** The review branches of one operation, each repository opened once. */
    private Repositories repositories() {
        return new Repositories(opener, this::repoRoot, ws.reviewBranch());
    }

    private Path repoRoot(Proposal p) {
        return "skills".equals(p.repo()) ? ws.skillsRepo() : ws.behaviourRepo();
    }

    private void requireWritable() {
        if (ws.readOnly()) {
            throw new ReviewException("Workspace " + ws.name() + " is read-only: decisions are disabled.");
        }
    }

    private <T> T locked(Supplier<T> action) {
        return lock.run(action);
    }
}
