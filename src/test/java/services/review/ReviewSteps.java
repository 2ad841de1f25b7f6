package services.review;

import java.util.function.Consumer;

/** Lets tests of other packages (the trust dial's) act at a step of an approval, as the crash tests do. */
public final class ReviewSteps {

    private ReviewSteps() {
    }

    /** {@code listener} is told "planned", "intended", "committed", "file-written", "logged", "cleared". */
    public static void onStep(ReviewService review, Consumer<String> listener) {
        review.onStep(listener);
    }
}
