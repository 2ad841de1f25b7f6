package app.window;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import javafx.animation.AnimationTimer;

/**
 * How long the window's thread went without a pulse: an animation timer asks for a frame at every pulse (60 a
 * second), so a gap between two frames is the time the FX thread was busy elsewhere — what a user feels as a
 * frozen window. While a gap passes 50 ms a sampler looks at what the FX thread is doing, so the report names
 * the code. For the benchmark (`bench embed` watches the window while it embeds); never on in daily use.
 */
final class UiStallMonitor extends AnimationTimer {

    static final long STALL_MS = 50;

    private volatile long last;
    private long frames;
    private long longestNanos;
    private long stalls;
    private final long startedNanos = System.nanoTime();
    private final long startedUptime = ManagementFactory.getRuntimeMXBean().getUptime();
    private final Thread fx = Thread.currentThread();
    /** Where the FX thread was during each gap, by the time of the frame the gap started from. */
    private final Map<Long, Map<String, Integer>> byGap = new ConcurrentHashMap<>();
    private final List<long[]> gaps = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;

    /** Starts watching; call it on the FX thread. */
    static UiStallMonitor begin() {
        UiStallMonitor m = new UiStallMonitor();
        m.start();
        Thread sampler = new Thread(m::sample, "ui-stall-sampler");
        sampler.setDaemon(true);
        sampler.start();
        return m;
    }

    @Override
    public void handle(long now) {
        if (last != 0) {
            long gap = now - last;
            longestNanos = Math.max(longestNanos, gap);
            if (gap > STALL_MS * 1_000_000) {
                stalls++;
                gaps.add(new long[] {gap, last});
            }
        }
        last = now;
        frames++;
    }

    private void sample() {
        while (running) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
            long since = last;
            if (since != 0 && System.nanoTime() - since > STALL_MS * 1_000_000) {
                String where = where(fx.getStackTrace());
                byGap.computeIfAbsent(since, k -> new ConcurrentHashMap<>()).merge(where, 1, Integer::sum);
            }
        }
    }

    /**
     * The first frame of the console's own code on the stack, else the first outside the JDK's own packages (what
     * JavaFX was doing when it waited), else the top frame.
     */
    private static String where(StackTraceElement[] stack) {
        for (StackTraceElement e : stack) {
            String c = e.getClassName();
            if (c.startsWith("services.") || c.startsWith("viewmodels.") || c.startsWith("views.") || c.startsWith("app.")) {
                return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
            }
        }
        for (StackTraceElement e : stack) {
            String c = e.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
                return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
            }
        }
        return stack.length == 0 ? "?" : stack[0].getClassName() + "." + stack[0].getMethodName();
    }

    /** Stops watching; one line: frames, longest gap between two, how many over 50 ms, where the FX thread was. */
    String finish() {
        stop();
        running = false;
        Map<String, Integer> busyIn = new HashMap<>(); // over every gap
        byGap.values().forEach(gap -> gap.forEach((where, n) -> busyIn.merge(where, n, Integer::sum)));
        String top = top(busyIn, 5, "");
        String each = gaps.stream().sorted((a, b) -> Long.compare(b[0], a[0])).limit(5)
                .map(g -> g[0] / 1_000_000 + " ms" + top(byGap.getOrDefault(g[1], Map.of()), 2, " in "))
                .collect(Collectors.joining(", "));
        return String.format("ui: %d frames in %d ms (%.1f–%.1f s after the process started), longest gap %d ms, "
                + "%d over %d ms%s%s", frames, (System.nanoTime() - startedNanos) / 1_000_000, startedUptime / 1000.0,
                ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0, longestNanos / 1_000_000,
                stalls, STALL_MS,
                top.isEmpty() ? "" : "; during them the FX thread was in " + top + " (5 ms samples)",
                each.isEmpty() ? "" : "; the gaps: " + each);
    }

    private static String top(Map<String, Integer> counts, int limit, String prefix) {
        String top = counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(limit)
                .map(e -> e.getKey() + " ×" + e.getValue()).collect(Collectors.joining(", "));
        return top.isEmpty() ? "" : prefix + top;
    }
}
