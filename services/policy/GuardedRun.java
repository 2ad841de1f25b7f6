package services.policy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.review.Proposal;
import services.review.ReviewService;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * The guardrails of one {@code policy run}: what a failed check holds back, the cap on changes applied by the dial
 * ({@code policy.autoPerRun}), the receipt each applied change is committed with, and the checks run after each.
 */
final class GuardedRun {

    private final Workspace ws;
    private final Guardrails guardrails;
    private final SurfaceNames surfaces;
    private final CheckHolds holds;
    private final PostApplyCheck checker;
    private final FailedChecks failed;
    private int applied;
    private int capped;
    private final List<CheckOutcome> checks = new ArrayList<>();

    GuardedRun(Workspace ws, Guardrails guardrails, SurfaceNames surfaces, CheckHolds holds, PostApplyCheck checker,
               FailedChecks failed) {
        this.ws = ws;
        this.guardrails = guardrails;
        this.surfaces = surfaces;
        this.holds = holds;
        this.checker = checker;
        this.failed = failed;
    }

    /** Why a failed check holds {@code p} back from the dial, else null. */
    String held(Proposal p) {
        return holds.why(p);
    }

    /** Why {@code p}, which the dial could apply, waits because the run's cap is reached (counted), else null. */
    String overCap() {
        if (applied < guardrails.autoPerRun()) {
            return null;
        }
        capped++;
        return "the run's cap of " + guardrails.autoPerRun() + " change(s) applied by the dial is reached "
                + "(policy.autoPerRun); it waits for the next run or a person";
    }

    String surface(Proposal p) {
        return surfaces.nameOf(p.repo(), p.target());
    }

    String subject(Proposal p) {
        return ReceiptSubject.of(p, surface(p));
    }

    /** The receipt's keys for the approval's decision-log line. */
    Map<String, String> receipt(Proposal p) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("surface", ReceiptSubject.surfaceOf(p, surface(p)));
        out.put("receipt_reason", ReceiptSubject.reason(p));
        return out;
    }

    /**
     * Counts an applied change, then runs the checks that cover it, in order, until one fails; a failure takes the
     * change back ({@link FailedChecks}). Returns the failed check's outcome, or null when every check passed.
     */
    CheckOutcome applied(Proposal p, ReviewService.Decision d) {
        applied++;
        Path root = "skills".equals(p.repo()) ? ws.skillsRepo() : ws.behaviourRepo();
        String surface = surface(p);
        for (Guardrails.Check c : guardrails.covering(p.repo(), p.target(), surface)) {
            PostApplyCheck.Result r = checker.run(c, root, d.commit());
            String ending = r.ending(c.timeoutSeconds());
            if (r.passed()) {
                checks.add(new CheckOutcome(p.id(), c.name(), true, false, r.exitCode(), ending, r.millis(),
                        FailedChecks.evidence(r.output()), null, null, null));
                continue;
            }
            FailedChecks.Reverted back;
            try {
                back = failed.revert(p, d, surface, c, r);
            } catch (RuntimeException e) {
                back = new FailedChecks.Reverted(null, null, "could not revert: " + PlainText.oneLine(e.getMessage()));
            }
            CheckOutcome out = new CheckOutcome(p.id(), c.name(), false, r.timedOut(), r.exitCode(), ending,
                    r.millis(), FailedChecks.evidence(r.output()), back.revertCommit(), back.heldAs(), back.problem());
            checks.add(out);
            return out;
        }
        return null;
    }

    int autoPerRun() {
        return guardrails.autoPerRun();
    }

    int capped() {
        return capped;
    }

    List<CheckOutcome> checks() {
        return List.copyOf(checks);
    }
}
