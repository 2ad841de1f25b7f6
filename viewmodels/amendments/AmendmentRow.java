package viewmodels.amendments;

/** One amendment in the list. */
public record AmendmentRow(String sha, String shortSha, String id, String kind, String target, String date,
                           String status, String repo) {
}
