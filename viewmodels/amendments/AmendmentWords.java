package viewmodels.amendments;

import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService.Amendment;
import viewmodels.text.Moments;

/** What the amendments screen says about an amendment: its row, its details, its impact, its line in a question. */
final class AmendmentWords {

    private AmendmentWords() {
    }

    static String shortSha(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }

    /** Its row: when it was applied as the window writes a moment ("2026-11-21 21:47", in its zone). */
    static AmendmentRow row(Amendment a, Moments moments) {
        return new AmendmentRow(a.sha(), shortSha(a.sha()), a.id(), a.kindWords(), a.target(),
                a.at() == null ? "" : moments.moment(a.at()), a.label(), a.repo());
    }

    static String heading(Amendment a) {
        return a.id() + " — " + a.kindWords() + " on " + a.target();
    }

    static String details(Amendment a) {
        return a.label() + (a.revertedBy() == null ? "" : " in commit " + shortSha(a.revertedBy()))
                + " · " + a.repo() + " repo · branch " + a.branch() + " · cycle " + a.cycle() + " · commit " + a.sha()
                + (a.evidence().isEmpty() ? "" : "\nEvidence: " + String.join(" · ", a.evidence()))
                + (a.note().isEmpty() ? "" : "\n" + a.note());
    }

    /** One line of the revert question: "dream-2026-11-18-02 — SOUL amendment on SOUL.md (commit 1a2b3c4d5e)". */
    static String description(Amendment a) {
        return heading(a) + " (commit " + shortSha(a.sha()) + ")";
    }

    static String outcome(AmendmentImpact.Outcome o) {
        int stories = o.completed() + o.failed() + o.skipped();
        return o.loops() == 0 ? "no loops" : o.loops() + (o.loops() == 1 ? " loop" : " loops") + " · " + o.completed()
                + "/" + stories + " passed · " + o.failed() + " failed (" + o.passRate() + ")";
    }
}
