package services.telemetry;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Keeps the last spans the console recorded, for the Telemetry screen. An in-process exporter; nothing is sent. */
public final class RecentSpans implements SpanExporter {

    /** One span as the screen shows it. */
    public record Record(String name, long startMillis, double durationMillis, String status,
                         Map<String, String> attributes, List<String> events) {
    }

    private final int capacity;
    private final Deque<Record> spans = new ArrayDeque<>();

    public RecentSpans(int capacity) {
        this.capacity = capacity;
    }

    @Override
    public synchronized CompletableResultCode export(Collection<SpanData> batch) {
        for (SpanData s : batch) {
            Map<String, String> attributes = new LinkedHashMap<>();
            s.getAttributes().forEach((k, v) -> attributes.put(k.getKey(), String.valueOf(v)));
            spans.addFirst(new Record(s.getName(), s.getStartEpochNanos() / 1_000_000,
                    (s.getEndEpochNanos() - s.getStartEpochNanos()) / 1e6, s.getStatus().getStatusCode().name(),
                    attributes, s.getEvents().stream().map(e -> e.getName()).toList()));
            while (spans.size() > capacity) {
                spans.removeLast();
            }
        }
        return CompletableResultCode.ofSuccess();
    }

    /** How many spans are kept: the oldest goes when one more arrives. */
    public int capacity() {
        return capacity;
    }

    /** Newest first. */
    public synchronized List<Record> snapshot() {
        return new ArrayList<>(spans);
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
