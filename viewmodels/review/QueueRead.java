package viewmodels.review;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import services.policy.Policy;
import services.review.Proposal;
import services.review.ReviewService;

/**
 * One read of the review queue, made on the runner: its proposals, when its decided ones were decided (their order)
 * and, where the trust dial is shown, each proposal's level.
 */
record QueueRead(List<ReviewService.Item> items, Map<String, Policy.Applying> levels,
                 Map<String, Instant> decidedAt) {

    /** @param policy the trust dial's level of a proposal (null: not shown) */
    static QueueRead of(ReviewService review, Function<Proposal, Policy.Applying> policy) {
        List<ReviewService.Item> all = review.list();
        Map<String, Policy.Applying> levels = new HashMap<>();
        if (policy != null) {
            all.forEach(i -> levels.putIfAbsent(i.proposal().id(), policy.apply(i.proposal())));
        }
        return new QueueRead(all, levels, review.decidedAt());
    }
}
