package services.review;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The review queue as both faces show it — the window's Review and {@code proposals list}: its order, each
 * proposal's state in words, and the counts line. Pending first (those that can be approved before the blocked and
 * conflicting ones), then sent back, invalid, decided — the decided newest decision first
 * ({@link ReviewService#decidedAt()}); within each by group, risk and id.
 */
public final class ReviewQueue {

    private static final List<String> RISK_ORDER = List.of("high", "medium", "low");

    private static final Comparator<ReviewService.Item> ORDER_WITHIN = Comparator
            .comparing((ReviewService.Item i) -> !i.approvable())
            .thenComparing(i -> i.proposal().valid() ? i.proposal().group() : "")
            .thenComparing(i -> RISK_ORDER.indexOf(String.valueOf(i.proposal().risk())))
            .thenComparing(i -> i.proposal().id());

    /** The queue's order, decided proposals newest decision first by {@code decidedAt} (those without one last). */
    public static Comparator<ReviewService.Item> order(Map<String, Instant> decidedAt) {
        Comparator<ReviewService.Item> newestFirst = Comparator.comparing(
                (ReviewService.Item i) -> rank(i.proposal()) == DECIDED ? decidedAt.get(i.proposal().id()) : null,
                Comparator.nullsLast(Comparator.<Instant>reverseOrder()));
        return Comparator.comparing((ReviewService.Item i) -> rank(i.proposal()))
                .thenComparing(newestFirst)
                .thenComparing(ORDER_WITHIN);
    }

    private ReviewQueue() {
    }

    /** The items in the queue's order, the decided ones newest decision first. */
    public static List<ReviewService.Item> ordered(Collection<ReviewService.Item> items, Map<String, Instant> decidedAt) {
        return items.stream().sorted(order(decidedAt)).toList();
    }

    /**
     * What stands out about a proposal: pending, stale · merges, conflict, blocked, changes requested, invalid,
     * tampered (decided, and its file changed since), or its decision (approved, rejected, superseded, reverted).
     */
    public static String state(ReviewService.Item item) {
        Proposal p = item.proposal();
        if (p.isTampered()) { // decided, whatever the file became since: even no valid proposal at all
            return "tampered";
        } else if (!p.valid()) {
            return "invalid";
        } else if (!p.open()) {
            return ProposalWords.status(p.status());
        } else if (sentBack(p)) {
            return "changes requested";
        } else if (item.change() != null && item.change().conflicted()) {
            return "conflict";
        } else if (item.problem() != null) {
            return "blocked";
        } else if (item.change() != null && item.change().stale()) {
            return "stale · merges";
        }
        return "pending";
    }

    /** "8 open — skill update · additive 3, … · 1 changes requested · 2 decided · 2 invalid". */
    public static String counts(List<ReviewService.Item> items) {
        Map<String, Long> byGroup = items.stream().filter(i -> pending(i.proposal()))
                .collect(Collectors.groupingBy(i -> ProposalWords.group(i.proposal()), LinkedHashMap::new,
                        Collectors.counting()));
        long open = items.stream().filter(i -> pending(i.proposal())).count();
        long sentBack = items.stream().filter(i -> sentBack(i.proposal())).count();
        long decided = items.stream().filter(i -> decided(i.proposal())).count();
        long invalid = items.stream().filter(i -> invalid(i.proposal())).count();
        long tampered = items.stream().filter(i -> i.proposal().isTampered()).count();
        return open + " open" + (byGroup.isEmpty() ? "" : " — " + byGroup.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")))
                + (sentBack == 0 ? "" : " · " + sentBack + " changes requested")
                + (decided == 0 ? "" : " · " + decided + " decided")
                + (tampered == 0 ? "" : " (" + tampered + " tampered)")
                + (invalid == 0 ? "" : " · " + invalid + " invalid");
    }

    /** Valid and waiting for a first decision. */
    public static boolean pending(Proposal p) {
        return p.valid() && "pending".equals(p.status());
    }

    /** Decided by the console: valid and no longer open, or tampered with since (whatever the file now is). */
    public static boolean decided(Proposal p) {
        return p.isTampered() || p.valid() && !p.open();
    }

    /** Not a valid proposal, and no decision of the console's stands for it. */
    public static boolean invalid(Proposal p) {
        return !p.valid() && !p.isTampered();
    }

    /** Valid and sent back for changes. */
    public static boolean sentBack(Proposal p) {
        return p.valid() && "changes_requested".equals(p.status());
    }

    /** Pending first, then sent back, then invalid, then decided. */
    private static final int DECIDED = 3;

    private static int rank(Proposal p) {
        return pending(p) ? 0 : sentBack(p) ? 1 : invalid(p) ? 2 : DECIDED;
    }
}
