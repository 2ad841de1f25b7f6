package viewmodels.review;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import services.review.Proposal;
import services.review.ReviewService;

/**
 * Proposals that were open and are decided now, not in this window (the trust dial's job, another console, the
 * command line), by id, with how: said, so a proposal being read never leaves the Open list without a word. They add
 * up over the reads of the queue that a run of the trust dial spreads over, until the window next acts on the queue.
 */
final class DecidedElsewhere {

    private final Map<String, String> decided = new LinkedHashMap<>();

    /**
     * Notes what was decided between these two reads of the queue, leaving out the ids {@code decidedHere} accepts;
     * true if anything was.
     */
    boolean note(List<ReviewService.Item> before, List<ReviewService.Item> now, Predicate<String> decidedHere) {
        Map<String, Proposal> nowById = new HashMap<>();
        now.forEach(i -> nowById.put(i.proposal().id(), i.proposal()));
        boolean any = false;
        for (ReviewService.Item i : before) {
            Proposal was = i.proposal();
            Proposal is = nowById.get(was.id());
            if (was.valid() && was.open() && is != null && !is.open() && !decidedHere.test(was.id())) {
                decided.put(was.id(), String.valueOf(is.status()).replace('_', ' '));
                any = true;
            }
        }
        return any;
    }

    /** "2 proposals were decided elsewhere meanwhile (…): id approved, id rejected. The Decided filter …" */
    String message() {
        int n = decided.size();
        return n + (n == 1 ? " proposal was" : " proposals were")
                + " decided elsewhere meanwhile (the trust dial, another console or the command line): "
                + decided.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", ")) + ". The Decided filter shows them with their records.";
    }

    void clear() {
        decided.clear();
    }
}
