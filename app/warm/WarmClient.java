package app.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import services.workspace.AppDirs;

/**
 * The command line's first step: a read command ({@code search}, {@code failed list}) on a workspace that a window
 * or a {@code scheduler} has open is answered by that owner, which has the index and the embedding model loaded
 * already. Decided before picocli, Jackson, Logback or Lucene are loaded: a workspace without a live owner costs
 * one file look-up. Anything unexpected — no socket, a stale one, an owner that declines, dies or hangs — leaves
 * the command to run here, as it always did.
 */
public final class WarmClient {

    /** How long an owner may take to answer before the command runs here instead. */
    static final long ANSWER_MILLIS = Long.getLong("brainconsole.warmTimeoutMillis", 60_000);

    private WarmClient() {
    }

    /**
     * Runs {@code args} on the workspace's owner and prints its answer on {@code out} and {@code err}, as the
     * command would have printed it here; empty when the command is to run here.
     */
    public static OptionalInt answer(String[] args, PrintStream out, PrintStream err) {
        if (Boolean.getBoolean("brainconsole.noWarm") || System.getenv("BRAIN_CONSOLE_NO_WARM") != null) {
            return OptionalInt.empty();
        }
        List<String> all = List.of(args);
        int command = WarmProtocol.commandLength(all);
        if (command == 0) {
            return OptionalInt.empty();
        }
        List<String> rest = new ArrayList<>();
        String workspace = null;
        int given = 0;
        boolean options = true;
        for (int i = command; i < all.size(); i++) {
            String a = all.get(i);
            if (options && a.equals("--")) {
                options = false;
            } else if (options && (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version"))) {
                return OptionalInt.empty(); // help is printed with the terminal's colours: by picocli, here
            } else if (options && a.equals("--workspace") && i + 1 < all.size()) {
                workspace = all.get(++i);
                given++;
                continue;
            } else if (options && a.startsWith("--workspace=")) {
                workspace = a.substring("--workspace=".length());
                given++;
                continue;
            }
            rest.add(a);
        }
        if (given > 1) {
            return OptionalInt.empty(); // picocli's own error message
        }
        AppDirs dirs = AppDirs.fromEnvironment();
        Path dir;
        try {
            dir = workspace != null ? Path.of(workspace) : RecentList.first(dirs.config().resolve("recent-workspaces.json"));
            if (dir == null) {
                return OptionalInt.empty();
            }
            dir = dir.toAbsolutePath().normalize();
        } catch (RuntimeException badPath) {
            return OptionalInt.empty();
        }
        List<String> request = new ArrayList<>(all.subList(0, command));
        request.addAll(rest);
        WarmProtocol.Answer answer = ask(WarmProtocol.socket(dir), new WarmProtocol.Request(dir.toString(),
                dirs.config().toString(), dirs.data().toString(), System.getenv(), request), ANSWER_MILLIS);
        // A usage error (exit 2) is printed here: picocli colours it for this terminal.
        if (answer == null || !answer.answered() || answer.exitCode() == 2) {
            return OptionalInt.empty();
        }
        print(out, answer.out(), "sun.stdout.encoding");
        print(err, answer.err(), "sun.stderr.encoding");
        return OptionalInt.of(answer.exitCode());
    }

    /** The owner's answer, or null when there is no live owner of ours or it did not answer in time. */
    static WarmProtocol.Answer ask(Path socket, WarmProtocol.Request request, long timeoutMillis) {
        if (!ours(socket)) {
            return null;
        }
        SocketChannel channel;
        try {
            channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
        } catch (IOException | RuntimeException noOwner) {
            return null; // a stale socket of an owner that was killed: nobody listens
        }
        AtomicReference<WarmProtocol.Answer> answer = new AtomicReference<>();
        Thread exchange = new Thread(() -> {
            try {
                request.write(new DataOutputStream(Channels.newOutputStream(channel)));
                answer.set(WarmProtocol.Answer.read(new DataInputStream(Channels.newInputStream(channel))));
            } catch (IOException | RuntimeException ownerGone) {
                // the owner closed or died mid-request: the command runs here
            }
        }, "bc-warm-client");
        exchange.setDaemon(true);
        exchange.start();
        try {
            exchange.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing a socket we are done with
        }
        return exchange.isAlive() ? null : answer.get();
    }

    /** The socket exists, in a folder of this user's that no one else may enter; a planted one is ignored. */
    private static boolean ours(Path socket) {
        try {
            if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            Path folder = socket.getParent();
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS);
            return perms.equals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE))
                    && Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS).equals(Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS))
                    && Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static void print(PrintStream stream, String text, String encodingProperty) {
        if (text.isEmpty()) {
            return;
        }
        String name = System.getProperty(encodingProperty);
        Charset charset;
        try {
            charset = name != null ? Charset.forName(name) : Charset.defaultCharset();
        } catch (RuntimeException unknown) {
            charset = Charset.defaultCharset();
        }
        byte[] bytes = text.getBytes(charset);
        stream.write(bytes, 0, bytes.length);
        stream.flush();
    }
}
