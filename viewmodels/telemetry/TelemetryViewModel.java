package viewmodels.telemetry;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.telemetry.RecentSpans;
import viewmodels.text.Moments;

/** The Telemetry screen: the console's recent spans with their attributes and durations, filterable. */
public final class TelemetryViewModel {

    /** One span in the table. */
    public record SpanRow(String time, String name, String duration, String status, String attributes) {
    }

    /** What the empty table says when no span has been recorded. */
    public static final String NO_SPANS = "No spans yet: sync, search, approve … and they appear here.";

    private final RecentSpans recent;
    private final Moments moments;
    private final StringProperty filter = new SimpleStringProperty("");
    private final ObservableList<SpanRow> rows = FXCollections.observableArrayList();
    private final ObservableList<SpanRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper(NO_SPANS);
    private final String exportingTo;

    public TelemetryViewModel(RecentSpans recent, String exportingTo, ZoneId zone) {
        this.recent = recent;
        this.exportingTo = exportingTo;
        this.moments = Moments.in(zone);
        filter.addListener((o, a, b) -> refresh());
    }

    public void refresh() {
        String q = filter.get().strip().toLowerCase();
        List<RecentSpans.Record> all = recent.snapshot();
        // spans arrive as they end (a parent after its children): shown by when they started, newest first
        rows.setAll(all.stream().sorted(Comparator.comparingLong(RecentSpans.Record::startMillis).reversed())
                .map(this::row)
                .filter(r -> q.isEmpty() || (r.name() + " " + r.status() + " " + r.attributes()).toLowerCase().contains(q))
                .toList());
        summary.set(counted(rows.size(), all.size(), q.isEmpty()) + " · "
                + (exportingTo == null ? "not exported (set OTEL_EXPORTER_OTLP_ENDPOINT to send them)"
                : "also exported to " + exportingTo));
        // spans filtered out are not "no spans yet": the empty table names the filter that hides them
        placeholder.set(all.isEmpty() || q.isEmpty() ? NO_SPANS
                : "No span matches \"" + filter.get().strip() + "\".");
    }

    /**
     * How many spans are shown and kept: "100 spans (the last 500 are kept)", "12 of 100 spans match" — the number
     * kept is the store's, never how many happen to be there now.
     */
    private String counted(int shown, int recorded, boolean unfiltered) {
        String kept = "the last " + recent.capacity() + " are kept";
        if (unfiltered) {
            return (recorded == 1 ? "1 span" : recorded + " spans") + " (" + kept + ")";
        }
        return shown + " of " + recorded + (recorded == 1 ? " span" : " spans") + " match (" + kept + ")";
    }

    private SpanRow row(RecentSpans.Record r) {
        String attributes = r.attributes().entrySet().stream()
                .map(e -> e.getKey().replaceFirst("^brainconsole\\.", "") + "=" + e.getValue())
                .collect(Collectors.joining("  "))
                + (r.events().isEmpty() ? "" : "  events: " + String.join(", ", r.events()));
        // a clock of spans ("21:47:03.512", read against each other to the millisecond), not a moment: the one time in
        // the window not written "2026-11-26 21:47" — in the same zone as every other (Moments.spanClock)
        return new SpanRow(moments.spanClock(Instant.ofEpochMilli(r.startMillis())), r.name(),
                String.format("%.1f ms", r.durationMillis()), r.status(), attributes);
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public ObservableList<SpanRow> rows() {
        return rowsView;
    }

    /** What the table says when it shows no row: no span yet, or none matching the filter. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
