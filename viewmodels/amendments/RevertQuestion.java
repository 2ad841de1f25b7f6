package viewmodels.amendments;

import java.util.List;

/**
 * What the revert confirmation asks, each thing said once: the question (naming the one amendment, or how many),
 * the amendments one per line when there are several, what a revert does, and the confirming button's word.
 */
public record RevertQuestion(String title, String heading, String body, String confirm) {

    static final String WHAT_IT_DOES = "Each revert is a new commit on the amendment's branch, newest first; "
            + "nothing else is touched.";

    static RevertQuestion of(List<String> descriptions) {
        int n = descriptions.size();
        if (n == 1) {
            return new RevertQuestion("Revert an amendment", "Revert " + descriptions.get(0) + "?",
                    "The revert is a new commit on the amendment's branch; nothing else is touched.", "Revert");
        }
        return new RevertQuestion("Revert " + n + " amendments", "Revert these " + n + " amendments?",
                String.join("\n", descriptions) + "\n\n" + WHAT_IT_DOES, "Revert " + n);
    }
}
