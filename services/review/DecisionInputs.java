package services.review;

import java.text.Normalizer;
import java.util.Locale;
import services.text.PlainText;

/** The checks a decision's inputs pass before anything is read or written: who decides, and why. */
final class DecisionInputs {

    private DecisionInputs() {
    }

    /** A name written into a trailer, a frontmatter line and the logs: one line, no control characters. */
    static void requireName(String by, String missing) {
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

    /**
     * Only the trust dial approves as {@code policy:…}: a person cannot sign with its name — nor with a name that reads
     * as it (fullwidth letters, an invisible character or a space inside: {@code policy\u200B:auto}, {@code ｐolicy:auto}).
     */
    static void requirePerson(String by) {
        String read = by == null ? "" : Normalizer.normalize(by, Normalizer.Form.NFKC)
                .replaceAll("[\\p{Cf}\\p{Z}\\s]", "").toLowerCase(Locale.ROOT);
        if (read.startsWith(ReviewService.POLICY)) {
            throw new ReviewException("--by: " + PlainText.shown(by) + " is reserved for the trust dial's own approvals; "
                    + "give your own name. Nothing was recorded.");
        }
    }

    static void requireText(String value, String message) {
        if (value == null || value.isBlank()) {
            throw new ReviewException(message);
        }
    }
}
