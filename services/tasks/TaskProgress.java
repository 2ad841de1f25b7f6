package services.tasks;

/** A snapshot of one task's progress, for status bars. {@code fraction} is negative when unknown. */
public record TaskProgress(String taskName, double fraction, String message) {
}
