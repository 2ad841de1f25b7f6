package services.review;

import services.audit.PlainText;

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

    /** Only the trust dial approves as {@code policy:…}: a person cannot sign with its name. */
    static void requirePerson(String by) {
        if (by != null && by.strip().toLowerCase(java.util.Locale.ROOT).startsWith(ReviewService.POLICY)) {
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
