package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.workspace.Workspace;
import services.workspace.WorkspaceWriteLock;
import testsupport.Fixtures;

/**
 * A headless {@code scheduler} that owns the workspace (its warm socket) is killed with kill -9 while it holds the
 * write lock, syncing a large vault. The next commands open the workspace without help: the dead owner's lock is
 * gone with it, its owner record and socket file are found stale, the index is at its last commit and clean, and
 * the next console replaces the socket.
 */
@Tag("slow") // owners and clients as separate JVMs, killed mid-write
class OwnerKilledMidWriteTest {

    @TempDir
    Path tmp;

    private ClientProcesses clients;

    @AfterEach
    void stopAll() {
        if (clients != null) {
            clients.close();
        }
    }

    @Test
    void theNextCommandOpensAWorkspaceWhoseOwnerWasKilledWhileWriting() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Path adrs = ws.dir().resolve("vault/docs/decisions");
        for (int i = 0; i < 3_000; i++) { // a vault large enough that the sync is still writing when it is killed
            Files.writeString(adrs.resolve(String.format("%04d-generated-%d.md", 5_000 + i, i)), "---\nstatus: accepted\n"
                    + "date: 2025-01-01\n---\n\n# ADR-" + (5_000 + i) + ": Generated decision " + i + "\n\n## Context\n\n"
                    + "Retries must not send the email twice; idempotency key " + i + ".\n\n## Decision\n\nKeep it.\n");
        }
        clients = new ClientProcesses(tmp);
        String w = ws.dir().toString();
        Path socket = ws.stateDir().resolve("warm/owner.sock");

        Process owner = clients.start("scheduler", "--workspace", w, "--for", "300s", "--tick", "200", "--run-now", "sync");
        clients.awaitFile(socket, owner);
        awaitLockHeldElsewhere(ws.stateDir().resolve("write.lock"), owner);
        owner.destroyForcibly(); // kill -9, mid-write
        assertTrue(owner.waitFor(20, TimeUnit.SECONDS));

        // What it left behind: an owner record naming a dead process, a socket file nobody listens on.
        assertEquals(owner.pid(), new WorkspaceWriteLock(ws.stateDir()).owner().orElseThrow().pid());
        assertTrue(Files.exists(socket), "the killed owner could not remove its socket file");
        try (FSDirectory dir = FSDirectory.open(ws.indexDir()); CheckIndex check = new CheckIndex(dir)) {
            assertTrue(check.checkIndex().clean, "the index is at its last commit, undamaged");
        }

        // The next commands: no waiting, no refusal, no repair step.
        long started = System.nanoTime();
        ClientProcesses.Run note = clients.ok("note", "--source", "cli", "--agent", "panda", "--session", "after-kill",
                "--turn", "1", "--summary", "Wombatised after the owner was killed", "--workspace", w);
        assertThat(note.out()).startsWith("Wrote ");
        ClientProcesses.Run search = clients.ok("search", "Wombatised", "--workspace", w);
        assertThat(search.out()).contains("1 document");
        ClientProcesses.Run sync = clients.ok("sync", "--no-embeddings", "--workspace", w);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)).as("no 30 s wait for a dead writer").isLessThan(90);
        assertThat(note.err() + search.err() + sync.err()).doesNotContain("Waiting for").doesNotContain("Cannot ");

        // A new console replaces the stale socket and answers on it.
        Process next = clients.start("scheduler", "--workspace", w, "--for", "120s", "--tick", "200");
        awaitListening(socket, next);
        ClientProcesses.Run warm = clients.ok("search", "Wombatised", "--workspace", w);
        assertThat(warm.out()).contains("1 document");
        next.destroy();
        assertTrue(next.waitFor(30, TimeUnit.SECONDS));

        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            assertEquals(1, index.search(KnowledgeQuery.text("Wombatised", 10)).total());
            assertThat(index.search(KnowledgeQuery.text("Generated", 10)).total()).isPositive();
        }
    }

    /** Waits until another process holds the workspace's write lock (this JVM cannot get it). */
    private static void awaitLockHeldElsewhere(Path lockFile, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && p.isAlive()) {
            if (Files.exists(lockFile)) {
                try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
                    FileLock lock = channel.tryLock();
                    if (lock == null && new WorkspaceWriteLock(lockFile.getParent()).owner()
                            .map(o -> o.pid() == p.pid()).orElse(false)) {
                        return; // held by p, and its record written (it follows the lock by a moment)
                    }
                    if (lock == null) {
                        Thread.sleep(1);
                        continue;
                    }
                    lock.release();
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the scheduler never held the write lock");
    }

    private static void awaitListening(Path socket, Process p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertFalse(!p.isAlive(), "the new scheduler ended");
            try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                channel.connect(UnixDomainSocketAddress.of(socket));
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("nobody listens on " + socket);
    }
}
