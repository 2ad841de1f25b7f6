package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.function.Consumer;

/**
 * Changes keys of a workspace's {@code workspace.json} in place: reads the file as it is on disk now (so an edit
 * made meanwhile in an editor is kept), applies the change, writes a temporary file beside it and moves it over
 * the old one in one step. Only what changed is written: the rest of the text — the user's formatting, key order
 * and unknown keys — stays as it was ({@link JsonTextPatch}); a change that changes nothing leaves the file
 * untouched. A crash leaves the old file or the new one.
 */
public final class WorkspaceFile {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;

    public WorkspaceFile(Path workspaceDir) {
        this.file = workspaceDir.resolve(Workspace.FILE_NAME);
    }

    /** Applies {@code change}; returns false when it changed nothing (and the file was not written). */
    public synchronized boolean update(Consumer<ObjectNode> change) {
        ObjectNode root;
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            JsonNode node = JSON.readTree(text);
            if (node == null || !node.isObject()) {
                throw new WorkspaceException(file + " does not hold a JSON object; fix it before changing settings.");
            }
            root = (ObjectNode) node;
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + file + " to change it: " + e.getMessage(), e);
        }
        ObjectNode before = root.deepCopy();
        change.accept(root);
        if (before.equals(root)) {
            return false;
        }
        String updated = JsonTextPatch.apply(text, before, root);
        Path temp = file.resolveSibling("." + Workspace.FILE_NAME + ".tmp");
        try {
            Files.write(temp, updated.getBytes(StandardCharsets.UTF_8));
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
        return true;
    }

    /** Sets {@code schedules.<job>} to a cron expression, keeping the other jobs (an old non-object is replaced). */
    public boolean saveSchedule(String job, String expression) {
        return update(root -> {
            JsonNode node = root.get("schedules");
            ObjectNode schedules = node != null && node.isObject() ? (ObjectNode) node : root.putObject("schedules");
            schedules.put(job, expression);
        });
    }

    /** Sets {@code schedulesPaused} to these job ids, in this order. */
    public boolean saveSchedulesPaused(Collection<String> jobs) {
        return update(root -> {
            ArrayNode list = root.putArray("schedulesPaused");
            jobs.forEach(list::add);
        });
    }

    /** Sets {@code semantic.enabled} (the whole {@code semantic} object is replaced). */
    public boolean saveSemantic(boolean enabled) {
        return update(root -> root.putObject("semantic").put("enabled", enabled));
    }
}
