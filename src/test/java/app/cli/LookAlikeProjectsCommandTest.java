package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.RedisClient;
import testsupport.RedisServer;

/**
 * A project name that reads as another — an invisible or bidi character, a space that is not a space, a decomposed
 * accent, a Cyrillic look-alike letter — is named with the character in 'failed list', and its key shows the character
 * as its code: after 'failed clear joelclaw/S2' no row reads "joelclaw/S2", and the look-alike is cleared by its own
 * key. The state is read back with a raw Redis client.
 */
@Tag("server")
class LookAlikeProjectsCommandTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"joelclaw\u200B", "joel\u202Eclaw", "joelclaw\u00A0", "joelcl\u0430w", "joelclaw\uFEFF",
        "\u200Ejoelclaw", "joelcla\u0077\u0301", "ｊoelclaw"})
    void aLookAlikeProjectIsNamedAndNeverReadsAsTheRealOne(String lookAlike) throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, DemoCommandTest.run("demo", ws).code());
        try (RedisServer server = new RedisServer(tmp.resolve("redis"));
             RedisClient raw = RedisClient.create("127.0.0.1", server.port())) {
            Path file = Path.of(ws, "workspace.json");
            Files.writeString(file, Files.readString(file).replace("\"redis\": null", "\"redis\": {\"url\": \""
                    + server.url() + "\"}"));
            long now = System.currentTimeMillis();
            raw.zadd("loop:failed:targets:joelclaw", now - 1000, "S2");
            raw.zadd("loop:failed:targets:" + lookAlike, now - 2000, "S2");

            DemoCommandTest.Run list = DemoCommandTest.run("failed", "list", "--workspace", ws);
            assertEquals(0, list.code(), list.err());
            assertThat(list.err()).contains("The project \"").contains("U+");
            String lookAlikeKey = list.out().lines().map(String::strip).filter(l -> l.contains("\\u{"))
                    .map(l -> l.split("\\s+")[0]).findFirst().orElseThrow(() -> new AssertionError(list.out()));

            DemoCommandTest.Run clear = DemoCommandTest.run("failed", "clear", "joelclaw/S2", "--reason", "fixed",
                    "--workspace", ws);
            assertEquals(0, clear.code(), clear.err());
            assertThat(raw.zscore("loop:failed:targets:joelclaw", "S2")).isNull();
            assertThat(raw.zscore("loop:failed:targets:" + lookAlike, "S2")).isNotNull();

            DemoCommandTest.Run after = DemoCommandTest.run("failed", "list", "--workspace", ws);
            assertThat(after.out().lines().map(String::strip)).noneMatch(l -> l.startsWith("joelclaw/S2 "))
                    .noneMatch(l -> l.startsWith(lookAlike + "/S2"));
            DemoCommandTest.Run byItsKey = DemoCommandTest.run("failed", "clear", lookAlikeKey, "--reason", "fixed",
                    "--workspace", ws);
            assertEquals(0, byItsKey.code(), byItsKey.err());
            assertThat(raw.zscore("loop:failed:targets:" + lookAlike, "S2")).isNull();
        }
    }
}
