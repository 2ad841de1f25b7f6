package services.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import services.errors.ConsoleException;

/**
 * An append-only JSON-lines log (the workspace's {@code state/decisions.jsonl}, a dream {@code log.jsonl}): one
 * object per line, each append written whole and forced to disk. Never rewritten. Reading skips a line that is not
 * JSON (a torn last line after a crash) and says so.
 */
public final class DecisionLog {

    private static final ObjectMapper JSON = new ObjectMapper();

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
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap(line);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot write the log " + file + ": " + e.getMessage(), e);
        }
    }

    /** The entries, oldest first; unreadable lines are returned as problems with their line number. */
    public Read read() {
        List<JsonNode> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Read(entries, problems);
        }
        try {
            List<byte[]> lines = lines(services.vault.FileText.bounded(file, services.vault.FileText.LOG_LIMIT));
            for (int i = 0; i < lines.size(); i++) {
                String line;
                try {
                    line = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(lines.get(i))).toString().strip();
                } catch (java.nio.charset.CharacterCodingException notUtf8) {
                    problems.add(file.getFileName() + " line " + (i + 1) + ": not valid UTF-8");
                    continue;
                }
                if (line.isEmpty()) {
                    continue;
                }
                try {
                    JsonNode node = JSON.readTree(line);
                    if (node != null && node.isObject()) {
                        entries.add(node);
                    } else {
                        problems.add(file.getFileName() + " line " + (i + 1) + ": not a JSON object");
                    }
                } catch (IOException e) {
                    problems.add(file.getFileName() + " line " + (i + 1) + ": not valid JSON");
                }
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot read the log " + file + ": " + e.getMessage(), e);
        }
        return new Read(entries, problems);
    }

    /** The file's lines as bytes, so that one line of bad bytes costs only that line. */
    private static List<byte[]> lines(byte[] all) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= all.length; i++) {
            if (i == all.length || all[i] == '\n') {
                if (i > start || i < all.length) {
                    out.add(java.util.Arrays.copyOfRange(all, start, i));
                }
                start = i + 1;
            }
        }
        return out;
    }

    public record Read(List<JsonNode> entries, List<String> problems) {
    }
}
