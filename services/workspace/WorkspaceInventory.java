package services.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Says for each configured folder whether it is usable, and counts the proposals waiting on disk (the files the
 * sync reads are counted by {@code services.sync.SyncSources}, beside what the last sync could not index).
 */
public final class WorkspaceInventory {

    public record Location(String key, Path path, boolean usable, String status) {
    }

    public record Inventory(List<Location> locations, int proposals) {
    }

    public Inventory take(Workspace ws) {
        List<Location> locations = new ArrayList<>();
        locations.add(location("vault", ws.vault()));
        locations.add(location("skillsRepo", ws.skillsRepo()));
        locations.add(location("behaviourRepo", ws.behaviourRepo()));
        locations.add(location("dreamDir", ws.dreamDir()));
        locations.add(location("profilesDir", ws.profilesDir()));
        BrainSettings brain = ws.brain();
        for (int i = 0; i < brain.roots().size(); i++) {
            BrainSettings.Root root = brain.roots().get(i);
            Location where = location("brain[" + i + "]", root.configured());
            if (where.usable() && !Files.isDirectory(root.brainDir())) {
                where = new Location(where.key(), where.path(), false, "no .brain folder");
            }
            locations.add(where);
        }
        if (brain.criticalDb() != null) {
            Path db = brain.criticalDb();
            locations.add(new Location("criticalDb", db, Files.isRegularFile(db) && Files.isReadable(db),
                    !Files.exists(db) ? "missing" : !Files.isRegularFile(db) ? "not a file"
                            : !Files.isReadable(db) ? "not readable" : "ok (read only)"));
        }
        int proposals = count(ws.skillProposalsDir(), p -> p.toString().endsWith(".md"))
                + count(ws.dreamDir().resolve("proposals"), p -> p.toString().endsWith(".md"));
        return new Inventory(locations, proposals);
    }

    private static Location location(String key, Path path) {
        if (!Files.exists(path)) {
            return new Location(key, path, false, "missing");
        }
        if (!Files.isDirectory(path)) {
            return new Location(key, path, false, "not a folder");
        }
        if (!Files.isReadable(path)) {
            return new Location(key, path, false, "not readable");
        }
        return new Location(key, path, true, Files.isDirectory(path.resolve(".git")) ? "git repository" : "ok");
    }

    private static int count(Path dir, Predicate<Path> include) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return (int) entries.filter(include).count();
        } catch (IOException e) {
            return 0;
        }
    }
}
