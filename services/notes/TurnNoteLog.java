package services.notes;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.text.JsonLines;

/**
 * The durable copy of every turn note ({@code <workspace>/state/turn-notes.jsonl}): one document as JSON a line,
 * appended and forced to disk before the note goes into the index, so a rebuilt index gets its turn notes back
 * (they have no file of their own in the vault). Read as a stream, a line at most 1 MiB; a line that cannot be read
 * (a torn last line after a crash) is skipped and named. A later line for the same id wins, as in the index.
 */
public final class TurnNoteLog {

    public static final String FILE = "turn-notes.jsonl";
    static final int MAX_LINE = 1024 * 1024;
    private static final int BATCH = 500;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    public TurnNoteLog(Path stateDir) {
        this.file = stateDir.resolve(FILE);
    }

    public Path file() {
        return file;
    }

    public boolean exists() {
        return Files.exists(file);
    }

    public synchronized void append(KnowledgeDoc doc) {
        append(List.of(doc));
    }

    public synchronized void append(List<KnowledgeDoc> docs) {
        if (docs.isEmpty()) {
            return;
        }
        StringBuilder lines = new StringBuilder();
        try {
            for (KnowledgeDoc doc : docs) {
                lines.append(JSON.writeValueAsString(doc.withEmbedding(null))).append('\n');
            }
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap(lines.toString().getBytes(StandardCharsets.UTF_8));
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot write the turn-note log " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Hands the logged notes to {@code batch} in order, a few hundred at a time; returns the lines that could not be
     * read, each with its line number and reason. A missing log holds nothing.
     */
    public List<String> read(Consumer<List<KnowledgeDoc>> batch) {
        List<String> problems = new ArrayList<>();
        if (!Files.exists(file)) {
            return problems;
        }
        try {
            if (!Files.readAttributes(file, BasicFileAttributes.class).isRegularFile()) {
                problems.add(FILE + ": not a regular file; no turn notes read");
                return problems;
            }
            List<KnowledgeDoc> docs = new ArrayList<>();
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                int number = 0;
                boolean tooLong = false;
                int b;
                do {
                    b = in.read();
                    if (b == '\n' || (b == -1 && (line.size() > 0 || tooLong))) {
                        number++;
                        if (tooLong) {
                            problems.add(FILE + " line " + number + ": longer than " + MAX_LINE / 1024 + " KiB — skipped");
                        } else {
                            parse(line.toByteArray(), number, docs, problems);
                        }
                        line.reset();
                        tooLong = false;
                        if (docs.size() >= BATCH) {
                            batch.accept(List.copyOf(docs));
                            docs.clear();
                        }
                    } else if (b != -1 && !tooLong) {
                        line.write(b);
                        if (line.size() > MAX_LINE) {
                            tooLong = true;
                            line.reset();
                        }
                    }
                } while (b != -1);
            }
            if (!docs.isEmpty()) {
                batch.accept(List.copyOf(docs));
            }
        } catch (IOException e) {
            problems.add(FILE + ": cannot be read: " + e.getMessage());
        }
        return problems;
    }

    private static void parse(byte[] bytes, int number, List<KnowledgeDoc> docs, List<String> problems) {
        int bom = number == 1 ? JsonLines.bom(bytes, 0, bytes.length) : 0; // an editor's byte-order mark: not JSON
        String text = new String(bytes, bom, bytes.length - bom, StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            return;
        }
        try {
            KnowledgeDoc doc = JSON.treeToValue(JsonLines.one(JSON, text), KnowledgeDoc.class);
            if (!"turn_note".equals(doc.type())) {
                problems.add(FILE + " line " + number + ": not a turn note (type " + doc.type() + ") — skipped");
                return;
            }
            docs.add(doc);
        } catch (JsonLines.BadLine e) {
            problems.add(FILE + " line " + number + ": " + (e.getMessage().equals(JsonLines.MORE_THAN_ONE) ? e.getMessage()
                    : "not a turn-note document") + " — skipped");
        } catch (IOException | IllegalArgumentException e) {
            problems.add(FILE + " line " + number + ": not a turn-note document — skipped");
        }
    }
}
