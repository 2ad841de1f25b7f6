package app;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Map;
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
    private final String exportingTo;

    public TelemetrySetup(Map<String, String> env) {
        String version = TelemetrySetup.class.getPackage().getImplementationVersion();
        Resource resource = Resource.getDefault().merge(Resource.create(Attributes.of(
                AttributeKey.stringKey("service.name"), "brain-console",
                AttributeKey.stringKey("service.version"), version == null ? "dev" : version)));
        var tracer = SdkTracerProvider.builder().setResource(resource)
                .addSpanProcessor(SimpleSpanProcessor.create(recent));
        var meter = SdkMeterProvider.builder().setResource(resource);
        String base = env.get("OTEL_EXPORTER_OTLP_ENDPOINT");
        String traces = env.getOrDefault("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                base == null ? null : base.replaceAll("/$", "") + "/v1/traces");
        if (traces != null && !traces.isBlank()) {
            tracer.addSpanProcessor(BatchSpanProcessor.builder(OtlpHttpSpanExporter.builder().setEndpoint(traces).build()).build());
            String metrics = env.getOrDefault("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
                    base == null ? null : base.replaceAll("/$", "") + "/v1/metrics");
            if (metrics != null) {
                meter.registerMetricReader(PeriodicMetricReader.builder(
                        OtlpHttpMetricExporter.builder().setEndpoint(metrics).build()).build());
            }
            exportingTo = traces;
        } else {
            exportingTo = null;
        }
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(tracer.build())
                .setMeterProvider(meter.build()).build();
        telemetry = new Telemetry(sdk);
        Runtime.getRuntime().addShutdownHook(new Thread(sdk::close, "otel-shutdown"));
    }

    public Telemetry telemetry() {
        return telemetry;
    }

    public RecentSpans recent() {
        return recent;
    }

    /** Where spans are exported, or null when nothing is sent. */
    public String exportingTo() {
        return exportingTo;
    }
}
