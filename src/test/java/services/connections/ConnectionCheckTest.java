package services.connections;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.knowledge.TypesenseBackend;
import services.workspace.IndexSettings;
import services.workspace.RedisSettings;
import services.workspace.Secrets;
import testsupport.FakeTypesense;
import testsupport.RedisServer;

/**
 * "Test connection" names exactly what failed, in one line: against the local fake Typesense server (HTTP level)
 * and a real local redis-server.
 */
@Tag("server")
class ConnectionCheckTest {

    static final String KEY = "connection-check-key-77";

    @TempDir
    Path tmp;

    private final ConnectionCheck check = new ConnectionCheck(new Secrets(Map.of("TS_KEY", KEY)));

    private static final TypesenseBackend TYPESENSE = new TypesenseBackend();

    private static IndexSettings typesense(String... nodes) {
        return new IndexSettings("typesense", List.of(nodes), "TS_KEY", null, "system_knowledge", 1, 384);
    }

    @Test
    void typesenseOkAuthMissingCollectionAndOtherAnswers() throws Exception {
        try (FakeTypesense server = new FakeTypesense()) {
            server.once("GET", "/collections/system_knowledge", 200, "{\"name\": \"system_knowledge\", \"num_documents\": 42}")
                    .once("GET", "/collections/system_knowledge", 401, "{\"message\": \"Forbidden\"}")
                    .once("GET", "/collections/system_knowledge", 404, "{\"message\": \"Not Found\"}")
                    .once("GET", "/collections/system_knowledge", 500, "{\"message\": \"Raft error\"}");
            String at = server.url().substring("http://".length());
            ConnectionCheck.Result ok = check.index(TYPESENSE, typesense(server.url()), tmp, null);
            assertThat(ok.ok()).isTrue();
            assertThat(ok.line()).isEqualTo("Typesense OK: " + at + " has system_knowledge (42 documents)");
            assertThat(check.index(TYPESENSE, typesense(server.url()), tmp, null).line())
                    .isEqualTo("auth: " + at + " refused the API key (401)");
            assertThat(check.index(TYPESENSE, typesense(server.url()), tmp, null).line()).startsWith("missing collection: " + at);
            assertThat(check.index(TYPESENSE, typesense(server.url()), tmp, null).line()).isEqualTo(at + " answered 500: Raft error");
            assertThat(server.requests()).allSatisfy(r -> assertThat(r.apiKey()).isEqualTo(KEY));
        }
    }

    @Test
    void typesenseRefusedDnsTlsAndTimeout() throws Exception {
        String closed;
        try (FakeTypesense gone = new FakeTypesense()) {
            closed = gone.url();
        }
        assertThat(check.index(TYPESENSE, typesense(closed), tmp, null).line())
                .isEqualTo("refused: nothing answers on " + closed.substring(7));
        assertThat(check.index(TYPESENSE, typesense("http://no-such-host.invalid:8108"), tmp, null).line())
                .isEqualTo("DNS: cannot resolve no-such-host.invalid");
        try (ServerSocket plain = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answer = new Thread(() -> { // a plain-text server answering a TLS hello
                try (Socket s = plain.accept()) {
                    s.setSoTimeout(5_000);
                    s.getOutputStream().write("HTTP/1.0 400 Bad Request\r\n\r\n".getBytes());
                    s.getOutputStream().flush();
                    while (s.getInputStream().read() >= 0) {
                        // keep the socket open until the client gives up on the handshake
                    }
                } catch (IOException ignored) {
                    // the client went away
                }
            });
            answer.start();
            // the JVM's trust store and TLS context loaded before the check starts its clock: the first handshake
            // of a JVM pays for them, which took over 5 s on a machine busy with other builds
            SSLContext.getDefault().createSSLEngine().getSupportedCipherSuites();
            TrustManagerFactory trust = TrustManagerFactory.getInstance(
                    TrustManagerFactory.getDefaultAlgorithm());
            trust.init((KeyStore) null);
            // a time limit far above any handshake: this case is about the TLS error's words, not about time
            IndexSettings tls = new IndexSettings("typesense", List.of("https://127.0.0.1:" + plain.getLocalPort()),
                    "TS_KEY", null, "system_knowledge", 60, 384);
            assertThat(check.index(TYPESENSE, tls, tmp, null).line())
                    .startsWith("TLS: 127.0.0.1:" + plain.getLocalPort() + " — ");
            answer.join(5_000);
        }
        try (FakeTypesense server = new FakeTypesense()) {
            server.once("GET", "/collections/system_knowledge", 200, "{}", 2_500);
            ConnectionCheck.Result slow = check.index(TYPESENSE, typesense(server.url()), tmp, null);
            assertThat(slow.ok()).isFalse();
            assertThat(slow.line()).startsWith("timeout: no answer from ");
        }
    }

    @Test
    void aMissingKeyOrAKeyFileOthersCanReadIsNamed() throws Exception {
        ConnectionCheck noEnv = new ConnectionCheck(new Secrets(Map.of()));
        assertThat(noEnv.index(TYPESENSE, typesense("http://127.0.0.1:1"), tmp, null).line())
                .isEqualTo("API key: The environment variable TS_KEY (index.apiKeyEnv) is not set: it must hold the Typesense API key.");
        Path file = tmp.resolve("ts.key");
        Files.writeString(file, KEY);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        IndexSettings fromFile = new IndexSettings("typesense", List.of("http://127.0.0.1:1"), null, "ts.key",
                "system_knowledge", 1, 384);
        assertThat(noEnv.index(TYPESENSE, fromFile, tmp, null).line()).contains("can be read by others (rw-r--r--)")
                .contains("chmod 600").doesNotContain(KEY);
        Secrets.writePrivate(file, KEY);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(new Secrets(Map.of()).typesenseKey(fromFile, tmp)).isEqualTo(KEY);
    }

    @Test
    void redisOkNoauthRefusedAndDns() throws Exception {
        try (RedisServer server = new RedisServer(tmp.resolve("redis"))) {
            RedisSettings settings = new RedisSettings(server.url(), List.of(), null, List.of(), null);
            ConnectionCheck.Result ok = check.redis(settings);
            assertThat(ok.ok()).isTrue();
            assertThat(ok.line()).startsWith("Redis OK: redis://127.0.0.1:" + server.port() + "/0 (Redis ");
            try (RedisClient admin = RedisClient.create("127.0.0.1", server.port())) {
                admin.configSet("requirepass", "s3cret-pass");
            }
            ConnectionCheck.Result auth = check.redis(settings);
            assertThat(auth.ok()).isFalse();
            assertThat(auth.line()).startsWith("auth: NOAUTH").doesNotContain("s3cret-pass");
        }
        assertThat(check.redis(new RedisSettings("redis://127.0.0.1:1/0", List.of(), null, List.of(), null)).line())
                .isEqualTo("refused: nothing answers on 127.0.0.1:1");
        assertThat(check.redis(new RedisSettings("redis://no-such-host.invalid:6379/0", List.of(), null, List.of(), null))
                .line()).isEqualTo("DNS: cannot resolve no-such-host.invalid");
        assertThat(check.redis(null).ok()).isTrue();
    }
}
