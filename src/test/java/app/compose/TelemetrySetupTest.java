package app.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.common.Attributes;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** OTLP export against a local HTTP collector: nothing is sent unless the environment or a workspace says where. */
class TelemetrySetupTest {

    private HttpServer collector;
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        collector.createContext("/", exchange -> {
            received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
    }

    @AfterEach
    void stop() {
        collector.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + collector.getAddress().getPort();
    }

    @Test
    void nothingIsSentWithoutAnEndpoint() {
        TelemetrySetup setup = new TelemetrySetup(Map.of());
        setup.telemetry().span("sync", Attributes.empty(), s -> 1);
        setup.flush();
        assertNull(setup.exportingTo());
        assertThat(received).isEmpty();
        assertThat(setup.recent().snapshot()).extracting(r -> r.name()).containsExactly("sync");
        assertThat(setup.recent().capacity()).isEqualTo(500); // the README's "the last 500", said on the screen too
    }

    @Test
    void theStandardEnvironmentVariableSendsSpansAndMetrics() {
        TelemetrySetup setup = new TelemetrySetup(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", url()));
        setup.telemetry().span("sync", Attributes.empty(), s -> 1);
        setup.telemetry().indexed(10, 5);
        setup.flush();
        assertEquals(url() + "/v1/traces", setup.exportingTo());
        assertThat(received).contains("POST /v1/traces", "POST /v1/metrics");
        setup.useWorkspaceEndpoint(null); // the environment wins over a workspace
        assertEquals(url() + "/v1/traces", setup.exportingTo());
    }

    @Test
    void aWorkspaceEndpointTurnsExportOnForIt() {
        TelemetrySetup setup = new TelemetrySetup(Map.of());
        setup.useWorkspaceEndpoint(url() + "/");
        setup.telemetry().span("proposal.approve", Attributes.empty(), s -> 1);
        setup.flush();
        assertThat(received).contains("POST /v1/traces");
        setup.useWorkspaceEndpoint(null);
        assertNull(setup.exportingTo());
    }
}
