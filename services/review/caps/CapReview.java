package services.review.caps;

import java.util.List;

/** A proposal on a capped file as a reviewer sees it: the verdict (the trade, or why it is refused) and the stale items. */
public record CapReview(CapVerdict verdict, List<StaleItems.Stale> stale) {

    public CapReview {
        stale = List.copyOf(stale);
    }
}
