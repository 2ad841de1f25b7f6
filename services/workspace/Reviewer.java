package services.workspace;

/**
 * The one name a person has in every log of a workspace: its {@code reviewer} key, else the operating-system user
 * name. Every decision, clear, revert and confirmation made without an explicit {@code --by} is recorded under it, so
 * the same person is not "joel" in the decision log and "root" in the failed-targets log.
 */
public final class Reviewer {

    private Reviewer() {
    }

    public static String of(Workspace ws) {
        String reviewer = ws.settings().reviewer();
        return reviewer != null && !reviewer.isBlank() ? reviewer : System.getProperty("user.name", "reviewer");
    }

    /** {@code by} when given, else {@link #of the workspace's person}. */
    public static String or(String by, Workspace ws) {
        return by != null && !by.isBlank() ? by : of(ws);
    }
}
