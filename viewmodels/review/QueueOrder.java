package viewmodels.review;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import services.review.Proposal;
import services.review.ReviewService;

/**
 * What the review queue lists and in which order — pending first, then sent back, invalid, decided; within each by
 * group, risk and id — and the counts line above it. The proposal just decided ("pinned") keeps its place in the
 * list, whatever the filter, until the selection moves off it.
 */
final class QueueOrder {

    private static final List<String> RISK_ORDER = List.of("high", "medium", "low");

    private QueueOrder() {
    }

    /**
     * The rows to show under {@code filter}; {@code before} is the list shown until now, so the pinned proposal stays
     * where it was (before the row that followed it, or at its old index).
     */
    static List<QueueRow> rows(List<ReviewService.Item> items, ReviewViewModel.Filter filter, String pinned,
                               List<QueueRow> before) {
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
                .sorted(Comparator.comparing((ReviewService.Item i) -> rank(i.proposal()))
                        .thenComparing(i -> !i.approvable())
                        .thenComparing(i -> i.proposal().valid() ? i.proposal().group() : "")
                        .thenComparing(i -> RISK_ORDER.indexOf(String.valueOf(i.proposal().risk())))
                        .thenComparing(i -> i.proposal().id()))
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

    /** "8 open — skill update · additive 3, … · 2 decided · 2 invalid". */
    static String counts(List<ReviewService.Item> items) {
        Map<String, Long> byGroup = items.stream().filter(i -> pending(i.proposal()))
                .collect(Collectors.groupingBy(i -> ReviewWords.group(i.proposal()), LinkedHashMap::new,
                        Collectors.counting()));
        long open = items.stream().filter(i -> pending(i.proposal())).count();
        long sentBack = items.stream().filter(i -> sentBack(i.proposal())).count();
        long decided = items.stream().filter(i -> i.proposal().valid() && !i.proposal().open()).count();
        long invalid = items.stream().filter(i -> !i.proposal().valid()).count();
        return open + " open" + (byGroup.isEmpty() ? "" : " — " + byGroup.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")))
                + (sentBack == 0 ? "" : " · " + sentBack + " changes requested")
                + (decided == 0 ? "" : " · " + decided + " decided")
                + (invalid == 0 ? "" : " · " + invalid + " invalid");
    }

    static boolean passes(ReviewService.Item item, ReviewViewModel.Filter filter) {
        Proposal p = item.proposal();
        return switch (filter) {
            case OPEN -> pending(p) || !p.valid();
            case CHANGES_REQUESTED -> sentBack(p);
            case DECIDED -> p.valid() && !p.open();
            case INVALID -> !p.valid();
            case ALL -> true;
        };
    }

    /** Pending first, then sent back, then invalid, then decided. */
    private static int rank(Proposal p) {
        return pending(p) ? 0 : sentBack(p) ? 1 : !p.valid() ? 2 : 3;
    }

    private static boolean pending(Proposal p) {
        return p.valid() && "pending".equals(p.status());
    }

    private static boolean sentBack(Proposal p) {
        return p.valid() && "changes_requested".equals(p.status());
    }

    private static QueueRow row(ReviewService.Item item) {
        Proposal p = item.proposal();
        String state;
        if (!p.valid()) {
            state = "invalid";
        } else if (!p.open()) {
            state = ReviewWords.status(p.status());
        } else if (sentBack(p)) {
            state = "changes requested";
        } else if (item.change() != null && item.change().conflicted()) {
            state = "conflict";
        } else if (item.problem() != null) {
            state = "blocked";
        } else if (item.change() != null && item.change().stale()) {
            state = "stale · merges";
        } else {
            state = "pending";
        }
        return new QueueRow(p.id(), ReviewWords.group(p), p.kind() == null ? "?" : p.kind(),
                p.risk() == null ? "" : p.risk(), p.target() == null ? "" : p.target(), p.status(), state,
                item.approvable());
    }
}
