package app.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A console that has a workspace open (a window or a headless {@code scheduler}) answers the read commands of the
 * command line on {@code state/warm/owner.sock}, so that they need not load the index and the embedding model again.
 * The folder is 0700 and the socket 0600, and a connection from another user is closed unread; requests are only
 * the read commands of {@link WarmProtocol#commandLength}. The first console to open a workspace answers; a second
 * finds the socket live and leaves it. A socket file left by a killed owner is found dead (nobody accepts) and
 * replaced. Closing removes the socket only if it is still this owner's.
 */
public final class WarmOwner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WarmOwner.class);

    private final Path socket;
    private final ServerSocketChannel server;
    private final Object fileKey;
    private final UserPrincipal user;
    private final ExecutorService workers;
    private final Function<WarmProtocol.Request, WarmProtocol.Answer> answerer;
    private volatile boolean closed;

    private WarmOwner(Path socket, ServerSocketChannel server, Object fileKey, UserPrincipal user,
                      Function<WarmProtocol.Request, WarmProtocol.Answer> answerer) {
        this.socket = socket;
        this.server = server;
        this.fileKey = fileKey;
        this.user = user;
        this.answerer = answerer;
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "bc-warm-answer-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        Thread accept = new Thread(this::acceptLoop, "bc-warm-owner");
        accept.setDaemon(true);
        accept.start();
    }

    /**
     * Starts answering for the workspace in {@code workspaceDir}; null when another live console answers already,
     * or when this system has no owner-only local sockets (the commands then simply run themselves).
     */
    public static WarmOwner start(Path workspaceDir, Function<WarmProtocol.Request, WarmProtocol.Answer> answerer) {
        Path socket = WarmProtocol.socket(workspaceDir.toAbsolutePath().normalize());
        try {
            Path folder = socket.getParent();
            Files.createDirectories(folder);
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
            if (Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                if (live(socket)) {
                    LOG.info("Another console answers commands on {}", socket);
                    return null;
                }
                Files.delete(socket); // left by an owner that was killed
            }
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                server.bind(UnixDomainSocketAddress.of(socket));
                Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
                Object key = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
                return new WarmOwner(socket, server, key, Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS), answerer);
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            LOG.info("No warm answers for commands on {}: {}", socket, e.getMessage());
            return null;
        }
    }

    public Path socket() {
        return socket;
    }

    private static boolean live(Path socket) {
        try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            return probe.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    private void acceptLoop() {
        while (!closed) {
            SocketChannel client;
            try {
                client = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("Warm answers stopped on {}: {}", socket, e.getMessage());
                }
                return;
            }
            if (!sameUser(client)) {
                close(client);
                continue;
            }
            try {
                workers.execute(() -> answer(client));
            } catch (RejectedExecutionException shuttingDown) {
                close(client);
            }
        }
    }

    /** The peer's user, where the system tells it (Linux, macOS); elsewhere the socket's 0600 mode decides. */
    private boolean sameUser(SocketChannel client) {
        try {
            UnixDomainPrincipal peer = client.getOption(ExtendedSocketOptions.SO_PEERCRED);
            if (!peer.user().equals(user)) {
                LOG.warn("Refused a warm request from user {} on {}", peer.user().getName(), socket);
                return false;
            }
            return true;
        } catch (IOException | UnsupportedOperationException | LinkageError e) {
            return true;
        }
    }

    private void answer(SocketChannel client) {
        try (client) {
            WarmProtocol.Request request = WarmProtocol.Request.read(new DataInputStream(Channels.newInputStream(client)));
            WarmProtocol.Answer answer = WarmProtocol.commandLength(request.args()) == 0
                    ? WarmProtocol.Answer.decline("only search and failed list are answered here")
                    : answerer.apply(request);
            answer.write(new DataOutputStream(Channels.newOutputStream(client)));
        } catch (IOException | RuntimeException e) {
            LOG.debug("Warm request on {} ended: {}", socket, e.getMessage()); // the client runs the command itself
        }
    }

    private static void close(SocketChannel client) {
        try {
            client.close();
        } catch (IOException ignored) {
            // nothing was said on it
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        workers.shutdown();
        try {
            // A command under way finishes before the caller closes the index it reads.
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            // Only our own socket: a console that replaced it after us keeps its own.
            Object key = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
            if (key != null && key.equals(fileKey)) {
                Files.deleteIfExists(socket);
            }
        } catch (IOException e) {
            // already gone
        }
    }
}
