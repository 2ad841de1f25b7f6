package services.watchdog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.text.JsonLines;

/**
 * One JSON-lines file's events, read up to {@link #offset} (files are append-only): per event its time, kind, line
 * and, for turn writes, the turn id. See {@link JsonlOtelEvents}.
 */
final class JsonlFile {

    private static final JsonFactory JSON = new JsonFactory();
    private static final long SECONDS_LIMIT = 100_000_000_000L;
    private static final int PROBLEMS_PER_FILE = 20;

    private record Fields(long time, String source, String action, String component, EventMeta meta) {
    }

    final Path file;
    final String name;
    long offset;
    int lineNo;
    int size;
    long[] times = new long[64];
    byte[] kinds = new byte[64];
    private final Map<String, Map<String, EventKind>> kindsByName = new HashMap<>();
    int[] lines = new int[64];
    String[] turns = new String[64];
    String[] stories = new String[64];
    final List<String> problems = new ArrayList<>();
    int hiddenProblems;

    JsonlFile(Path file) {
        this.file = file;
        this.name = file.getFileName().toString();
    }

    void refresh() {
        try {
            long length = Files.size(file);
            if (length < offset) { // truncated or replaced: read it again from the start
                offset = 0;
                lineNo = 0;
                size = 0;
                turns = new String[64];
                stories = new String[64];
                times = new long[64];
                kinds = new byte[64];
                lines = new int[64];
                problems.clear();
                hiddenProblems = 0;
            }
            if (length == offset) {
                return;
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                in.skipNBytes(offset);
                bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, length - offset));
            }
            int start = 0;
            int consumed = 0;
            int complete = lastNewline(bytes) + 1;
            if (complete > 0 && fast(bytes, complete)) {
                start = complete;
                consumed = complete;
            } else {
                for (int i = 0; i < bytes.length; i++) {
                    if (bytes[i] == '\n') {
                        lineNo++;
                        parse(bytes, start, i - start, true);
                        start = i + 1;
                        consumed = start;
                    }
                }
            }
            if (start < bytes.length) { // an unfinished last line that is not valid yet is read next time
                lineNo++;
                if (parse(bytes, start, bytes.length - start, false)) {
                    consumed = bytes.length;
                } else {
                    lineNo--;
                }
            }
            offset += consumed;
        } catch (IOException e) {
            problem(name + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    private static int lastNewline(byte[] b) {
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The fast path: one parser over every complete line. It gives up — and the caller reads line by line,
     * reporting each bad line — as soon as anything is not one well-formed object per line with a timestamp in
     * milliseconds; nothing it read is kept then.
     */
    private boolean fast(byte[] b, int length) {
        int mark = size;
        int lines = 0;
        try (JsonParser p = JSON.createParser(b, 0, length)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                int line = p.currentTokenLocation().getLineNr();
                if (t != JsonToken.START_OBJECT || line <= lines) {
                    size = mark;
                    return false;
                }
                Fields f = fields(p);
                if (f.time() < SECONDS_LIMIT || p.currentLocation().getLineNr() != line) {
                    size = mark;
                    return false;
                }
                lines = line;
                add(f, f.time(), lineNo + line);
            }
        } catch (IOException | RuntimeException e) {
            size = mark;
            return false;
        }
        lineNo += countLines(b, length);
        return true;
    }

    private static int countLines(byte[] b, int length) {
        int n = 0;
        for (int i = 0; i < length; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** The fields the watchdog reads, from a parser just past an object's start; the rest is skipped. */
    private static Fields fields(JsonParser p) throws IOException {
        long time = Long.MIN_VALUE;
        String source = null;
        String action = null;
        String component = null;
        EventMeta meta = EventMeta.NONE;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            switch (field) {
                case "timestamp" -> time = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue()
                        : v == JsonToken.VALUE_STRING && p.getText().matches("\\d{1,19}") ? Long.parseLong(p.getText())
                        : Long.MIN_VALUE;
                case "action" -> action = v == JsonToken.VALUE_STRING ? p.getText() : null;
                case "component" -> component = v == JsonToken.VALUE_STRING ? p.getText() : null;
                case "source" -> source = v == JsonToken.VALUE_STRING ? p.getText() : null;
                case "metadata" -> {
                    if (v == JsonToken.START_OBJECT) {
                        meta = EventMeta.read(p);
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
        return new Fields(time, source, action, component, meta);
    }

    /** The kind of an event; without metadata the watchdog reads, remembered per (component, action). */
    private EventKind kind(Fields f) {
        if (f.meta() != EventMeta.NONE || "implement".equals(f.source())) {
            return EventKind.of(f.source(), f.component(), f.action(), f.meta());
        }
        String component = f.component();
        String action = f.action();
        return kindsByName.computeIfAbsent(component == null ? "" : component, c -> new HashMap<>())
                .computeIfAbsent(action == null ? "" : action, a -> EventKind.of(component, action));
    }

    /** Parses one line; false only for an unterminated last line that is not (yet) valid JSON. */
    private boolean parse(byte[] b, int off, int len, boolean terminated) {
        while (len > 0 && (b[off + len - 1] == '\r' || b[off + len - 1] == ' ')) {
            len--;
        }
        int bom = off == 0 && offset == 0 ? JsonLines.bom(b, off, len) : 0; // an editor's byte-order mark: not JSON
        off += bom;
        len -= bom;
        if (len == 0) {
            return true;
        }
        Fields f;
        try (JsonParser p = JSON.createParser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return reject(terminated, "not a JSON object");
            }
            f = fields(p);
            if (p.nextToken() != null) { // {..}{..}: never read as its first object only
                return reject(terminated, JsonLines.MORE_THAN_ONE);
            }
        } catch (IOException | RuntimeException e) {
            return reject(terminated, "not valid JSON");
        }
        long time = f.time();
        if (time == Long.MIN_VALUE) {
            problem(name + " line " + lineNo + ": no numeric \"timestamp\" (epoch milliseconds) — skipped");
            return true;
        }
        if (time < SECONDS_LIMIT) {
            problem(name + " line " + lineNo + ": timestamp " + time + " is in seconds, not milliseconds — read as seconds");
            time *= 1000;
        }
        add(f, time, lineNo);
        return true;
    }

    private boolean reject(boolean terminated, String why) {
        if (!terminated) {
            return false;
        }
        problem(name + " line " + lineNo + ": " + why + " — skipped");
        return true;
    }

    private void problem(String text) {
        if (problems.size() < PROBLEMS_PER_FILE) {
            problems.add(text);
        } else {
            hiddenProblems++;
        }
    }

    private void add(Fields f, long time, int line) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            kinds = Arrays.copyOf(kinds, size * 2);
            lines = Arrays.copyOf(lines, size * 2);
            turns = Arrays.copyOf(turns, size * 2);
            stories = Arrays.copyOf(stories, size * 2);
        }
        EventKind kind = kind(f);
        times[size] = time;
        kinds[size] = (byte) kind.ordinal();
        lines[size] = line;
        turns[size] = kind.turnWrite() ? f.meta().turn() : null;
        stories[size] = EventKind.story(f.source(), f.component(), kind, f.meta());
        size++;
    }
}
