package viewmodels.failed;

/** One failed target in the table; {@code flag} warns when only one store has it although Redis is configured. */
public record FailedRow(String key, String project, String target, String story, String loop, String failedAt,
                        long failedAtMillis, String expiresIn, long expiresAtMillis, int times, String stored,
                        boolean flag) {

    /** When it failed (how long ago, then the day and time) over when it expires — one cell of the table. */
    public String whenLines() {
        return failedAt.replace(" · ", "\n") + "\n" + ("expired".equals(expiresIn) ? "expired" : "expires in " + expiresIn);
    }
}
