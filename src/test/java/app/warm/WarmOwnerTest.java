package app.warm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The owner's socket: stale files, owners that die or hang mid-request, two owners, what is never answered. */
class WarmOwnerTest {

    @TempDir
    Path ws;

    private WarmProtocol.Request request(String... args) {
        return new WarmProtocol.Request(ws.toString(), "/c", "/d", Map.of(), List.of(args));
    }

    private static WarmProtocol.Answer echo(WarmProtocol.Request r) {
        return WarmProtocol.Answer.of(0, String.join(" ", r.args()) + "\n", "");
    }

    @Test
    void anOwnerAnswersAndClosingRemovesItsSocket() {
        try (WarmOwner owner = WarmOwner.start(ws, WarmOwnerTest::echo)) {
            assertNotNull(owner);
            WarmProtocol.Answer answer = WarmClient.ask(WarmProtocol.socket(ws), request("search", "ümlaut", "--json"), 5_000);
            assertEquals("search ümlaut --json\n", answer.out());
            assertEquals(0, answer.exitCode());
        }
        assertFalse(Files.exists(WarmProtocol.socket(ws)));
    }

    @Test
    void aSocketLeftByAKilledOwnerIsDetectedAndReplaced() throws Exception {
        Path socket = WarmProtocol.socket(ws);
        Files.createDirectories(socket.getParent());
        Files.setPosixFilePermissions(socket.getParent(), PosixFilePermissions.fromString("rwx------"));
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(socket)); // closed below without removing the file, as kill -9 leaves it
        }
        assertTrue(Files.exists(socket));
        assertNull(WarmClient.ask(socket, request("search", "x"), 2_000), "nobody listens: the command runs itself");
        try (WarmOwner owner = WarmOwner.start(ws, WarmOwnerTest::echo)) {
            assertNotNull(owner);
            assertEquals("search x\n", WarmClient.ask(socket, request("search", "x"), 5_000).out());
        }
    }

    @Test
    void aSecondOwnerLeavesTheLiveOneAndDoesNotRemoveItsSocket() {
        try (WarmOwner first = WarmOwner.start(ws, WarmOwnerTest::echo)) {
            assertNotNull(first);
            assertNull(WarmOwner.start(ws, WarmOwnerTest::echo));
            assertEquals("failed list\n", WarmClient.ask(WarmProtocol.socket(ws), request("failed", "list"), 5_000).out());
        }
    }

    @Test
    void anOwnerThatDiesOrHangsMidRequestLeavesTheCommandToTheClient() throws Exception {
        Path socket = WarmProtocol.socket(ws);
        Files.createDirectories(socket.getParent());
        Files.setPosixFilePermissions(socket.getParent(), PosixFilePermissions.fromString("rwx------"));
        try (ServerSocketChannel dying = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dying.bind(UnixDomainSocketAddress.of(socket));
            Thread owner = new Thread(() -> {
                try (SocketChannel c = dying.accept()) {
                    WarmProtocol.Request.read(new DataInputStream(Channels.newInputStream(c)));
                    // half an answer, then the process is gone
                    c.write(ByteBuffer.wrap(new byte[] {0x42, 0x43, 0x57, 0x31, 1, 0, 0, 0, 0, 0, 0, 0, 100, 'x'}));
                } catch (Exception ignored) {
                    // the test's client went away
                }
            });
            owner.start();
            assertNull(WarmClient.ask(socket, request("search", "x"), 5_000));
            owner.join(5_000);
            Thread hanging = new Thread(() -> {
                try {
                    SocketChannel c = dying.accept();
                    Thread.sleep(10_000);
                    c.close();
                } catch (Exception ignored) {
                    // closed by the test
                }
            });
            hanging.setDaemon(true);
            hanging.start();
            long began = System.nanoTime();
            assertNull(WarmClient.ask(socket, request("search", "x"), 300));
            assertThat((System.nanoTime() - began) / 1_000_000).isLessThan(5_000);
        }
    }

    @Test
    void writesAreNeverAnsweredEvenWhenSentStraightToTheSocket() {
        AtomicInteger asked = new AtomicInteger();
        try (WarmOwner owner = WarmOwner.start(ws, r -> {
            asked.incrementAndGet();
            return echo(r);
        })) {
            for (String[] write : List.of(new String[] {"sync"}, new String[] {"failed", "clear", "a/b"},
                    new String[] {"failed", "prune"}, new String[] {"note", "x"}, new String[] {"scheduler"})) {
                WarmProtocol.Answer answer = WarmClient.ask(WarmProtocol.socket(ws), request(write), 5_000);
                assertFalse(answer.answered(), String.join(" ", write));
            }
        }
        assertEquals(0, asked.get());
    }

    @Test
    void aSocketInAFolderOthersMayEnterIsIgnored() throws Exception {
        try (WarmOwner owner = WarmOwner.start(ws, WarmOwnerTest::echo)) {
            Path folder = WarmProtocol.socket(ws).getParent();
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
            assertNull(WarmClient.ask(WarmProtocol.socket(ws), request("search", "x"), 5_000));
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void theFirstRecentWorkspaceIsReadWithoutJackson() throws Exception {
        Path file = ws.resolve("recent-workspaces.json");
        Files.writeString(file, "{\n  \"workspaces\" : [ \"/home/a \\\"b\\\"\\\\c\\u00e9\", \"/other\" ]\n}");
        assertEquals(Path.of("/home/a \"b\"\\cé"), RecentList.first(file));
        Files.writeString(file, "{ \"workspaces\" : [ ] }");
        assertNull(RecentList.first(file));
        Files.writeString(file, "not json");
        assertNull(RecentList.first(file));
        assertNull(RecentList.first(ws.resolve("missing.json")));
    }
}
