package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Brain era's keys of {@code workspace.json} (running-system.md part 11): {@code "brain": ["<folder>", …]}, each
 * a {@code .brain} folder or a repository holding one, and {@code "criticalDb": "<path>"}, the running system's
 * {@code critical.db} (read only). Paths have {@code ~} expanded and are resolved against the workspace.
 *
 * @param roots      the configured Brain folders, in the order written
 * @param criticalDb the critical.db file, or null when the key is absent
 */
public record BrainSettings(List<Root> roots, Path criticalDb) {

    public static final String BRAIN_KEY = "brain";
    public static final String CRITICAL_DB_KEY = "criticalDb";

    public BrainSettings {
        roots = List.copyOf(roots);
    }

    /**
     * One configured Brain folder.
     *
     * @param configured the path as resolved from the key
     * @param brainDir   the {@code .brain} folder itself ({@code configured}, or {@code configured/.brain})
     * @param name       the folder name its ids start with: the repository's ({@code brain:<name>/…})
     */
    public record Root(Path configured, Path brainDir, String name) {
    }

    /** The settings of a loaded workspace; a wrong type was refused when it was loaded. */
    public static BrainSettings of(ObjectNode raw, Path dir, String home) {
        return read(raw, dir, home, dir.resolve(Workspace.FILE_NAME), new ArrayList<>());
    }

    /**
     * Reads the keys; a wrong type is a {@link WorkspaceException} naming the key, a folder that is missing or holds
     * no {@code .brain} folder is added to {@code problems} (the workspace still opens).
     */
    static BrainSettings read(ObjectNode raw, Path dir, String home, Path file, List<WorkspaceProblem> problems) {
        List<Root> roots = new ArrayList<>();
        JsonNode brain = raw.get(BRAIN_KEY);
        if (brain != null && !brain.isNull()) {
            if (brain.isTextual()) {
                throw new WorkspaceException(file + " key '" + BRAIN_KEY + "': expected a list of folders like "
                        + "[\"~/Code/joelhooks/joelclaw\"], found text.");
            }
            if (!brain.isArray()) {
                throw new WorkspaceException(file + " key '" + BRAIN_KEY + "': expected a list of folders.");
            }
            for (int i = 0; i < brain.size(); i++) {
                JsonNode item = brain.get(i);
                String key = BRAIN_KEY + "[" + i + "]";
                if (!item.isTextual() || item.asText().isBlank()) {
                    throw new WorkspaceException(file + " key '" + key + "': expected the path of a folder.");
                }
                Path path = dir.resolve(expand(item.asText(), home)).normalize();
                Root root = root(path);
                if (!Files.isDirectory(path)) {
                    problems.add(new WorkspaceProblem(key, path.toString(), "does not exist"));
                } else if (!Files.isDirectory(root.brainDir())) {
                    problems.add(new WorkspaceProblem(key, path.toString(),
                            "holds no .brain folder (give a .brain folder or a repository holding one)"));
                }
                roots.add(root);
            }
        }
        Path critical = null;
        JsonNode db = raw.get(CRITICAL_DB_KEY);
        if (db != null && !db.isNull()) {
            if (!db.isTextual() || db.asText().isBlank()) {
                throw new WorkspaceException(file + " key '" + CRITICAL_DB_KEY + "': expected the path of a "
                        + "critical.db file like \"~/.joelclaw/search/critical.db\".");
            }
            critical = dir.resolve(expand(db.asText(), home)).normalize();
        }
        return new BrainSettings(roots, critical);
    }

    /** A {@code .brain} folder is its own root, named for the folder holding it; a repository holds one. */
    static Root root(Path path) {
        Path name = path.getFileName();
        if (name != null && name.toString().equals(".brain")) {
            Path parent = path.getParent();
            String repo = parent == null || parent.getFileName() == null ? "brain" : parent.getFileName().toString();
            return new Root(path, path, repo);
        }
        return new Root(path, path.resolve(".brain"), name == null ? "brain" : name.toString());
    }

    private static String expand(String raw, String home) {
        if (raw.equals("~")) {
            return home;
        }
        return raw.startsWith("~/") ? home + raw.substring(1) : raw;
    }
}
