package services.telemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * OpenTelemetry for the console's own work: a span per operation (sync, search, recall preview, approve, reject,
 * revert, clear, prune) and a few metrics. Attributes carry ids and counts only — never a secret, never a
 * document's text.
 */
public final class Telemetry {

    public static final AttributeKey<String> ID = AttributeKey.stringKey("brainconsole.id");
    public static final AttributeKey<String> KIND = AttributeKey.stringKey("brainconsole.kind");
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("brainconsole.outcome");
    public static final AttributeKey<Long> COUNT = AttributeKey.longKey("brainconsole.count");

    private final Tracer tracer;
    private final LongCounter indexed;
    private final DoubleHistogram syncMillis;
    private final DoubleHistogram searchMillis;
    private final LongCounter decided;
    private final LongCounter findings;

    public Telemetry(OpenTelemetry otel) {
        this.tracer = otel.getTracer("brain-console");
        Meter meter = otel.getMeter("brain-console");
        this.indexed = meter.counterBuilder("brainconsole.documents.indexed").setDescription("Documents written by syncs").build();
        this.syncMillis = meter.histogramBuilder("brainconsole.sync.duration").setUnit("ms").build();
        this.searchMillis = meter.histogramBuilder("brainconsole.search.duration").setUnit("ms").build();
        this.decided = meter.counterBuilder("brainconsole.proposals.decided").build();
        this.findings = meter.counterBuilder("brainconsole.watchdog.findings")
                .setDescription("Watchdog findings, by severity").build();
    }

    public static Telemetry noop() {
        return new Telemetry(OpenTelemetry.noop());
    }

    /** Runs {@code work} in a span named {@code name}; a failure is recorded on the span and rethrown. */
    public <T> T span(String name, Attributes attributes, Function<Span, T> work) {
        Span span = tracer.spanBuilder(name).setAllAttributes(attributes).startSpan();
        try (Scope ignored = span.makeCurrent()) {
            T result = work.apply(span);
            span.setStatus(StatusCode.OK);
            return result;
        } catch (RuntimeException e) {
            span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
            span.addEvent("refused or failed", Attributes.of(OUTCOME, e.getClass().getSimpleName()));
            throw e;
        } finally {
            span.end();
        }
    }

    /**
     * The one tracing decorator of the services: runs {@code body} in a span named {@code name} with
     * {@code attributes}; a failure is recorded on the span and rethrown.
     */
    public <T> T traced(String name, Attributes attributes, Supplier<T> body) {
        return span(name, attributes, span -> body.get());
    }

    /**
     * The same, and the {@code outcome} attributes of its result are set on the span before it ends (counts, an
     * outcome; never a secret or a document's text).
     */
    public <T> T traced(String name, Attributes attributes, Supplier<T> body, Function<? super T, Attributes> outcome) {
        return span(name, attributes, span -> {
            T result = body.get();
            span.setAllAttributes(outcome.apply(result));
            return result;
        });
    }

    public void indexed(long documents, double millis) {
        indexed.add(documents);
        syncMillis.record(millis);
    }

    public void searched(double millis) {
        searchMillis.record(millis);
    }

    /** One watchdog finding of this severity. */
    public void finding(String severity) {
        findings.add(1, Attributes.of(OUTCOME, severity));
    }

    public void decided(String decision) {
        decided.add(1, Attributes.of(OUTCOME, decision));
    }
}
