package viewmodels.amendments;

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
}
