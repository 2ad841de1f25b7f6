package services.sync;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.workspace.Workspace;

/**
 * The files a sync reads, by kind, counted as the sync lists them, and those of them the last sync could not
 * index (with its reason): so a count of files and the index's count of documents can be told apart.
 */
public final class SyncSources {

    /** The files of one kind, and those of them the last sync reported as errors (not indexed). */
    public record Count(int files, List<FileIssue> notIndexed) {
        public Count {
            notIndexed = List.copyOf(notIndexed);
        }
    }

    /**
     * ADR files, skill folders (a dangling link and a folder without SKILL.md included), retros and brain notes;
     * {@code synced} is false before the workspace's first sync, when nothing can be said of what is indexed.
     */
    public record Sources(Count adrs, Count skills, Count retros, Count brainNotes, boolean synced) {
    }

    private SyncSources() {
    }

    /** Lists the workspace's source files and reads the last sync's errors (a few megabytes on a large vault). */
    public static Sources of(Workspace workspace) {
        SyncState.Data last = new SyncState(workspace.stateDir().resolve("sync-state.json")).load();
        Map<String, FileIssue> errors = new HashMap<>();
        last.errors().forEach(e -> errors.putIfAbsent(e.path(), e));
        Map<String, List<FileIssue>> notIndexed = new HashMap<>();
        Map<String, Integer> files = new HashMap<>();
        for (VaultFiles.SourceFile f : VaultFiles.list(workspace, SyncOptions.Scope.ALL)) {
            String kind = switch (f.kind()) {
                case ADR -> "adr";
                case RETRO -> "retro";
                case BRAIN_NOTE -> "brain";
                default -> "skill";
            };
            files.merge(kind, 1, Integer::sum);
            FileIssue error = errors.get(f.display());
            if (error != null) {
                notIndexed.computeIfAbsent(kind, k -> new ArrayList<>()).add(error);
            }
        }
        return new Sources(count("adr", files, notIndexed), count("skill", files, notIndexed),
                count("retro", files, notIndexed), count("brain", files, notIndexed), last.lastSync() > 0);
    }

    private static Count count(String kind, Map<String, Integer> files, Map<String, List<FileIssue>> notIndexed) {
        return new Count(files.getOrDefault(kind, 0), notIndexed.getOrDefault(kind, List.of()));
    }
}
