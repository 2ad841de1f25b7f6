package services.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What changed in a workspace since the last look, whoever changed it (a command, another window, the headless
 * scheduler, the retro writing a proposal, a dream log line, a Redis clear). Each look is cheap: the index's commit
 * version, the size and time of the few logs, the names, sizes and times in the proposal folders, and what the
 * failed-target store reports — never the documents themselves. The first look sees nothing changed.
 */
public final class WorkspaceChanges {

    /**
     * The parts of an open window that may need reading again; POLICY is the trust dial and its promotion ladder
     * (workspace.json's policy, the sign-offs, applies and demotions of the decision log).
     */
    public enum Area { INDEX, PROPOSALS, AMENDMENTS, FAILED, HEALTH, POLICY }

    private final Workspace ws;
    private final Supplier<Object> indexStamp;
    private final Supplier<Object> failedStamp;
    private final Map<Area, Object> last = new EnumMap<>(Area.class);

    /** {@code failedStamp} may be null (no Redis); a stamp that throws counts as "unchanged". */
    public WorkspaceChanges(Workspace ws, Supplier<Object> indexStamp, Supplier<Object> failedStamp) {
        this.ws = ws;
        this.indexStamp = indexStamp;
        this.failedStamp = failedStamp == null ? () -> null : failedStamp;
    }

    /** The areas whose stamp differs from the last look. */
    public synchronized Set<Area> poll() {
        Object index = safely(indexStamp);
        Object decisions = file(ws.stateDir().resolve("decisions.jsonl"));
        Map<Area, Object> now = new EnumMap<>(Area.class);
        now.put(Area.INDEX, index);
        now.put(Area.PROPOSALS, List.of(folder(ws.skillProposalsDir()), folder(ws.dreamDir().resolve("proposals")),
                decisions));
        now.put(Area.AMENDMENTS, List.of(file(ws.dreamDir().resolve("log.jsonl")), decisions, String.valueOf(index)));
        now.put(Area.FAILED, List.of(String.valueOf(safely(failedStamp)), String.valueOf(index), decisions));
        now.put(Area.HEALTH, List.of(file(ws.stateDir().resolve("watchdog.jsonl")),
                file(ws.stateDir().resolve("jobs.jsonl"))));
        now.put(Area.POLICY, List.of(file(ws.dir().resolve(Workspace.FILE_NAME)), decisions));
        Set<Area> changed = EnumSet.noneOf(Area.class);
        boolean first = last.isEmpty();
        for (Map.Entry<Area, Object> e : now.entrySet()) {
            if (!first && e.getValue() != null && !Objects.equals(e.getValue(), last.get(e.getKey()))) {
                changed.add(e.getKey());
            }
            if (e.getValue() != null) {
                last.put(e.getKey(), e.getValue());
            }
        }
        return changed;
    }

    private static Object safely(Supplier<Object> stamp) {
        try {
            return stamp.get();
        } catch (RuntimeException unreachable) {
            return null; // an index or a Redis that cannot answer now: look again at the next poll
        }
    }

    private static String file(Path p) {
        try {
            return Files.isRegularFile(p) ? Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis() : "none";
        } catch (IOException e) {
            return "unreadable";
        }
    }

    private static List<String> folder(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir, 2)) {
            files.filter(Files::isRegularFile).sorted().forEach(p -> out.add(p + "=" + file(p)));
        } catch (IOException | UncheckedIOException e) {
            out.add("unreadable");
        }
        return out;
    }
}
