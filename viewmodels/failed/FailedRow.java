package viewmodels.failed;

/**
 * One failed target in the table; {@code failedAt} is when it failed as the window writes a moment ("2026-11-24
 * 12:32"), {@code failedAgo} how long ago ("2 d ago"); {@code flag} warns when only one store has it although Redis is
 * configured.
 */
public record FailedRow(String key, String project, String target, String story, String loop, String failedAt,
                        String failedAgo, long failedAtMillis, String expiresIn, long expiresAtMillis, int times,
                        String stored, boolean flag) {

    /** When it failed (the day and time, then how long ago) over when it expires — one cell of the table. */
    public String whenLines() {
        return failedAt + "\n" + failedAgo + "\n" + ("expired".equals(expiresIn) ? "expired" : "expires in " + expiresIn);
    }
}
