package services.sync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import services.errors.ConsoleException;
import services.workspace.BrainSettings;
import services.workspace.Workspace;

/**
 * What a sync checks before it writes anything, so that a wrong setting or an unmounted share never empties the
 * index: every root it reads must be a readable, non-empty folder when the last sync indexed files from it, and
 * no source may lose more than {@code sync.maxDeleteShare} (default 20 %) of its files unless the user allowed it.
 */
final class SyncGuard {

    static final double DEFAULT_MAX_DELETE_SHARE = 0.2;

    private SyncGuard() {
    }

    /** The workspace's {@code sync.maxDeleteShare}: a number from 0 to 1. */
    static double maxDeleteShare(Workspace ws) {
        var sync = ws.settings().sync();
        if (sync.problem() != null) {
            throw new ConsoleException(sync.problem());
        }
        return sync.maxDeleteShare() == null ? DEFAULT_MAX_DELETE_SHARE : sync.maxDeleteShare();
    }

    /**
     * Refuses (nothing written) a root that is missing, not a folder, unreadable or empty while the last sync indexed
     * files from it, and a deletion beyond the allowed share; returns warnings for roots that never held anything.
     */
    static List<FileIssue> check(Workspace ws, SyncOptions options, SyncState.Data before,
                                 List<VaultFiles.SourceFile> listed) {
        return check(ws, options, before, listed, false);
    }

    /**
     * As {@link #check(Workspace, SyncOptions, SyncState.Data, List)}; with {@code pagesKept} (an index shared with
     * the running system, where a sync deletes no Brain page) a missing Brain folder or gone pages refuse nothing:
     * the folder is a warning.
     */
    static List<FileIssue> check(Workspace ws, SyncOptions options, SyncState.Data before,
                                 List<VaultFiles.SourceFile> listed, boolean pagesKept) {
        List<FileIssue> warnings = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        if (options.scope() != SyncOptions.Scope.SKILLS) {
            root("the vault", "vault", ws.vault(), "vault:", options.scope(), before, refused, warnings);
        }
        if (options.scope() != SyncOptions.Scope.ADRS) {
            root("the skills folder", "skillsRepo", ws.skillsDir(), "skills:", options.scope(), before, refused,
                    warnings);
        }
        if (options.scope() == SyncOptions.Scope.ALL) {
            List<BrainSettings.Root> roots = ws.brain().roots();
            for (int i = 0; i < roots.size(); i++) {
                BrainSettings.Root r = roots.get(i);
                root("the Brain folder", "brain[" + i + "]", r.brainDir(), BrainFiles.PREFIX + r.name()
                        + BrainFiles.MARK, options.scope(), pagesKept ? new SyncState.Data(Map.of(), 0) : before,
                        refused, warnings);
            }
        }
        if (!refused.isEmpty()) {
            throw new SyncRefused("Sync refused: " + String.join("; ", refused) + ". Nothing was synced or deleted: "
                    + "mount the share or correct the path in " + ws.dir().resolve(Workspace.FILE_NAME) + ".",
                    false, refused);
        }
        if (!options.allowMassDelete()) {
            massDelete(ws, options.scope(), before, listed, pagesKept);
        }
        return warnings;
    }

    private static void root(String label, String key, Path root, String prefix, SyncOptions.Scope scope,
                             SyncState.Data before, List<String> refused, List<FileIssue> warnings) {
        String problem = problem(root);
        if (problem == null) {
            return;
        }
        long indexed = before.files().keySet().stream()
                .filter(s -> s.startsWith(prefix) && VaultFiles.inScope(s, scope)).count();
        if (indexed > 0) {
            refused.add(label + " " + root + " " + problem + " (workspace.json key '" + key + "'), but the last sync "
                    + "indexed " + indexed + " file" + (indexed == 1 ? "" : "s") + " from it");
        } else if (!problem.equals("is empty")) {
            warnings.add(new FileIssue(root.toString(), label + " " + problem + " (workspace.json key '" + key
                    + "'); nothing read from it"));
        }
    }

    /** Why a root cannot be trusted to list its files, or null. */
    private static String problem(Path root) {
        if (!Files.exists(root)) {
            return "does not exist";
        }
        if (!Files.isDirectory(root)) {
            return "is not a folder";
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.findAny().isPresent() ? null : "is empty";
        } catch (IOException e) {
            return "cannot be read (" + e.getMessage() + ")";
        }
    }

    private static void massDelete(Workspace ws, SyncOptions.Scope scope, SyncState.Data before,
                                   List<VaultFiles.SourceFile> listed, boolean pagesKept) {
        double share = maxDeleteShare(ws);
        Set<String> present = listed.stream().map(VaultFiles.SourceFile::source).collect(Collectors.toSet());
        Map<String, List<String>> had = new LinkedHashMap<>();
        for (String source : before.files().keySet()) {
            if (VaultFiles.inScope(source, scope) && !(pagesKept && BrainFiles.isPage(source))) {
                had.computeIfAbsent(group(source), g -> new ArrayList<>()).add(source);
            }
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<String>> g : had.entrySet()) {
            List<String> gone = g.getValue().stream().filter(s -> !present.contains(s)).sorted().toList();
            int total = g.getValue().size();
            if (gone.size() >= 2 && gone.size() > share * total) {
                lines.add(g.getKey() + ": " + gone.size() + " of " + total + " files gone ("
                        + Math.round(100.0 * gone.size() / total) + " %), e.g. " + gone.stream().limit(3)
                        .map(SyncGuard::display).collect(Collectors.joining(", ")));
            }
        }
        if (!lines.isEmpty()) {
            throw new SyncRefused("Sync refused: it would delete the documents of more than "
                    + Math.round(share * 100) + " % of a source's files (" + String.join("; ", lines)
                    + "). Nothing was synced or deleted. If the files were removed on purpose, run 'sync "
                    + "--allow-mass-delete' (or confirm in the window); the share is \"sync\": {\"maxDeleteShare\": "
                    + share + "} in workspace.json.", true, lines);
        }
    }

    /** The source a file belongs to, for the share: ADRs, skills, retros, brain notes. */
    static String group(String source) {
        if (source.startsWith("skills:")) {
            return "skills";
        }
        if (source.startsWith("vault:docs/decisions/")) {
            return "ADRs";
        }
        if (source.startsWith("vault:system/retrospectives/")) {
            return "retros";
        }
        if (source.startsWith("vault:system/brain/codebase/")) {
            return "brain notes";
        }
        if (BrainFiles.isPage(source)) {
            return "Brain pages of " + BrainFiles.folder(source);
        }
        int slash = source.lastIndexOf('/');
        return slash < 0 ? source : source.substring(0, slash + 1);
    }

    private static String display(String source) {
        if (BrainFiles.isPage(source)) {
            return BrainFiles.folder(source) + "/.brain/" + BrainFiles.inside(source);
        }
        return source.startsWith("vault:") ? source.substring(6)
                : source.startsWith("skills:") ? "skills/" + source.substring(7) : source;
    }
}
