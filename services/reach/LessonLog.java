package services.reach;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.errors.ConsoleException;
import services.text.JsonLines;

/**
 * The lessons' lifecycle as a decision log: {@code <workspace>/state/lessons.jsonl}, one transition a line,
 * appended and forced to disk, never rewritten (the console's own file; nothing of the running system's is
 * touched). A lesson's state is its last transition's {@code to}; a lesson never logged is a candidate.
 */
public final class LessonLog {

    public static final String FILE = "lessons.jsonl";

    /**
     * One transition.
     *
     * @param by       {@code rule} (the console's rules) or {@code hand} (a person, with a reason)
     * @param evidence the figures the rule saw (stories, loops, rates, last reached)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Transition(String id, String from, String to, String at, String by, String reason,
                             Map<String, Object> evidence) {
    }

    private final Path file;
    private final boolean writable;
    private final ObjectMapper json = new ObjectMapper();

    public LessonLog(Path stateDir) {
        this(stateDir, true);
    }

    /** A log of a read-only workspace ({@code writable} false) is read, never written. */
    public LessonLog(Path stateDir, boolean writable) {
        this.file = stateDir.resolve(FILE);
        this.writable = writable;
    }

    public boolean writable() {
        return writable;
    }

    public Path file() {
        return file;
    }

    public List<Transition> read() {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConsoleException(file + ": cannot read the lessons' log: " + e.getMessage());
        }
        List<Transition> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = (i == 0 ? JsonLines.withoutBom(lines.get(i)) : lines.get(i)).strip(); // an editor's BOM
            if (line.isEmpty()) {
                continue;
            }
            try {
                Transition t = json.treeToValue(one(line), Transition.class);
                if (t.id() == null || t.to() == null) {
                    throw new IOException("a transition needs 'id' and 'to'");
                }
                out.add(t);
            } catch (IOException e) {
                if (i == lines.size() - 1 && !lines.get(i).endsWith("}")) {
                    continue; // a last line cut short by a crash: the transition was never complete
                }
                throw new ConsoleException(file + " line " + (i + 1) + ": not a transition: " + e.getMessage());
            }
        }
        return out;
    }

    /** The line's one object; a line of two ({@code {..}{..}}) is refused, never read as its first. */
    private JsonNode one(String line) throws IOException {
        try {
            return JsonLines.one(json, line);
        } catch (JsonLines.BadLine e) {
            throw new IOException(e.getMessage());
        }
    }

    /** The current state of every logged lesson. */
    public Map<String, Transition> current() {
        Map<String, Transition> out = new LinkedHashMap<>();
        read().forEach(t -> out.put(t.id(), t));
        return out;
    }

    public void append(List<Transition> transitions) {
        if (transitions.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder();
        try {
            for (Transition t : transitions) {
                text.append(json.writeValueAsString(t)).append('\n');
            }
            Files.createDirectories(file.getParent());
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ch.write(ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
        } catch (IOException e) {
            throw new ConsoleException(file + ": cannot append to the lessons' log: " + e.getMessage());
        }
    }
}
