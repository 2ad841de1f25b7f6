package app.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** Background threads give way to the window's: on Linux their nice value, read back from /proc. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BackgroundThreadsTest {

    private static boolean before;

    @BeforeAll
    static void remember() throws Exception {
        before = yielding();
    }

    /**
     * The flag is static: left set, every window a later test class of this JVM opens ran its long lane, job history
     * and embedding threads at nice 10 — a difference between the whole suite and a run of views.** alone.
     */
    @AfterAll
    static void putBack() throws Exception {
        var field = BackgroundThreads.class.getDeclaredField("yield");
        field.setAccessible(true);
        field.setBoolean(null, before);
    }

    @Test
    @Order(1) // before the others tell the process it has a window
    void withoutAWindowBackgroundThreadsRunAtTheUsualPriority() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/stat")), "Linux only: reads /proc/thread-self/stat");
        Assumptions.assumeFalse(yielding(), "another test of this JVM opened a window");
        int before = niceOfThisThread();
        int[] seen = new int[1];
        Thread t = BackgroundThreads.named("cli-background").newThread(() -> {
            try {
                seen[0] = niceOfThisThread();
            } catch (Exception e) {
                seen[0] = Integer.MIN_VALUE;
            }
        });
        t.start();
        t.join(10_000);
        assertThat(seen[0]).isEqualTo(before);
        assertThat(t.getPriority()).isEqualTo(Thread.NORM_PRIORITY);
    }

    private static boolean yielding() throws Exception {
        var field = BackgroundThreads.class.getDeclaredField("yield");
        field.setAccessible(true);
        return field.getBoolean(null);
    }

    @Test
    void aBackgroundThreadRunsNicedOnLinuxAndTheCallerDoesNot() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/stat")), "Linux only: reads /proc/thread-self/stat");
        int before = niceOfThisThread();
        assumeTrue(before < BackgroundThreads.NICE, "the test itself runs below nice " + BackgroundThreads.NICE);
        BackgroundThreads.yieldToTheWindow(); // as the window's launcher does
        ExecutorService pool = Executors.newSingleThreadExecutor(BackgroundThreads.named("test-background"));
        try {
            int[] seen = new int[1];
            String[] name = new String[1];
            boolean[] daemon = new boolean[1];
            pool.submit(() -> {
                seen[0] = niceOfThisThread();
                name[0] = Thread.currentThread().getName();
                daemon[0] = Thread.currentThread().isDaemon();
                return null;
            }).get(10, TimeUnit.SECONDS);
            assertThat(seen[0]).as("nice value of the background thread").isEqualTo(BackgroundThreads.NICE);
            assertThat(name[0]).isEqualTo("test-background");
            assertThat(daemon[0]).isTrue();
        } finally {
            pool.shutdownNow();
        }
        assertThat(niceOfThisThread()).as("the caller's nice value is untouched").isEqualTo(before);
    }

    @Test
    void furtherThreadsAreNumbered() {
        BackgroundThreads.yieldToTheWindow();
        var factory = BackgroundThreads.named("lane");
        assertThat(factory.newThread(() -> { }).getName()).isEqualTo("lane");
        Thread second = factory.newThread(() -> { });
        assertThat(second.getName()).isEqualTo("lane-2");
        assertThat(second.getPriority()).isEqualTo(Thread.MIN_PRIORITY);
    }

    /** Field 19 of /proc/thread-self/stat; the command name (field 2) may hold spaces, so count after its ')'. */
    private static int niceOfThisThread() throws Exception {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(after[16]); // field 3 is after[0], so field 19 is after[16]
    }
}
