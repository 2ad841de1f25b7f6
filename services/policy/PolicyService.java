package services.policy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import services.audit.DecisionLog;
import services.audit.Receipts;
import services.errors.ConsoleException;
import services.review.Proposal;
import services.review.ReviewService;
import services.review.Seen;
import services.workspace.Workspace;

/**
 * The trust dial (issue #24): which proposals the console may approve by itself, the auto-apply run, the kill
 * switch, supervised approvals awaiting confirmation, and what a different dial would have done. Approvals go
 * through {@link ReviewService#approveByPolicy} — the path a person's approval takes.
 */
public final class PolicyService {

    /**
     * What a run did with one proposal: {@code applied} (with its commit) or {@code waits} (with the reason);
     * {@code recallEffect}: for an applied change, its effect on recall as the decision log keeps it (else null).
     */
    public record Outcome(String id, String action, String level, String reason, String commit, String recallEffect) {
        public Outcome(String id, String action, String level, String reason, String commit) {
            this(id, action, level, reason, commit, null);
        }
    }

    /**
     * What one run did. {@code autoPerRun}: the run's cap on changes the dial applies; {@code capped}: how many that
     * the dial could have applied wait because of it; {@code checks}: the post-apply checks run, with what came of
     * each ({@code reverted} outcomes are changes a failed check took back).
     */
    public record RunReport(String policyVersion, boolean frozen, List<Outcome> outcomes, List<String> expired,
                            String problem, int autoPerRun, int capped, List<CheckOutcome> checks) {
        public RunReport(String policyVersion, boolean frozen, List<Outcome> outcomes, List<String> expired,
                         String problem) {
            this(policyVersion, frozen, outcomes, expired, problem, Guardrails.DEFAULT_AUTO_PER_RUN, 0, List.of());
        }

        public long applied() {
            return outcomes.stream().filter(o -> o.action().equals("applied")).count();
        }

        /** Changes applied, then taken back because a post-apply check failed. */
        public long reverted() {
            return outcomes.stream().filter(o -> o.action().equals("reverted")).count();
        }

        public String summary() {
            if (problem != null) {
                return "policy unreadable, nothing applied: " + problem;
            }
            long waiting = outcomes.size() - applied() - reverted();
            return (frozen ? "frozen: nothing applied" : applied() + " applied by policy " + policyVersion) + ", "
                    + waiting + " waiting for a person" + (capped == 0 ? "" : " (" + capped + " of them because of "
                    + "the cap of " + autoPerRun + " per run)") + (reverted() == 0 ? "" : ", " + reverted()
                    + " reverted after a failed check") + (expired.isEmpty() ? "" : ", "
                    + expired.size() + " supervised approval(s) expired");
        }
    }

    private final Workspace ws;
    private final ReviewService review;
    private final Clock clock;
    private final PolicySettings settings;
    private final PolicyLog log;
    private final SupervisedApprovals supervised;
    private final RecallEffect recall;
    private final PostApplyCheck checks;
    private final FailedChecks failedChecks;
    private final Ladder ladder;

    public PolicyService(Workspace ws, ReviewService review, Clock clock) {
        this(ws, review, clock, null);
    }

    /** @param recall the effect on recall of a change (null: not computed, e.g. no index) */
    public PolicyService(Workspace ws, ReviewService review, Clock clock, RecallEffect recall) {
        this.recall = recall;
        this.ws = ws;
        this.review = review;
        this.clock = clock;
        this.settings = new PolicySettings(ws.dir());
        this.log = new PolicyLog(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")), clock);
        this.supervised = new SupervisedApprovals(ws, log, review);
        this.checks = new PostApplyCheck(review.histories());
        this.failedChecks = new FailedChecks(ws, log, review, clock);
        this.ladder = new Ladder(ws, log, settings, review.histories(), clock);
    }

    /** The promotion ladder of the workspace's surfaces. */
    public Ladder ladder() {
        return ladder;
    }

    /** The policy now, or all-manual with the reason when {@code workspace.json}'s policy cannot be read. */
    public PolicySettings.Loaded policy() {
        return settings.load();
    }

    /** The run's cap and the post-apply checks as {@code workspace.json} has them now; refused naming a bad key. */
    public Guardrails guardrails() {
        return Guardrails.read(ws.dir());
    }

    /** The level that applies to a proposal and why (a decided proposal: what applied had it been pending). */
    public Policy.Applying applying(Proposal p) {
        PolicySettings.Loaded loaded = policy();
        if (loaded.problem() != null) {
            return new Policy.Applying(Level.MANUAL, "the policy cannot be read");
        }
        if (!p.valid()) {
            return new Policy.Applying(Level.MANUAL, "the proposal is invalid");
        }
        Policy.Applying a = ladder.resolver(loaded.policy()).apply(p);
        String held = a.level().applies() ? CheckHolds.of(log.entries()).why(p) : null;
        return held == null ? a : new Policy.Applying(Level.MANUAL, held);
    }

    /**
     * Applies what the policy allows: each pending proposal at level auto or supervised that can be approved (not
     * conflicting, not protected, with a change) is approved by {@code policy:<level>}; everything else waits. Then
     * supervised approvals past their time are reverted. A read-only or frozen workspace applies nothing.
     */
    public RunReport run() {
        PolicySettings.Loaded loaded = policy();
        if (loaded.problem() != null) {
            return new RunReport(null, false, List.of(), List.of(), loaded.problem());
        }
        Policy policy = loaded.policy();
        String version = policy.version();
        List<Outcome> outcomes = new ArrayList<>();
        if (ws.readOnly()) {
            return new RunReport(version, policy.frozen(), outcomes, List.of(), "workspace " + ws.name() + " is read-only");
        }
        GuardedRun guard;
        try {
            guard = new GuardedRun(ws, Guardrails.read(ws.dir()), SurfaceNames.read(ws.dir()),
                    CheckHolds.of(log.entries()), checks, failedChecks);
        } catch (PolicyException e) {
            return new RunReport(null, false, List.of(), List.of(), e.getMessage()
                    + " Until it is fixed every proposal waits for a person.");
        }
        ladder.recordDemotions();
        Function<Proposal, Policy.Applying> levels = ladder.resolver(policy);
        for (ReviewService.Item item : review.list()) {
            Proposal p = item.proposal();
            if (!p.valid() || !"pending".equals(p.status())) {
                continue;
            }
            Policy.Applying a = levels.apply(p);
            String held = a.level().applies() ? guard.held(p) : null;
            String overCap = null;
            if (!a.level().applies() || held != null) {
                outcomes.add(new Outcome(p.id(), "waits", held != null ? Level.MANUAL.key() : a.level().key(),
                        held != null ? held : a.reason(), null));
            } else if (!item.approvable()) {
                outcomes.add(new Outcome(p.id(), "waits", a.level().key(), item.problem() != null ? item.problem()
                        : "it cannot be approved as it stands", null));
            } else if ((overCap = guard.overCap()) != null) {
                outcomes.add(new Outcome(p.id(), "waits", a.level().key(), overCap, null));
            } else {
                try {
                    String effect = effectEvidence(item);
                    // the dial commits only the snapshot it judged: re-read and compared under the lock, just before
                    // the commit — any byte changed since (kind, risk, target, text) and it waits for a person
                    Map<String, String> evidence = new LinkedHashMap<>(guard.receipt(p));
                    if (effect != null) {
                        evidence.put("recall_effect", effect);
                    }
                    ReviewService.Decision d = review.approveByPolicy(p.id(), a.level().key(), version, evidence,
                            Seen.judged(item), guard.subject(p));
                    CheckOutcome failed = guard.applied(p, d);
                    outcomes.add(failed == null
                            ? new Outcome(p.id(), "applied", a.level().key(), a.reason(), d.commit(), effect)
                            : new Outcome(p.id(), "reverted", a.level().key(), "post-apply check " + failed.check()
                                    + " failed (" + failed.ending() + ")" + (failed.heldAs() == null ? "" : "; held as "
                                    + failed.heldAs() + " for a person") + (failed.problem() == null ? ""
                                    : "; " + failed.problem()), d.commit(), effect));
                } catch (ConsoleException e) {
                    outcomes.add(new Outcome(p.id(), "waits", a.level().key(), e.getMessage(), null));
                }
            }
        }
        List<String> expired = new ArrayList<>(supervised.expire(clock.instant(), policy.confirmWithinDays()));
        if (expired.stream().anyMatch(e -> e.startsWith("reverted "))
                || outcomes.stream().anyMatch(o -> "reverted".equals(o.action()))) {
            review.sharing().afterDeciding(); // the approvals pushed themselves; the reverts of the expired go too
        }
        expired.addAll(ladder.recordDemotions());
        return new RunReport(version, policy.frozen(), outcomes, expired, null, guard.autoPerRun(), guard.capped(),
                guard.checks());
    }

    /**
     * The effect on recall of approving {@code id} now — over the loops of the last {@code days} days — computed on
     * a read-only overlay of the index. A decided proposal has no change left to preview.
     */
    public RecallEffect.Effect recallEffect(String id, int days) {
        if (recall == null) {
            throw new PolicyException("The effect on recall needs the workspace's index, and none is open here.");
        }
        return recall.of(review.find(id).change(), days);
    }

    /** The effect as the decision log keeps it, for a change that alters the index; a failure is said, not fatal. */
    private String effectEvidence(ReviewService.Item item) {
        if (recall == null) {
            return null;
        }
        try {
            RecallEffect.Effect e = recall.of(item.change(), RecallEffect.DEFAULT_DAYS);
            return e.documents().isEmpty() ? null : e.evidence();
        } catch (RuntimeException e) { // evidence never stops an approval the dial allows
            return "not computed: " + e.getMessage();
        }
    }

    /** The kill switch: every proposal waits for a person until {@link #unfreeze}. Logged with who and why. */
    public Policy freeze(String by, String why) {
        return change(current().withFrozen(true), "policy.freeze", by, why);
    }

    public Policy unfreeze(String by, String why) {
        return change(current().withFrozen(false), "policy.unfreeze", by, why);
    }

    /** Replaces the dial's levels (a person's change, logged with who, why and the versions before and after). */
    public Policy set(Policy next, String by, String why) {
        return change(next, "policy.set", by, why);
    }

    private Policy current() {
        PolicySettings.Loaded loaded = policy();
        if (loaded.problem() != null) {
            throw new PolicyException(loaded.problem());
        }
        return loaded.policy();
    }

    private Policy change(Policy next, String action, String by, String why) {
        PolicyLog.requirePerson(by, why, "a change of the policy");
        if (ws.readOnly()) {
            throw new PolicyException("Workspace " + ws.name() + " is read-only: the policy cannot be changed.");
        }
        String before;
        try {
            before = current().version();
        } catch (PolicyException unreadable) {
            before = "unreadable";
        }
        settings.write(next);
        try {
            next = current(); // as written, with the dial's other keys: the version logged is the one approvals carry
        } catch (PolicyException rewrittenMeanwhile) {
            // another writer changed the file since: the change made here is still the one to log
        }
        ObjectNode e = log.entry(action, by);
        e.put("reason", why);
        e.put("policy_before", before);
        e.put("policy_version", next.version());
        e.put("frozen", next.frozen());
        ObjectNode levels = e.putObject("risk");
        next.risk().forEach((k, v) -> levels.put(k, v.key()));
        ObjectNode kinds = e.putObject("kinds");
        next.kinds().forEach((k, v) -> kinds.put(k, v.key()));
        log.append(e);
        return next;
    }

    /** The changes the dial applied in the last {@code within}, newest first, each with whether it was reverted. */
    public List<Receipts.Receipt> receipts(Duration within) {
        return Receipts.of(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")), clock.instant(), within);
    }

    /** Supervised approvals waiting for a person, oldest first. */
    public List<SupervisedApprovals.Pending> toConfirm() {
        return supervised.pending(policyOrDefaults().confirmWithinDays());
    }

    /** Every change the dial applied that is not reverted (auto, or supervised), oldest first: what a person may revert. */
    public List<SupervisedApprovals.Pending> applied() {
        return supervised.applied();
    }

    public void confirm(String idOrSha, String by) {
        PolicyLog.requirePerson(by, null, null);
        supervised.confirm(idOrSha, by, policyOrDefaults().confirmWithinDays());
    }

    /**
     * A person reverts a change the dial applied — a supervised approval before its time, or an auto-applied change —
     * by its proposal id or commit, as one new commit on its review branch; a surface it was on is demoted to gated.
     * Returns the revert commit.
     */
    public String revert(String idOrSha, String by, String why) {
        PolicyLog.requirePerson(by, why, "a revert");
        if (ws.readOnly()) {
            throw new PolicyException("Workspace " + ws.name() + " is read-only: nothing can be reverted.");
        }
        int days = policyOrDefaults().confirmWithinDays();
        review.sharing().beforeDeciding();
        String sha;
        try {
            sha = supervised.revert(supervised.find(idOrSha, days), by, why);
        } catch (PolicyException notSupervised) {
            if (supervised.pending(days).stream().anyMatch(p -> p.id().equals(idOrSha) || (idOrSha.length() >= 7
                    && p.commit().startsWith(idOrSha)))) {
                throw notSupervised; // one that is waiting for confirmation and could not be reverted: say why
            }
            sha = supervised.revert(supervised.findApplied(idOrSha), by, why, false);
        }
        review.sharing().afterDeciding();
        ladder.recordDemotions();
        return sha;
    }

    /** What {@code candidate} would have done with the last {@code days} days of decisions. */
    public List<PolicySimulation.Row> simulate(Policy candidate, int days) {
        return new PolicySimulation(log, review).rows(candidate, clock.instant(), days);
    }

    private Policy policyOrDefaults() {
        PolicySettings.Loaded loaded = policy();
        return loaded.policy();
    }
}
