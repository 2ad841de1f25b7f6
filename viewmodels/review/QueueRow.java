package viewmodels.review;

/** One proposal in the review queue. {@code state} is what stands out: pending, stale, conflict, invalid, approved… */
public record QueueRow(String id, String group, String kind, String risk, String target, String status, String state,
                       boolean approvable) {
}
