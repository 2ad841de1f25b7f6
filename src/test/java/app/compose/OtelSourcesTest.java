package app.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.watchdog.OtelEventSource;
import services.tasks.Lanes;
import services.workspace.Secrets;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/**
 * How a workspace's watchdog meets the running system: ClickHouse read with the spool beside it, and the running
 * watchdog's gate written only when this workspace's index is that watchdog's Typesense collection.
 */
class OtelSourcesTest {

    @TempDir
    Path tmp;

    @Test
    void clickHouseIsReadWithTheSpoolBesideIt() throws Exception {
        Workspace ws = Fixtures.demo(tmp.resolve("ws"));
        Path spool = Files.createDirectories(tmp.resolve("home/.joelclaw/spool/otel"));
        Files.writeString(spool.resolve("1764000000000-a.json"), "{\"event\":{},\"queuedAt\":1764000000000}");
        Files.writeString(spool.resolve("1764000000001-b.json.processing"), "{\"event\":{},\"queuedAt\":1764000000001}");
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "clickhouse")
                .put("url", "http://127.0.0.1:1").put("spool", spool.toString()));
        ws = Fixtures.loader().load(ws.dir());
        OtelEventSource source = OtelSources.open(ws, new Secrets(Map.of()), Lanes.ONE_BY_ONE);
        assertThat(source.outboxOnly()).isFalse();
        assertThat(source.outbox().files()).isEqualTo(2);
        assertThat(source.outbox().oldestQueuedMillis()).isEqualTo(1764000000000L);

        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "spool")
                .put("path", spool.toString()));
        assertThat(OtelSources.open(Fixtures.loader().load(ws.dir()), new Secrets(Map.of()), Lanes.ONE_BY_ONE).outboxOnly()).isTrue();
    }

    @Test
    void onlyAWorkspaceOnTheTypesenseSystemKnowledgeCollectionSharesTheRunningWatchdogsWork() {
        Workspace ws = Fixtures.demo(tmp.resolve("ws"));
        assertThat(RedisParts.notShared(ws)).contains("its own lucene index");
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("index").put("backend", "typesense")
                .put("collection", "system_knowledge").putArray("nodes").add("http://127.0.0.1:8108"));
        assertThat(RedisParts.notShared(Fixtures.loader().load(ws.dir()))).isNull();
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("index").put("backend", "typesense")
                .put("collection", "console_knowledge").putArray("nodes").add("http://127.0.0.1:8108"));
        assertThat(RedisParts.notShared(Fixtures.loader().load(ws.dir()))).contains("console_knowledge");
    }
}
