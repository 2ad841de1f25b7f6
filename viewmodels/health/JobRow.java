package viewmodels.health;

/** One scheduled job as the Health screen's table shows it. */
public record JobRow(String id, String title, String schedule, String description, String next, String last,
                     String state, boolean paused, boolean overran, String problem) {
}
