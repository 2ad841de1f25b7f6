package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The recently opened workspaces, newest first, in {@code <config>/recent-workspaces.json}. The first entry is
 * the "last opened" workspace the CLI uses when no {@code --workspace} is given. A corrupt file is logged and
 * treated as empty: losing a recents list must never stop the console from starting.
 */
public final class RecentWorkspaces {

    static final int LIMIT = 10;
    private static final Logger LOG = LoggerFactory.getLogger(RecentWorkspaces.class);

    private final Path file;
    private final ObjectMapper json = new ObjectMapper();

    public RecentWorkspaces(AppDirs dirs) {
        this.file = dirs.config().resolve("recent-workspaces.json");
    }

    public synchronized List<Path> list() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            JsonNode root = json.readTree(file.toFile());
            List<Path> out = new ArrayList<>();
            for (JsonNode item : root.path("workspaces")) {
                if (item.isTextual() && !item.asText().isBlank()) {
                    out.add(Path.of(item.asText()));
                }
            }
            return out;
        } catch (IOException | RuntimeException e) {
            LOG.warn("Ignoring unreadable recent-workspaces list {}: {}", file, e.getMessage());
            return List.of();
        }
    }

    public Optional<Path> last() {
        return list().stream().findFirst();
    }

    public synchronized void remember(Path workspace) {
        Path absolute = workspace.toAbsolutePath().normalize();
        List<Path> paths = new ArrayList<>(list());
        paths.remove(absolute);
        paths.add(0, absolute);
        while (paths.size() > LIMIT) {
            paths.remove(paths.size() - 1);
        }
        ObjectNode root = json.createObjectNode();
        ArrayNode array = root.putArray("workspaces");
        paths.forEach(p -> array.add(p.toString()));
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            json.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("Could not save recent workspaces to {}: {}", file, e.getMessage());
        }
    }
}
