package services.sync;

/**
 * What a sync covers. {@code dryRun} only reports the drift between files and index; {@code allowMassDelete} lets
 * a sync delete more than the workspace's {@code sync.maxDeleteShare} of a source (the user confirmed it).
 */
public record SyncOptions(boolean dryRun, Scope scope, boolean allowMassDelete) {

    public enum Scope { ALL, ADRS, SKILLS }

    public SyncOptions(boolean dryRun, Scope scope) {
        this(dryRun, scope, false);
    }

    public static SyncOptions all() {
        return new SyncOptions(false, Scope.ALL);
    }

    public SyncOptions allowingMassDelete() {
        return new SyncOptions(dryRun, scope, true);
    }
}
