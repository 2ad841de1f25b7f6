package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.FileAppender;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.telemetry.TracedKnowledgeIndex;
import services.vault.FileText;
import services.workspace.Workspace;
import testsupport.FakeTypesense;
import testsupport.Fixtures;

/**
 * A full sync into Typesense (HTTP level, against the local fake server) with a known API key, with debug logging
 * on and one node failing: the key is sent in its header and appears in no log line, span, event or message.
 */
class TypesenseSecretTest {

    static final String KEY = "known-secret-key-4f9a1c77e2";

    @TempDir
    Path tmp;

    @Test
    void theApiKeyNeverReachesTheLogTheSpansOrAMessage() throws Exception {
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME); // qualified: logback's Logger is imported
        Level before = root.getLevel();
        root.setLevel(Level.DEBUG);
        Workspace ws = Fixtures.demo(tmp);
        try (FakeTypesense up = new FakeTypesense(); FakeTypesense down = new FakeTypesense()) {
            String downUrl = down.url();
            down.close();
            up.always("POST", "/collections", 201, TypesenseKnowledgeIndexHttpTest.SCHEMA)
                    .once("POST", "/collections/system_knowledge/documents/import", 503, "{\"message\": \"Not Ready\"}")
                    .answer("POST", "/collections/system_knowledge/documents/import", FakeTypesense::importOk);
            Telemetry telemetry = new Telemetry(sdk);
            try (KnowledgeIndex index = new TracedKnowledgeIndex(new TypesenseKnowledgeIndex(new TypesenseIndexSettings(
                    List.of(downUrl, up.url()), KEY, "system_knowledge", Duration.ofSeconds(1), 384, 50, 4,
                    Duration.ofMillis(10))), telemetry)) {
                SyncResult result = new VaultSync(ws, index, Fixtures.CLOCK, FileText.DEFAULT_LIMIT, telemetry)
                        .run(SyncOptions.all(), ProgressSink.NONE);
                assertThat(result.indexed()).isGreaterThan(100);
            }
            assertThat(up.requests()).isNotEmpty().allSatisfy(r -> assertThat(r.apiKey()).isEqualTo(KEY));
            up.always("GET", "/collections/system_knowledge", 401, "{\"message\": \"Forbidden - a valid key is needed\"}");
            KnowledgeIndexException refused = assertThrows(KnowledgeIndexException.class, () -> new TypesenseKnowledgeIndex(
                    TypesenseIndexSettings.of(List.of(up.url()), KEY, "system_knowledge", 1, 384)));
            assertThat(refused.getMessage()).doesNotContain(KEY);
        } finally {
            root.setLevel(before);
        }
        assertThat(spans.getFinishedSpanItems()).isNotEmpty().allSatisfy(s -> {
            assertThat(s.getName()).doesNotContain(KEY);
            assertThat(s.getAttributes().toString()).doesNotContain(KEY);
            assertThat(s.getEvents().toString()).doesNotContain(KEY);
        });
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        FileAppender<?> file = (FileAppender<?>) context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("FILE"); // qualified: logback's Logger is imported
        String log = Files.readString(Path.of(file.getFile()));
        assertThat(log).contains("Request to 127.0.0.1 failed").doesNotContain(KEY);
        try (var files = Files.walk(ws.dir())) { // state, decision log, sync state, OTEL events: nowhere
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1))
                        .as(f.toString()).doesNotContain(KEY);
            }
        }
    }
}
