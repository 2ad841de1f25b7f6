package testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's OpenSSH {@code sshd} on a free loopback port, started by the test with a host key and a user key
 * generated for it and a config of its own (public-key login for the current user only). {@link #binary()} is null
 * when openssh-server is not installed: tests then skip, saying so.
 */
public final class SshServer implements AutoCloseable {

    private final Path dir;
    private final int port;
    private final Process process;

    public SshServer(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        try (ServerSocket socket = new ServerSocket(0)) {
            this.port = socket.getLocalPort();
        }
        keygen(dir.resolve("host_key"));
        keygen(dir.resolve("user_key"));
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
        Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "Port " + port, "ListenAddress 127.0.0.1", "HostKey " + dir.resolve("host_key"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "PidFile " + dir.resolve("sshd.pid"),
                "StrictModes no", "UsePAM no", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
                "PubkeyAuthentication yes", "PermitRootLogin prohibit-password", "LogLevel VERBOSE", ""));
        if ("root".equals(System.getProperty("user.name"))) {
            Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege-separation folder when run as root
        }
        process = new ProcessBuilder(binary(), "-D", "-e", "-f", dir.resolve("sshd_config").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        awaitBanner();
    }

    /** The sshd binary ({@code command -v sshd} may miss /usr/sbin), or null when openssh-server is missing. */
    public static String binary() {
        for (String candidate : List.of("/usr/sbin/sshd", "/usr/bin/sshd", "/usr/local/sbin/sshd")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return null;
    }

    public static final String MISSING = "sshd is not installed (Debian: apt-get install openssh-server; .ci/run does): "
            + "the SSH remote tests are skipped.";

    public int port() {
        return port;
    }

    /** The key the server accepts (0600). */
    public Path userKey() {
        return dir.resolve("user_key");
    }

    /** An ssh address of a repository on this server, as the current user. */
    public String url(Path repo) {
        return "ssh://" + System.getProperty("user.name") + "@127.0.0.1:" + port + repo.toAbsolutePath();
    }

    /** A home folder whose {@code .ssh/known_hosts} knows this server's host key (and holds no keys). */
    public Path home(Path home) throws IOException {
        Files.createDirectories(home.resolve(".ssh"));
        String hostKey = Files.readString(dir.resolve("host_key.pub")).strip().split(" ", 3)[0] + " "
                + Files.readString(dir.resolve("host_key.pub")).strip().split(" ", 3)[1];
        Files.writeString(home.resolve(".ssh/known_hosts"), "[127.0.0.1]:" + port + " " + hostKey + "\n");
        return home;
    }

    /** Generates an ed25519 key pair without a passphrase at {@code key} (and {@code key}.pub). */
    public static void keygen(Path key) throws IOException {
        try {
            Process p = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", key.toString())
                    .redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("ssh-keygen failed: " + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private void awaitBanner() throws IOException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.setSoTimeout(2000);
                InputStream in = s.getInputStream();
                byte[] b = new byte[8];
                if (in.readNBytes(b, 0, 8) == 8 && new String(b, StandardCharsets.US_ASCII).startsWith("SSH-2.0")) {
                    return;
                }
            } catch (IOException notYet) {
                if (!process.isAlive()) {
                    break;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
            }
        }
        throw new IOException("sshd did not start on port " + port + ": " + Files.readString(dir.resolve("sshd.log")));
    }

    /** Stops the server at once, as a network cut would. */
    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
