package services.sync;

/** What a sync covers. {@code dryRun} only reports the drift between files and index. */
public record SyncOptions(boolean dryRun, Scope scope) {

    public enum Scope { ALL, ADRS, SKILLS }

    public static SyncOptions all() {
        return new SyncOptions(false, Scope.ALL);
    }
}
