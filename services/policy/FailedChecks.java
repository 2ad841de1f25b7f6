package services.policy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import services.amendments.AmendmentHistory;
import services.audit.DecisionLock;
import services.review.HeldProposals;
import services.review.Proposal;
import services.review.ReviewService;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * Takes back a change whose post-apply check failed: one revert commit on the review branch ({@code Reverted-By:
 * policy:check}), the proposal file marked reverted, the decision log's revert record ({@code "automatic": true}, the
 * check's output as evidence), and the change put up again as a new pending proposal that only a person can approve
 * ({@link CheckHolds}). The log line is written before the copy, so a copy on disk is always already held.
 */
final class FailedChecks {

    /** The evidence kept in the log line and the held copy's file: the end of the output, at most this long. */
    static final int EVIDENCE_CHARS = 8000;

    /** What was done: the revert commit and the id of the copy waiting for a person (null when it could not be written). */
    record Reverted(String revertCommit, String heldAs, String problem) {
    }

    private final Workspace ws;
    private final PolicyLog log;
    private final ReviewService review;
    private final DecisionLock lock;
    private final Clock clock;

    FailedChecks(Workspace ws, PolicyLog log, ReviewService review, Clock clock) {
        this.ws = ws;
        this.log = log;
        this.review = review;
        this.clock = clock;
        this.lock = new DecisionLock(ws.stateDir());
    }

    Reverted revert(Proposal p, ReviewService.Decision approved, String surface, Guardrails.Check check,
                    PostApplyCheck.Result result) {
        String ending = result.ending(check.timeoutSeconds());
        String why = "post-apply check " + PlainText.oneLine(check.name()) + " failed (" + PlainText.oneLine(ending) + ")";
        String evidence = evidence(result.output());
        return lock.run(() -> {
            Path root = "skills".equals(p.repo()) ? ws.skillsRepo() : ws.behaviourRepo();
            String sha;
            try (AmendmentHistory history = review.histories().apply(root)) {
                sha = history.revertOf(approved.branch(), approved.commit()).map(c -> c.sha())
                        .orElseGet(() -> history.revert(approved.branch(), approved.commit(),
                                message(p, approved.commit(), why), CheckHolds.BY));
            }
            String recorded = review.recordRevert(p.id(), CheckHolds.BY, why, sha, approved.commit(), approved.branch());
            String heldAs = HeldProposals.freeId(p);
            ObjectNode e = log.entry("revert", CheckHolds.BY);
            e.put("automatic", true);
            e.put("proposal", p.id());
            e.put("reverts", approved.commit());
            e.put("commit", sha);
            e.put("branch", approved.branch());
            e.put("repo", p.repo());
            e.put("target", p.target());
            if (surface != null) {
                e.put("surface", surface);
            }
            e.put("reason", why);
            e.put("check", check.name());
            e.put("timed_out", result.timedOut());
            if (result.exitCode() != null) {
                e.put("exit_code", result.exitCode());
            }
            e.put("evidence", evidence);
            e.put("held_as", heldAs);
            if (recorded != null && !recorded.isEmpty()) {
                e.put("recorded", recorded);
            }
            log.append(e);
            try {
                HeldProposals.write(p, heldAs, List.of("policy-check: " + PlainText.oneLine(check.name()) + " "
                        + PlainText.oneLine(ending) + " on " + SupervisedApprovals.abbreviate(approved.commit()),
                        "policy-check output: " + cut(PlainText.oneLine(result.output().strip()), 500)),
                        note(p, check, ending, approved.commit(), sha), evidence, clock.instant());
                return new Reverted(sha, heldAs, null);
            } catch (RuntimeException e2) {
                return new Reverted(sha, heldAs, PlainText.oneLine(e2.getMessage()));
            }
        });
    }

    private static String note(Proposal p, Guardrails.Check check, String ending, String commit, String revert) {
        return "The trust dial applied " + PlainText.oneLine(p.id()) + " as " + commit + ", then its post-apply check "
                + PlainText.oneLine(check.name()) + " failed (" + PlainText.oneLine(ending) + "), so the console "
                + "reverted it as " + revert + ". It waits for a person: the dial will not apply it again. The check's "
                + "output is below.";
    }

    private static String message(Proposal p, String commit, String why) {
        return "Revert " + PlainText.oneLine(p.kind()) + ": " + PlainText.oneLine(p.target()) + "\n\n"
                + PlainText.oneLine(why) + ".\n\nReverts: " + commit + "\nReverted-By: " + CheckHolds.BY
                + "\nProposal-Id: " + PlainText.oneLine(p.id()) + "\n";
    }

    /** The end of the output, at most {@link #EVIDENCE_CHARS} characters. */
    static String evidence(String output) {
        String o = output == null ? "" : output;
        return o.length() <= EVIDENCE_CHARS ? o : "…" + o.substring(o.length() - EVIDENCE_CHARS + 1);
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
