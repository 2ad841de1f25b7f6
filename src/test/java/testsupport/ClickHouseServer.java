package testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real clickhouse-server (Debian's 18.16, the same HTTP interface as current releases) on free loopback ports,
 * started by the test with its own config and data in a temp folder, stopped with it. Users: {@code default} without
 * a password and {@code reader} with the password {@link #PASSWORD}.
 */
public final class ClickHouseServer implements AutoCloseable {

    public static final String PASSWORD = "s3cret-otel-reader";

    private final Path dir;
    private final int httpPort;
    private final Process process;
    private final HttpClient http = HttpClient.newHttpClient();

    /** The binary, or null when clickhouse-server is not installed. */
    public static String binary() {
        for (String candidate : List.of("/usr/bin/clickhouse-server", "/usr/sbin/clickhouse-server",
                "/usr/local/bin/clickhouse-server", "/usr/bin/clickhouse")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return null;
    }

    public ClickHouseServer(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.httpPort = freePort();
        int tcpPort = freePort();
        Files.writeString(dir.resolve("users.xml"), """
                <yandex>
                  <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
                  <users>
                    <default><password></password><networks><ip>::/0</ip></networks><profile>default</profile><quota>default</quota></default>
                    <reader><password>%s</password><networks><ip>::/0</ip></networks><profile>default</profile><quota>default</quota></reader>
                  </users>
                  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
                    <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
                </yandex>
                """.formatted(PASSWORD));
        Files.writeString(dir.resolve("config.xml"), """
                <yandex>
                  <logger><level>warning</level><log>%1$s/server.log</log><errorlog>%1$s/server.err.log</errorlog></logger>
                  <http_port>%2$d</http_port>
                  <tcp_port>%3$d</tcp_port>
                  <listen_host>127.0.0.1</listen_host>
                  <path>%1$s/data/</path>
                  <tmp_path>%1$s/tmp/</tmp_path>
                  <user_files_path>%1$s/user_files/</user_files_path>
                  <users_config>%1$s/users.xml</users_config>
                  <default_profile>default</default_profile>
                  <default_database>default</default_database>
                  <mark_cache_size>268435456</mark_cache_size>
                </yandex>
                """.formatted(dir, httpPort, tcpPort));
        String binary = binary();
        if (binary == null) {
            throw new IllegalStateException("clickhouse-server is not installed: apt-get install clickhouse-server (.ci/run does).");
        }
        List<String> command = binary.endsWith("/clickhouse") ? List.of(binary, "server", "--config-file=" + dir.resolve("config.xml"))
                : List.of(binary, "--config-file=" + dir.resolve("config.xml"));
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (query("SELECT 1").strip().equals("1")) {
                    return;
                }
            } catch (IOException | RuntimeException notYet) {
                sleep();
            }
            if (!process.isAlive()) {
                break;
            }
        }
        close();
        throw new IllegalStateException("clickhouse-server did not start on port " + httpPort + "; see " + dir);
    }

    public String url() {
        return "http://127.0.0.1:" + httpPort;
    }

    /** Runs one statement as {@code default}; an answer other than 200 fails. */
    public String query(String sql) throws IOException {
        return post(URI.create(url() + "/"), sql);
    }

    /** Inserts rows ({@code FORMAT JSONEachRow}) into a table. */
    public void insert(String table, String columns, List<String> rows) throws IOException {
        String q = "INSERT INTO " + table + " (" + columns + ") FORMAT JSONEachRow";
        post(URI.create(url() + "/?query=" + URLEncoder.encode(q, StandardCharsets.UTF_8)), String.join("\n", rows));
    }

    private String post(URI uri, String body) throws IOException {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IOException("ClickHouse answered " + r.statusCode() + ": " + r.body());
            }
            return r.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
