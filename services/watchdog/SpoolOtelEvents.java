package services.watchdog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.errors.ConsoleException;

/**
 * OTEL events from the running system's local spool (running-system.md part 6; observability/otel-outbox.ts):
 * one file per event, {@code <timestamp, 13 digits>-<id>.json}, holding {@code {"event": {...}, "queuedAt": ms}}
 * (a {@code .json.processing} file is one being drained into ClickHouse). The name carries the event's time, so only
 * the files of the window (give or take five minutes) are opened; a file once read is remembered by name and size.
 * A file that is not JSON, holds no {@code event} object or no numeric {@code timestamp} is reported by name.
 */
public final class SpoolOtelEvents implements OtelEventSource {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SKEW_MILLIS = 5 * 60_000;
    private static final int MAX_PROBLEMS = 20;

    private record Read(long size, long time, EventKind kind, String turnId, String story, String problem) {
    }

    private final Path dir;
    private final Map<String, Read> cache = new HashMap<>();

    public SpoolOtelEvents(Path dir) {
        this.dir = dir;
    }

    @Override
    public String describe() {
        return "the OTEL spool " + dir;
    }

    @Override
    public Path folder() {
        return dir;
    }

    @Override
    public boolean outboxOnly() {
        return true;
    }

    /**
     * What waits in a spool folder: its files ({@code *.json}, {@code *.json.processing}) and when the oldest event was
     * queued (from the file names; -1 when none). A folder that does not exist holds nothing: the running system
     * creates it on its first failed write.
     */
    static EventWindow.Outbox outbox(Path dir) {
        List<Path> files;
        try {
            files = list(dir);
        } catch (ConsoleException e) {
            return new EventWindow.Outbox(dir.toString(), 0, -1);
        }
        long oldest = files.stream().mapToLong(f -> namedTime(f.getFileName().toString())).filter(t -> t >= 0).min()
                .orElse(-1);
        return new EventWindow.Outbox(dir.toString(), files.size(), oldest);
    }

    /** How many spool files ({@code *.json}, {@code *.json.processing}) a folder holds; 0 when it cannot be listed. */
    static long count(Path dir) {
        try {
            return list(dir).size();
        } catch (ConsoleException e) {
            return 0;
        }
    }

    @Override
    public synchronized EventWindow window(long from, long to) {
        List<Path> files = list(dir);
        EventTally tally = new EventTally(from, to);
        List<String> problems = new ArrayList<>();
        int hidden = 0;
        int skipped = 0;
        long scanned = 0;
        Map<String, Read> seen = new HashMap<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            long named = namedTime(name);
            if (named >= 0 && (named < from - SKEW_MILLIS || named >= to + SKEW_MILLIS)) {
                skipped++;
                continue;
            }
            Read r = read(file, name);
            seen.put(name, r);
            if (r.problem() != null) {
                if (problems.size() < MAX_PROBLEMS) {
                    problems.add("OTEL spool file " + name + ": " + r.problem() + " — skipped");
                } else {
                    hidden++;
                }
                continue;
            }
            scanned++;
            tally.add(r.time(), r.kind(), r.turnId(), "event:" + name + ":1", r.story());
        }
        cache.keySet().retainAll(seen.keySet());
        cache.putAll(seen);
        if (hidden > 0) {
            problems.add(hidden + " more unreadable spool files");
        }
        long jsonl = countJsonl();
        String hint = jsonl > 0 ? dir + " holds " + jsonl + " *.jsonl files, which are not spool files: set "
                + "\"otelEvents\": {\"source\": \"jsonl\"}" : null;
        return tally.window(scanned, skipped, files.size(), hint, problems);
    }

    private Read read(Path file, String name) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            return new Read(-1, 0, EventKind.OTHER, null, null, "cannot be read (" + e.getMessage() + ")");
        }
        Read known = cache.get(name);
        if (known != null && known.size() == size) {
            return known;
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            JsonNode e = root == null ? null : root.get("event");
            if (e == null || !e.isObject()) {
                return new Read(size, 0, EventKind.OTHER, null, null, "no \"event\" object (a spool file holds {event, queuedAt})");
            }
            JsonNode ts = e.get("timestamp");
            if (ts == null || !ts.canConvertToLong() || !(ts.isNumber() || ts.asText().matches("\\d{1,19}"))) {
                return new Read(size, 0, EventKind.OTHER, null, null, "no numeric event.timestamp (epoch milliseconds)");
            }
            long time = ts.asLong();
            EventMeta meta = EventMeta.of(e.get("metadata"));
            EventKind kind = EventKind.of(e.path("source").asText(null), e.path("component").asText(null),
                    e.path("action").asText(null), meta);
            return new Read(size, time, kind, kind.turnWrite() ? meta.turn() : null,
                    EventKind.story(e.path("source").asText(null), e.path("component").asText(null), kind, meta), null);
        } catch (IOException e) {
            return new Read(size, 0, EventKind.OTHER, null, null, "not valid JSON");
        }
    }

    /** The event time a spool file's name starts with ({@code 1764000000000-<id>.json}), or -1. */
    static long namedTime(String name) {
        int dash = name.indexOf('-');
        if (dash < 10 || dash > 19) {
            return -1;
        }
        for (int i = 0; i < dash; i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return -1;
            }
        }
        return Long.parseLong(name.substring(0, dash));
    }

    private static List<Path> list(Path dir) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if ((n.endsWith(".json") || n.endsWith(".json.processing")) && Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot list the OTEL spool folder " + dir + ": " + e.getMessage(), e);
        }
        out.sort(null);
        return out;
    }

    private long countJsonl() {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.jsonl")) {
            long n = 0;
            for (Path ignored : s) {
                n++;
            }
            return n;
        } catch (IOException e) {
            return 0;
        }
    }
}
