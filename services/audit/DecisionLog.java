package services.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import services.errors.ConsoleException;
import services.text.JsonLines;
import services.vault.FileText;

/**
 * An append-only JSON-lines log (the workspace's {@code state/decisions.jsonl}, a dream {@code log.jsonl}): one
 * object per line, each append written whole and forced to disk. Never rewritten. Reading skips a line that is not
 * JSON (a torn last line after a crash) or holds two values ({@code {..}{..}}) and says so; a byte-order mark
 * before the first line is skipped; an append after a torn last line starts a new line.
 */
public final class DecisionLog {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MAX_BYTES = 256L * 1024 * 1024;

    private final Path file;

    public DecisionLog(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public static ObjectNode entry() {
        return JSON.createObjectNode();
    }

    public synchronized void append(ObjectNode entry) {
        byte[] line = (entry.toString() + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            Files.createDirectories(file.getParent());
            requireRegular();
            boolean torn = tornLastLine(file);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap(torn ? withNewlineFirst(line) : line);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot write the log " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether the file ends inside a line (a writer killed mid-line, another program's partial append): the next
     * entry must then start on a line of its own, or the torn line would swallow it.
     */
    private static boolean tornLastLine(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size == 0) {
                return false;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            channel.read(last, size - 1);
            return last.get(0) != '\n';
        }
    }

    private static byte[] withNewlineFirst(byte[] line) {
        byte[] out = new byte[line.length + 1];
        out[0] = '\n';
        System.arraycopy(line, 0, out, 1, line.length);
        return out;
    }

    /** The entries, oldest first; unreadable lines are returned as problems with their line number. */
    public Read read() {
        List<JsonNode> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Read(entries, problems);
        }
        try {
            requireRegular();
            if (Files.size(file) > MAX_BYTES) {
                throw new ConsoleException("Cannot read the log " + file + ": it is " + Files.size(file) / (1024 * 1024)
                        + " MB, more than the " + MAX_BYTES / (1024 * 1024) + " MB a log may have.");
            }
            List<byte[]> lines = lines(FileText.bounded(file, MAX_BYTES)); // bounded while reading too
            for (int i = 0; i < lines.size(); i++) {
                String line;
                byte[] bytes = lines.get(i);
                int bom = i == 0 ? JsonLines.bom(bytes, 0, bytes.length) : 0; // an editor's byte-order mark: not JSON
                try {
                    line = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, bom, bytes.length - bom))
                            .toString().strip();
                } catch (CharacterCodingException notUtf8) {
                    problems.add(file.getFileName() + " line " + (i + 1) + ": not valid UTF-8");
                    continue;
                }
                if (line.isEmpty()) {
                    continue;
                }
                try {
                    JsonNode node = JsonLines.one(JSON, line);
                    if (node.isObject()) {
                        entries.add(node);
                    } else {
                        problems.add(file.getFileName() + " line " + (i + 1) + ": not a JSON object");
                    }
                } catch (JsonLines.BadLine e) { // not JSON, or two values on the line: never read as its first only
                    problems.add(file.getFileName() + " line " + (i + 1) + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot read the log " + file + ": " + e.getMessage(), e);
        }
        return new Read(entries, problems);
    }

    /**
     * A pipe or a device would block a read or an append forever; a folder cannot be either; a symbolic link (one an
     * agent planted in the dream folder) could make an append land outside the workspace.
     */
    private void requireRegular() throws IOException {
        if (Files.isSymbolicLink(file)) {
            throw new IOException("it is a symbolic link; the console reads and appends only to a file of its own");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException(Files.isDirectory(file) ? "it is a folder" : "it is not a regular file (a pipe, a "
                    + "socket or a device)");
        }
    }

    /** The file's lines as bytes, so that one line of bad bytes costs only that line. */
    private static List<byte[]> lines(byte[] all) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= all.length; i++) {
            if (i == all.length || all[i] == '\n') {
                if (i > start || i < all.length) {
                    out.add(Arrays.copyOfRange(all, start, i));
                }
                start = i + 1;
            }
        }
        return out;
    }

    public record Read(List<JsonNode> entries, List<String> problems) {
    }
}
