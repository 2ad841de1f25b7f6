package services.watchdog;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The events of one time window, counted by kind, with up to {@link #SAMPLES} references per kind as evidence
 * ({@code event:<file>:<line>}), how many events were read, how many files were not read because they were last
 * written before the window began, and what could not be read.
 */
public record EventWindow(long fromMillis, long toMillis, Map<EventKind, Long> counts,
                          Map<EventKind, List<String>> samples, long scanned, int filesSkipped, List<String> problems) {

    public static final int SAMPLES = 20;

    public EventWindow {
        counts = new EnumMap<>(counts.isEmpty() ? Map.of(EventKind.OTHER, 0L) : counts);
        samples = samples.isEmpty() ? Map.of() : new EnumMap<>(samples);
        problems = List.copyOf(problems);
    }

    public long count(EventKind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    public List<String> samples(EventKind kind) {
        return samples.getOrDefault(kind, List.of());
    }
}
