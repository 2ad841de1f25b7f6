package services.sync;

import java.util.ArrayList;
import java.util.EnumMap;
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

    /** The four kinds the overview counts: a skill folder without SKILL.md or a dangling link counts as a skill. */
    private enum Counted { ADR, SKILL, RETRO, BRAIN_NOTE }

    /** Lists the workspace's source files and reads the last sync's errors (a few megabytes on a large vault). */
    public static Sources of(Workspace workspace) {
        SyncState.Data last = new SyncState(workspace.stateDir().resolve("sync-state.json")).load();
        Map<String, FileIssue> errors = new HashMap<>();
        last.errors().forEach(e -> errors.putIfAbsent(e.path(), e));
        Map<Counted, List<FileIssue>> notIndexed = new EnumMap<>(Counted.class);
        Map<Counted, Integer> files = new EnumMap<>(Counted.class);
        for (VaultFiles.SourceFile f : VaultFiles.list(workspace, SyncOptions.Scope.ALL)) {
            if (f.kind() == VaultFiles.Kind.BRAIN_PAGE) {
                continue; // counted by the era line (services.brain.BrainEra), not among the Vault's four kinds
            }
            Counted kind = switch (f.kind()) {
                case ADR -> Counted.ADR;
                case RETRO -> Counted.RETRO;
                case BRAIN_NOTE -> Counted.BRAIN_NOTE;
                case SKILL, SKILL_DIR_WITHOUT_FILE, DANGLING_SYMLINK, BRAIN_PAGE -> Counted.SKILL;
            };
            files.merge(kind, 1, Integer::sum);
            FileIssue error = errors.get(f.display());
            if (error != null) {
                notIndexed.computeIfAbsent(kind, k -> new ArrayList<>()).add(error);
            }
        }
        return new Sources(count(Counted.ADR, files, notIndexed), count(Counted.SKILL, files, notIndexed),
                count(Counted.RETRO, files, notIndexed), count(Counted.BRAIN_NOTE, files, notIndexed),
                last.lastSync() > 0);
    }

    private static Count count(Counted kind, Map<Counted, Integer> files, Map<Counted, List<FileIssue>> notIndexed) {
        return new Count(files.getOrDefault(kind, 0), notIndexed.getOrDefault(kind, List.of()));
    }
}
