package app.compose;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Daemon threads for work nobody is waiting on (the embedding backfill, a sync on the window's long lane) that
 * yield the CPU to the window: in a process with a window ({@link #yieldToTheWindow()}), each lowers its own
 * scheduling priority when it starts. On Linux that is the thread's nice value ({@value #NICE}, through
 * {@code setpriority}, which there sets the calling thread only); Java's thread priorities are ignored there. On
 * Windows {@link Thread#MIN_PRIORITY} is honoured; on macOS it is the only thing done. On an idle machine nothing
 * changes: the threads still get every free core, but when the window's threads want to run — a frame to draw, an
 * event to handle — the scheduler gives them the core first. A command-line process has no window to give way to
 * (someone waits for its sync to end), so there they run at the usual priority.
 */
public final class BackgroundThreads implements ThreadFactory {

    /** The nice value of a background thread on Linux: about a tenth of a normal thread's share when both run. */
    public static final int NICE = 10;

    private static final Logger LOG = LoggerFactory.getLogger(BackgroundThreads.class);
    private static final int PRIO_PROCESS = 0;

    private static volatile boolean yield;

    private final String name;
    private final AtomicInteger number = new AtomicInteger();

    private BackgroundThreads(String name) {
        this.name = name;
    }

    /** Threads named {@code name} (numbered after the first). */
    public static ThreadFactory named(String name) {
        return new BackgroundThreads(name);
    }

    /** This process has a window: background threads started from now on give way to it. */
    public static void yieldToTheWindow() {
        yield = true;
    }

    @Override
    public Thread newThread(Runnable r) {
        int n = number.incrementAndGet();
        boolean lower = yield;
        Thread t = new Thread(() -> {
            if (lower) {
                lowerThisThread();
            }
            r.run();
        }, n == 1 ? name : name + "-" + n);
        t.setDaemon(true);
        if (lower) {
            t.setPriority(Thread.MIN_PRIORITY);
        }
        return t;
    }

    /** Lowers the calling thread's scheduling priority where the system allows it; never throws. */
    static void lowerThisThread() {
        LibC libc = LibC.INSTANCE;
        if (libc == null) {
            return;
        }
        try {
            if (libc.setpriority(PRIO_PROCESS, 0, NICE) != 0) {
                LOG.debug("setpriority({}) refused for thread {}", NICE, Thread.currentThread().getName());
            }
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("Could not lower the priority of thread {}: {}", Thread.currentThread().getName(), e.toString());
        }
    }
}
