package viewmodels.failed;

/** One failed target in the table; {@code flag} warns when only one store has it although Redis is configured. */
public record FailedRow(String key, String project, String target, String story, String loop, String failedAt,
                        long failedAtMillis, String expiresIn, long expiresAtMillis, int times, String stored,
                        boolean flag) {
}
