package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import testsupport.ChildJvm;

/** Writers to one workspace take turns, in one process and across processes; a killed writer blocks no one. */
class WorkspaceWriteLockTest {

    @TempDir
    Path state;

    private final List<String> notices = new CopyOnWriteArrayList<>();
    private Process child;

    @AfterEach
    void tearDown() throws Exception {
        WorkspaceWriteLock.onWait(null);
        if (child != null) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aSecondWriterWaitsSaysSoAfterASecondAndThenWrites() throws Exception {
        WorkspaceWriteLock.onWait(notices::add);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread first = new Thread(() -> new WorkspaceWriteLock(state).run("sync the vault", () -> {
            held.countDown();
            await(release);
        }));
        first.start();
        held.await();
        Thread releaser = new Thread(() -> {
            sleep(1_500);
            release.countDown();
        });
        releaser.start();
        long started = System.nanoTime();
        String result = new WorkspaceWriteLock(state, Duration.ofSeconds(20)).run("write a note", () -> "written");
        assertThat(result).isEqualTo("written");
        assertThat(System.nanoTime() - started).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(1_000));
        assertThat(notices).hasSize(1);
        // the holder is this very process (another thread): named in words, not by a pid the user cannot place
        assertThat(notices.get(0)).contains("Waiting for this console's own work").contains("sync the vault");
        first.join();
    }

    @Test
    void aWriteInsideAWriteDoesNotWaitForItself() {
        WorkspaceWriteLock lock = new WorkspaceWriteLock(state, Duration.ofMillis(200));
        assertThat(lock.run("outer", () -> lock.run("inner", () -> "both"))).isEqualTo("both");
    }

    @Test
    void anotherProcessHoldingTheLockIsNamedWhenTheWaitRunsOut() throws Exception {
        child = start("hold");
        long pid = child.pid();
        WorkspaceWriteLock.WorkspaceBusyException e = assertThrows(WorkspaceWriteLock.WorkspaceBusyException.class,
                () -> new WorkspaceWriteLock(state, Duration.ofMillis(1_200)).run("clear a failed target", () -> "x"));
        assertThat(e.getMessage()).contains("Cannot clear a failed target").contains("process " + pid)
                .contains("sync the vault").contains("since 20").contains("waited 1 s");

        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // kill -9: the system drops its file lock
        assertThat(new WorkspaceWriteLock(state, Duration.ofSeconds(5)).run("clear a failed target", () -> "done"))
                .isEqualTo("done");
    }

    @Test
    void readersAndWritersShareTheIndexWithAWriterInAnotherProcessAndSurviveItsKill() throws Exception {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(state.resolve("index"), 4)) {
            child = start("write");
            Thread.sleep(300); // the child is mid-way through its stream of writes
            long seen = index.status().documents();
            index.upsert(List.of(doc("mine:1")));        // takes its turn between the child's writes
            index.flush();
            assertThat(index.get("mine:1")).isPresent();
            assertThat(index.status().documents()).isGreaterThan(seen);
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // kill -9 mid-write
        }
        try (LuceneKnowledgeIndex next = new LuceneKnowledgeIndex(state.resolve("index"), 4)) {
            assertThat(next.get("mine:1")).isPresent();
            long before = next.status().documents();
            next.upsert(List.of(doc("after:1")));
            assertThat(next.status().documents()).isEqualTo(before + 1);
            assertThat(next.search(KnowledgeQuery.text("child", 5)).total()).isPositive();
        }
    }

    private static KnowledgeDoc doc(String id) {
        return new KnowledgeDoc(id, "adr", "Mine", "written here", "vault:x", null, null, null, null, List.of(),
                1_700_000_000L, null);
    }

    private Process start(String mode) throws Exception {
        Process p = new ProcessBuilder(ChildJvm.command(WorkspaceChild.class, state.toString(), mode))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream())).readLine();
        assertThat(first).isIn("held", "writing");
        return p;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Walk (issue 37): the window's first start printed "Waiting for process 9465 (write 32 document(s) …)" — its
     * own pid: a new user reads another program. The holder is named in words when it is this process.
     */
    @Test
    void theHolderIsNamedInWordsWhenItIsThisVeryProcess() {
        assertThat(new WorkspaceWriteLock.Owner(ProcessHandle.current().pid(), "t", "write 32 document(s)").describe())
                .isEqualTo("this console's own work (write 32 document(s), since t)");
        assertThat(new WorkspaceWriteLock.Owner(1, "t", "sync").describe()).isEqualTo("process 1 (sync, since t)");
    }
}
