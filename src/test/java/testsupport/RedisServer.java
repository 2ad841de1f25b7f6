package testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.RedisClient;

/**
 * A real redis-server on a free loopback port, started by the test and stopped with it. Append-only with fsync
 * on every write, so a stop (a crash) and a restart keep the data, as a real deployment would.
 */
public final class RedisServer implements AutoCloseable {

    private final Path dir;
    private int port;
    private Process process;

    /**
     * Starts a server on a port free a moment ago. Another test JVM may take that port in between: the server that
     * answers is then checked to be this one (its {@code dir}), and on a clash another port is tried.
     */
    public RedisServer(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        for (int attempt = 1; ; attempt++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                this.port = socket.getLocalPort();
            }
            try {
                start();
                return;
            } catch (IllegalStateException clash) {
                stop();
                if (attempt == 5) {
                    throw clash;
                }
            }
        }
    }

    public String url() {
        return "redis://127.0.0.1:" + port + "/0";
    }

    public int port() {
        return port;
    }

    public void start() throws IOException {
        List<String> command = List.of(binary(), "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "yes", "--appendfsync", "always", "--dir", dir.toString(), "--protected-mode", "no");
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline) {
            try (RedisClient client = RedisClient.create("127.0.0.1", port)) {
                if ("PONG".equals(client.ping())) {
                    String served = client.configGet("dir").getOrDefault("dir", "");
                    if (!Path.of(served).equals(dir.toRealPath())) {
                        throw new IllegalStateException("port " + port + " is another test's redis-server (" + served + ")");
                    }
                    return;
                }
            } catch (IllegalStateException clash) {
                throw clash;
            } catch (RuntimeException notYet) {
                sleep();
            }
        }
        throw new IllegalStateException("redis-server did not start on port " + port + "; see " + dir.resolve("redis.log"));
    }

    /** Stops the server as a crash would (the data stays in the append-only file). */
    public void stop() {
        if (process != null) {
            process.destroy();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    private static String binary() {
        for (String candidate : List.of("/usr/bin/redis-server", "/usr/local/bin/redis-server")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new IllegalStateException("redis-server is not installed: apt-get install redis-server (.ci/run does).");
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop();
    }
}
