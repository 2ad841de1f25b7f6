package app.window;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The phases of start-up, measured from the process start (the JVM's own start time): logged once, and printed
 * on stderr with {@code --startup-report}. "interactive" is the window shown with the workspace's sections in it.
 */
public final class StartupReport {

    private static final Logger LOG = LoggerFactory.getLogger(StartupReport.class);
    private static final long START = ManagementFactory.getRuntimeMXBean().getStartTime();
    private static final List<String> PHASES = new ArrayList<>();
    private static volatile boolean print;
    private static volatile boolean done;

    private StartupReport() {
    }

    static void printOnStderr() {
        print = true;
    }

    static synchronized void mark(String phase) {
        if (!done) {
            PHASES.add(phase + " " + (System.currentTimeMillis() - START) + " ms");
        }
    }

    /** Marks the last phase and reports; later calls do nothing. Returns the total in ms. */
    static synchronized long finish(String phase) {
        if (done) {
            return -1;
        }
        mark(phase);
        done = true;
        long total = System.currentTimeMillis() - START;
        long rss = residentKb();
        String line = "startup: " + String.join(", ", PHASES) + "; total " + total + " ms"
                + (rss > 0 ? "; resident " + rss / 1024 + " MB" : "");
        LOG.info(line);
        if (print) {
            System.err.println(line);
            System.err.flush();
        }
        return total;
    }

    /** Anonymous (heap, native) and file-backed (mapped index, jars) parts of the resident set, in MB (Linux). */
    static String breakdown() {
        try {
            StringBuilder out = new StringBuilder();
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("RssAnon:") || l.startsWith("RssFile:") || l.startsWith("RssShmem:")) {
                    out.append(out.length() == 0 ? "" : ", ").append(l.substring(3, l.indexOf(':')).toLowerCase())
                            .append(' ').append(Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024).append(" MB");
                }
            }
            return out.toString();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Resident set size of this process in KiB (Linux), or -1. */
    public static long residentKb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmRSS:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
