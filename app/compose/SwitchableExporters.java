package app.compose;

import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;

/**
 * OTLP exporters that can be pointed at an endpoint after the SDK is built (a workspace may name one when it is
 * opened). Until then, and when switched off, they drop what they are given: nothing is sent.
 */
final class SwitchableExporters {

    private volatile OtlpHttpSpanExporter spans;
    private volatile OtlpHttpMetricExporter metrics;
    private volatile String endpoint;

    /** Sends to {@code base} + /v1/traces and /v1/metrics; null stops sending. */
    synchronized void pointAt(String base) {
        OtlpHttpSpanExporter oldSpans = spans;
        OtlpHttpMetricExporter oldMetrics = metrics;
        if (base == null || base.isBlank()) {
            spans = null;
            metrics = null;
            endpoint = null;
        } else {
            String root = base.replaceAll("/$", "");
            spans = OtlpHttpSpanExporter.builder().setEndpoint(root + "/v1/traces").build();
            metrics = OtlpHttpMetricExporter.builder().setEndpoint(root + "/v1/metrics").build();
            endpoint = root + "/v1/traces";
        }
        if (oldSpans != null) {
            oldSpans.shutdown();
        }
        if (oldMetrics != null) {
            oldMetrics.shutdown();
        }
    }

    String endpoint() {
        return endpoint;
    }

    final SpanExporter spanExporter = new SpanExporter() {
        @Override
        public CompletableResultCode export(Collection<SpanData> batch) {
            OtlpHttpSpanExporter to = spans;
            return to == null ? CompletableResultCode.ofSuccess() : to.export(batch);
        }

        @Override
        public CompletableResultCode flush() {
            OtlpHttpSpanExporter to = spans;
            return to == null ? CompletableResultCode.ofSuccess() : to.flush();
        }

        @Override
        public CompletableResultCode shutdown() {
            pointAt(null);
            return CompletableResultCode.ofSuccess();
        }
    };

    final MetricExporter metricExporter = new MetricExporter() {
        @Override
        public CompletableResultCode export(Collection<MetricData> batch) {
            OtlpHttpMetricExporter to = metrics;
            return to == null ? CompletableResultCode.ofSuccess() : to.export(batch);
        }

        @Override
        public CompletableResultCode flush() {
            OtlpHttpMetricExporter to = metrics;
            return to == null ? CompletableResultCode.ofSuccess() : to.flush();
        }

        @Override
        public CompletableResultCode shutdown() {
            pointAt(null);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
            return AggregationTemporality.CUMULATIVE;
        }
    };
}
