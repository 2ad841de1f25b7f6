package viewmodels.amendments;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import services.amendments.AmendmentsService;

/**
 * What the revert confirmation asks, each thing said once: the question (naming the one amendment, or how many will
 * be reverted), the amendments one per line when there are several, the selected ones that cannot be reverted and
 * are left out (each with why), what a revert does, and the confirming button's word ("Revert", "Revert 2").
 */
public record RevertQuestion(String title, String heading, String body, String confirm) {

    static final String WHAT_IT_DOES = "Each revert is a new commit on the amendment's branch, newest first; "
            + "nothing else is touched.";

    static RevertQuestion of(List<AmendmentsService.Amendment> selected) {
        List<String> revertable = selected.stream().filter(a -> a.status() == AmendmentsService.Status.APPLIED)
                .map(AmendmentWords::description).toList();
        List<String> leftOut = selected.stream().filter(a -> a.status() != AmendmentsService.Status.APPLIED)
                .map(a -> a.id() + " — " + (a.status() == AmendmentsService.Status.REVERTED ? "already reverted"
                        + (a.revertedBy() == null ? "" : " in commit " + AmendmentWords.shortSha(a.revertedBy()))
                        : a.status() == AmendmentsService.Status.LEFT_ALONE ? "left alone: " + a.note()
                        : "its commit is missing")).toList();
        String left = leftOut.isEmpty() ? "" : "Left out, cannot be reverted:\n" + String.join("\n", leftOut) + "\n\n";
        int n = revertable.size();
        if (n == 1) {
            return new RevertQuestion("Revert an amendment", "Revert " + revertable.get(0) + "?", left
                    + "The revert is a new commit on the amendment's branch; nothing else is touched.",
                    leftOut.isEmpty() ? "Revert" : "Revert 1");
        }
        return new RevertQuestion("Revert " + n + " amendments", "Revert these " + n + " amendments?",
                String.join("\n", revertable) + "\n\n" + left + WHAT_IT_DOES, "Revert " + n);
    }

    /** The amendments of {@code shown}'s run (its cycle), newest first; none when it has no run or none is applied. */
    static List<AmendmentsService.Amendment> run(List<AmendmentsService.Amendment> all, AmendmentsService.Amendment shown) {
        if (shown == null || shown.cycle() == null || shown.cycle().isBlank()) {
            return List.of();
        }
        List<AmendmentsService.Amendment> of = all.stream().filter(a -> shown.cycle().equals(a.cycle())).toList();
        return of.stream().anyMatch(a -> a.status() == AmendmentsService.Status.APPLIED) ? of : List.of();
    }

    /** The whole-run confirmation: the commits it reverts newest first, those left out, all or nothing, one record. */
    static RevertQuestion ofRun(List<AmendmentsService.Amendment> all, AmendmentsService.Amendment shown) {
        // newest first as the revert goes: a run's amendments often share one second, and a log line lists them in
        // the order they were applied, so among equal times the later one in the log comes first
        List<AmendmentsService.Amendment> of = new ArrayList<>(run(all, shown));
        Collections.reverse(of);
        of.sort(Comparator.comparing(AmendmentsService.Amendment::at, Comparator.nullsLast(Comparator.reverseOrder())));
        List<String> reverts = of.stream().filter(a -> a.status() == AmendmentsService.Status.APPLIED)
                .map(AmendmentWords::description).toList(); // names its commit once, at the end
        List<String> leftOut = of.stream().filter(a -> a.status() == AmendmentsService.Status.REVERTED)
                .map(a -> a.id() + " — already reverted").toList();
        String run = shown == null ? "" : shown.cycle();
        // "Revert all 1 amendments" read wrong: a run of one says so
        String heading = reverts.size() == 1 ? "Revert the only amendment of run " + run + "?"
                : "Revert all " + reverts.size() + " amendments of run " + run + "?";
        return new RevertQuestion("Revert whole run", heading, "Commits reverted, newest first:\n" + String.join("\n", reverts) + "\n\n"
                + (leftOut.isEmpty() ? "" : "Left out:\n" + String.join("\n", leftOut) + "\n\n")
                + "All or nothing: if one cannot be reverted, nothing is committed. One record, with your reason.",
                "Revert run (" + reverts.size() + ")");
    }
}
