package services.watchdog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import services.errors.ConsoleException;
import services.tasks.Lanes;

/**
 * OTEL events from {@code <dir>/*.jsonl}, one event per line. Files are append-only, so each is read once and then
 * only from where the last read stopped; what is kept per event is its time, its kind and its line (about 13
 * bytes). A line that is not a JSON object, or has no numeric {@code timestamp}, is reported with its file and
 * line number and skipped; a timestamp in seconds (below 10^11) is read as seconds and reported. A file last written
 * more than five minutes (clock skew) before the window begins cannot hold an event of the window and is not read
 * for it — with a 4-hour window over daily files, only the newest one or two are.
 */
public final class JsonlOtelEvents implements OtelEventSource {

    private static final long SKEW_MILLIS = 5 * 60_000;

    private final Path dir;
    private final Map<Path, JsonlFile> files = new HashMap<>();
    /** Where the files of a window are read (given by the composition root; else one after the other). */
    private volatile Lanes lanes = Lanes.ONE_BY_ONE;

    public JsonlOtelEvents(Path dir) {
        this.dir = dir;
    }

    /** Reads the files of a window side by side in {@code files}. Returns this source. */
    public JsonlOtelEvents readingIn(Lanes files) {
        this.lanes = Objects.requireNonNull(files);
        return this;
    }

    @Override
    public String describe() {
        return "OTEL events in " + dir;
    }

    @Override
    public Path folder() {
        return dir;
    }

    @Override
    public synchronized EventWindow window(long from, long to) {
        List<Path> current = list();
        files.keySet().retainAll(current);
        List<Path> recent = current.stream().filter(f -> modified(f) >= from - SKEW_MILLIS).toList();
        recent.forEach(f -> files.computeIfAbsent(f, JsonlFile::new));
        List<JsonlFile> all = recent.stream().map(files::get).toList();
        lanes.forEach(all, JsonlFile::refresh);

        EventTally tally = new EventTally(from, to);
        List<String> problems = new ArrayList<>();
        long scanned = 0;
        EventKind[] kinds = EventKind.values();
        for (JsonlFile f : all) {
            problems.addAll(f.problems);
            if (f.hiddenProblems > 0) {
                problems.add(f.name + ": " + f.hiddenProblems + " more unreadable lines");
            }
            scanned += f.size;
            for (int i = 0; i < f.size; i++) {
                tally.add(f.times[i], kinds[f.kinds[i]], f.turns[i], "event:" + f.name + ":" + f.lines[i], f.stories[i]);
            }
        }
        long spooled = SpoolOtelEvents.count(dir);
        String hint = spooled > 0 ? dir + " holds " + spooled + " spool files (*.json, one "
                + "{event, queuedAt} each), which JSON lines are not: set \"otelEvents\": {\"source\": \"spool\"}" : null;
        long own = current.stream().filter(f -> f.getFileName().toString().equals("watchdog.jsonl")).count();
        return tally.window(scanned, current.size() - recent.size(), current.size() - own + spooled, hint, problems);
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return Long.MAX_VALUE; // read it, and report what goes wrong there
        }
    }

    private List<Path> list() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jsonl") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new ConsoleException("Cannot list the OTEL events folder " + dir + ": " + e.getMessage(), e);
        }
    }

}
