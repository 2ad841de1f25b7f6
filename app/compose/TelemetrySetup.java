package app.compose;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import services.telemetry.RecentSpans;
import services.telemetry.Telemetry;

/**
 * The OpenTelemetry SDK of the process: resource {@code service.name=brain-console} and its version; every span
 * kept in memory for the Telemetry screen; OTLP (HTTP) export of spans and metrics only when the standard
 * {@code OTEL_EXPORTER_OTLP_ENDPOINT} (or {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}) says where — nothing is
 * sent otherwise.
 */
public final class TelemetrySetup {

    private final RecentSpans recent = new RecentSpans(500);
    private final Telemetry telemetry;
    private final SwitchableExporters exporters = new SwitchableExporters();
    private final OpenTelemetrySdk sdk;
    private final boolean fromEnvironment;

    public TelemetrySetup(Map<String, String> env) {
        String version = TelemetrySetup.class.getPackage().getImplementationVersion();
        Resource resource = Resource.getDefault().merge(Resource.create(Attributes.of(
                AttributeKey.stringKey("service.name"), "brain-console",
                AttributeKey.stringKey("service.version"), version == null ? "dev" : version)));
        var tracer = SdkTracerProvider.builder().setResource(resource)
                .addSpanProcessor(SimpleSpanProcessor.create(recent))
                .addSpanProcessor(BatchSpanProcessor.builder(exporters.spanExporter).build());
        var meter = SdkMeterProvider.builder().setResource(resource)
                .registerMetricReader(PeriodicMetricReader.builder(exporters.metricExporter).build());
        String base = env.get("OTEL_EXPORTER_OTLP_ENDPOINT");
        String traces = env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
        fromEnvironment = (base != null && !base.isBlank()) || (traces != null && !traces.isBlank());
        exporters.pointAt(base != null && !base.isBlank() ? base
                : traces != null && !traces.isBlank() ? traces.replaceAll("/v1/traces/?$", "") : null);
        sdk = OpenTelemetrySdk.builder().setTracerProvider(tracer.build())
                .setMeterProvider(meter.build()).build();
        telemetry = new Telemetry(sdk);
        Runtime.getRuntime().addShutdownHook(new Thread(sdk::close, "otel-shutdown"));
    }

    /** Sends what is pending now (tests; the shutdown hook does it at exit). */
    public void flush() {
        sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
        sdk.getSdkMeterProvider().forceFlush().join(10, TimeUnit.SECONDS);
    }

    public Telemetry telemetry() {
        return telemetry;
    }

    public RecentSpans recent() {
        return recent;
    }

    /** Where spans are exported, or null when nothing is sent. */
    public String exportingTo() {
        return exporters.endpoint();
    }

    /**
     * A workspace's {@code telemetry.otlpEndpoint} (base URL of an OTLP/HTTP collector) turns export on for it;
     * the standard environment variables, when set, win. Null or absent: export stays as the environment says.
     */
    public void useWorkspaceEndpoint(String base) {
        if (!fromEnvironment) {
            exporters.pointAt(base);
        }
    }
}
