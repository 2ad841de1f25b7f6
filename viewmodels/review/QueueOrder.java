package viewmodels.review;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import services.review.Proposal;
import services.review.ReviewQueue;
import services.review.ReviewService;

/**
 * What the review queue lists under a filter, in the queue's order ({@link ReviewQueue}, which {@code proposals list}
 * shares), and the counts line above it. The proposal just decided ("pinned") keeps its place in the list, whatever
 * the filter, until the selection moves off it.
 */
final class QueueOrder {

    private QueueOrder() {
    }

    /**
     * The rows to show under {@code filter}; {@code before} is the list shown until now, so the pinned proposal stays
     * where it was (before the row that followed it, or at its old index).
     */
    static List<QueueRow> rows(List<ReviewService.Item> items, Map<String, Instant> decidedAt,
                               ReviewViewModel.Filter filter, String pinned, List<QueueRow> before) {
        int pinnedAt = -1;
        String after = null; // the row that followed the pinned one: it keeps following it
        for (int i = 0; i < before.size(); i++) {
            if (before.get(i).id().equals(pinned)) {
                pinnedAt = i;
                after = i + 1 < before.size() ? before.get(i + 1).id() : null;
            }
        }
        List<QueueRow> shown = new ArrayList<>(items.stream()
                .filter(i -> passes(i, filter) && !i.proposal().id().equals(pinned))
                .sorted(ReviewQueue.order(decidedAt))
                .map(QueueOrder::row).toList());
        int at = pinnedAt;
        String follower = after;
        items.stream().filter(i -> i.proposal().id().equals(pinned)).findFirst().ifPresent(i -> {
            int next = -1;
            for (int k = 0; k < shown.size(); k++) {
                if (shown.get(k).id().equals(follower)) {
                    next = k;
                }
            }
            shown.add(next >= 0 ? next : at >= 0 ? Math.min(at, shown.size()) : shown.size(), row(i));
        });
        return shown;
    }

    static boolean passes(ReviewService.Item item, ReviewViewModel.Filter filter) {
        Proposal p = item.proposal();
        return switch (filter) {
            case OPEN -> ReviewQueue.pending(p) || ReviewQueue.invalid(p);
            case CHANGES_REQUESTED -> ReviewQueue.sentBack(p);
            case DECIDED -> ReviewQueue.decided(p);
            case INVALID -> ReviewQueue.invalid(p);
            case ALL -> true;
        };
    }

    private static QueueRow row(ReviewService.Item item) {
        Proposal p = item.proposal();
        return new QueueRow(p.id(), ReviewWords.rowGroup(p), p.kind() == null ? "?" : p.kind(),
                p.risk() == null ? "" : p.risk(), p.target() == null ? "" : p.target(), p.status(),
                ReviewQueue.state(item), item.approvable());
    }

    /** The row {@code step} rows from the selected one (the first when none is), kept within the list; null if empty. */
    static String neighbour(List<QueueRow> rows, String selectedId, int step) {
        if (rows.isEmpty()) {
            return null;
        }
        int at = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).id().equals(selectedId)) {
                at = i;
            }
        }
        return rows.get(Math.max(0, Math.min(rows.size() - 1, at + step))).id();
    }
}
