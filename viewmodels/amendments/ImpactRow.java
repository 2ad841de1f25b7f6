package viewmodels.amendments;

/** One project's loop outcomes before and after an amendment. */
public record ImpactRow(String project, String before, String after) {
}
