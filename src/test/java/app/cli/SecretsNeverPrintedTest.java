package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.compose.ScrubbedLog;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.text.UrlCredentials;
import services.workspace.RedisSettings;

/**
 * A password written into a URL of workspace.json — with a '/', '#', '?' or '@' in it that a pattern would miss — is
 * refused where the file is read, and no output of any command (stdout, stderr, --json), no log line and no
 * description of a connection ever holds it.
 */
class SecretsNeverPrintedTest {

    static final String SECRET = "S3cr3tPW";

    @TempDir
    Path tmp;

    static final List<String> REDIS = List.of(
            "redis://default:S3cr3tPW/xyz@127.0.0.1:16399/0",
            "rediss://default:S3cr3tPW@127.0.0.1:16399/0",
            "redis://:S3cr3tPW@127.0.0.1:16399/0",
            "redis://default:S3cr3tPW#frag@127.0.0.1:16399/0",
            "redis://default:S3cr3tPW?x=1@127.0.0.1:16399/0",
            "redis://default:S3c@r3tPW@127.0.0.1:16399/0",
            "redis://default:S3cr3tPW%2Fx@127.0.0.1:16399/0",
            " redis://default:S3cr3tPW/@127.0.0.1/0",
            "redis:/default:S3cr3tPW@127.0.0.1:16399/0",
            "redis:default:S3cr3tPW@127.0.0.1",
            "REDIS:\\\\u:S3cr3tPW@127.0.0.1:16399");

    @Test
    void everyPasswordBearingUrlIsFoundAndRedacted() {
        for (String url : REDIS) {
            assertTrue(UrlCredentials.hasSecret(url), url);
            assertThat(UrlCredentials.redact(url)).as(url).doesNotContain(SECRET).contains("127.0.0.1");
            assertThat(new RedisSettings(url, List.of(), null, List.of(), null).describe()).doesNotContain(SECRET);
            assertThat(UrlCredentials.scrub("Cannot connect to " + url + ": refused")).doesNotContain(SECRET);
        }
        for (String url : List.of("https://admin:S3cr3tPW@ts-1:8108", "http://S3cr3tPW@ch:8123",
                "http://u:S3cr3tPW/x@otel:4318/v1/traces")) {
            assertTrue(UrlCredentials.hasSecret(url), url);
            assertThat(UrlCredentials.scrub("at " + url + ".")).doesNotContain(SECRET);
        }
        assertFalse(UrlCredentials.hasSecret("redis://reader@127.0.0.1:6379/0")); // an ACL user alone is no secret
        assertFalse(UrlCredentials.hasSecret("redis://127.0.0.1:6379/0"));
        assertEquals("http://host/a/@b", UrlCredentials.scrub("http://host/a/@b")); // an @ in a path is no user-info
        // a scheme without '//' (found by attacking the built CLI: 'redis:/u:pw@host' was printed 13 times)
        assertThat(UrlCredentials.scrub("\"redis:/u:S3cr3tPW@127.0.0.1:16399\" is not a redis:// URL"))
                .doesNotContain(SECRET).contains("127.0.0.1");
        assertEquals("error: Proposal-Id: p-t, sha256:0123", UrlCredentials.scrub("error: Proposal-Id: p-t, sha256:0123"));
    }

    private String workspace(Map<String, String> replace) throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        Path file = Path.of(ws, "workspace.json");
        String json = Files.readString(file);
        for (Map.Entry<String, String> e : replace.entrySet()) {
            assertThat(json).contains(e.getKey());
            json = json.replace(e.getKey(), e.getValue());
        }
        Files.writeString(file, json);
        return ws;
    }

    private static void noSecretIn(String ws, String expected) {
        for (List<String> command : List.of(List.of("failed", "list"), List.of("amendments", "list"), List.of("brief"),
                List.of("proposals", "list"), List.of("search", "loop"), List.of("watchdog"))) {
            for (boolean json : new boolean[] {false, true}) {
                List<String> args = new ArrayList<>(command);
                args.addAll(List.of("--workspace", ws));
                if (json) {
                    args.add("--json");
                }
                DemoCommandTest.Run r = run(args.toArray(String[]::new));
                assertThat(r.out() + r.err()).as("%s", args).doesNotContain(SECRET);
                assertThat(r.code()).as("%s refused", args).isNotZero();
                assertThat(r.err()).as("%s", args).contains(expected);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void aRedisPasswordInTheUrlIsRefusedAndNeverPrinted(int i) throws Exception {
        String url = REDIS.get(i).replace("\\", "\\\\");
        String ws = workspace(Map.of("\"redis\": null", "\"redis\": {\"url\": \"" + url + "\"}"));
        noSecretIn(ws, i >= 7 ? "key 'redis.url'" : "put no password in the URL");
    }

    @Test
    void aTypesenseNodeWithAPasswordIsRefusedAndNeverPrinted() throws Exception {
        String ws = workspace(Map.of("\"index\": { ", "\"index\": {\"nodes\": [\"https://admin:S3cr3tPW/x@ts-1:8108\"], "));
        noSecretIn(ws, "key 'index.nodes': put no user or password");
    }

    @Test
    void anOtlpEndpointWithAPasswordIsRefusedAndNeverPrinted() throws Exception {
        String ws = workspace(Map.of("\"name\":", "\"telemetry\": {\"otlpEndpoint\": \"http://u:S3cr3tPW@otel:4318\"}, "
                + "\"name\":"));
        noSecretIn(ws, "key 'telemetry.otlpEndpoint': put no user or password");
    }

    @Test
    void aClickHouseUrlWithAPasswordIsRefusedAndNeverPrinted() throws Exception {
        String ws = workspace(Map.of("\"otelEvents\": { \"source\": \"spool\", \"path\": \"spool/otel\" }",
                "\"otelEvents\": {\"source\": \"clickhouse\", \"url\": \"http://default:S3cr3tPW#x@ch:8123\"}"));
        noSecretIn(ws, "key 'otelEvents.url': put no user or password");
    }

    @Test
    void aLogLineAndItsExceptionAreScrubbed() {
        LoggerContext context = new LoggerContext();
        PatternLayout layout = new PatternLayout();
        layout.setContext(context);
        layout.getInstanceConverterMap().put("scrub", ScrubbedLog::new);
        layout.setPattern("%-5level - %scrub(%msg%n%ex)%nopex");
        layout.start();
        LoggingEvent event = new LoggingEvent("x", context.getLogger("x"), Level.ERROR,
                "Cannot connect to " + REDIS.get(0), new IllegalStateException("URI " + REDIS.get(5) + " refused"), null);
        String line = layout.doLayout(event);
        assertThat(line).contains("Cannot connect to redis://***@127.0.0.1:16399/0").contains("IllegalStateException")
                .doesNotContain(SECRET);
    }
}
