package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * Changes keys of a workspace's {@code workspace.json} in place: reads the file as it is on disk now (so an edit
 * made meanwhile in an editor is kept), applies the change, writes a temporary file beside it and moves it over
 * the old one in one step. Unknown keys and their order are kept; a crash leaves the old file or the new one.
 */
public final class WorkspaceFile {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;

    public WorkspaceFile(Path workspaceDir) {
        this.file = workspaceDir.resolve(Workspace.FILE_NAME);
    }

    public synchronized void update(Consumer<ObjectNode> change) {
        ObjectNode root;
        try {
            JsonNode node = JSON.readTree(Files.readAllBytes(file));
            if (node == null || !node.isObject()) {
                throw new WorkspaceException(file + " does not hold a JSON object; fix it before changing settings.");
            }
            root = (ObjectNode) node;
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + file + " to change it: " + e.getMessage(), e);
        }
        change.accept(root);
        Path temp = file.resolveSibling("." + Workspace.FILE_NAME + ".tmp");
        try {
            Files.write(temp, JSON.writeValueAsBytes(root));
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the temporary file is harmless; the workspace file is unchanged
            }
            throw new WorkspaceException("Cannot save " + file + ": " + e.getMessage() + " (the file is unchanged).", e);
        }
    }
}
