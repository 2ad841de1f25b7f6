package services.amendments;

import java.util.ArrayList;
import java.util.List;

/**
 * What a revert of several amendments did, each named once: the ones reverted (newest first) and the ones left out,
 * each with why (already reverted, its commit missing, a conflict with later changes).
 */
public record RevertReport(List<AmendmentsService.Reverted> reverted, List<LeftOut> leftOut) {

    /** An amendment that was asked for and not reverted by this request, and why, in words. */
    public record LeftOut(String sha, String id, String why) {
    }

    public RevertReport {
        reverted = List.copyOf(reverted);
        leftOut = List.copyOf(leftOut);
    }

    /**
     * One line per amendment: "Reverted dream-… (1a2b3c4d5e → 9f8e7d6c5b on dream/applied, behaviour repo)" and
     * "Not reverted: dream-… (1a2b3c4d5e) — already reverted by 0a1b2c3d4e".
     */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        reverted.forEach(d -> out.add("Reverted " + d.id() + " (" + AmendmentsService.abbreviate(d.sha()) + " → "
                + AmendmentsService.abbreviate(d.revertSha()) + " on " + d.branch() + ", " + d.repo() + " repo)"));
        leftOut.forEach(l -> out.add("Not reverted: " + l.id() + " (" + AmendmentsService.abbreviate(l.sha()) + ") — "
                + l.why()));
        return out;
    }
}
