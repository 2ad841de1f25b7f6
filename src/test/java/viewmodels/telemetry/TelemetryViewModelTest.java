package viewmodels.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import services.telemetry.RecentSpans;
import services.telemetry.Telemetry;

/** The empty table says why it is empty: no span recorded yet, or none matching the filter. */
class TelemetryViewModelTest {

    @Test
    void anEmptyListSaysNoSpansYet() {
        TelemetryViewModel vm = new TelemetryViewModel(new RecentSpans(10), null, ZoneOffset.UTC);
        vm.refresh();
        assertThat(vm.placeholderProperty().get()).isEqualTo(TelemetryViewModel.NO_SPANS);
        vm.filterProperty().set("review");
        assertThat(vm.placeholderProperty().get()).isEqualTo(TelemetryViewModel.NO_SPANS);
    }

    @Test
    void spansFilteredOutAreNamedByTheFilter() {
        RecentSpans recent = new RecentSpans(10);
        try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(recent)).build()).build()) {
            Telemetry t = new Telemetry(sdk);
            for (String name : List.of("sync", "search")) {
                t.span(name, Attributes.empty(), s -> 1);
            }
            TelemetryViewModel vm = new TelemetryViewModel(recent, null, ZoneOffset.UTC);
            vm.refresh();
            assertThat(vm.rows()).hasSize(2);
            vm.filterProperty().set("  review ");
            assertThat(vm.rows()).isEmpty();
            assertThat(vm.summaryProperty().get()).startsWith("0 of 2 spans match (the last 10 are kept)");
            assertThat(vm.placeholderProperty().get()).isEqualTo("No span matches \"review\".");
            vm.filterProperty().set("sync");
            assertThat(vm.rows()).hasSize(1);
            vm.filterProperty().set("");
            assertThat(vm.placeholderProperty().get()).isEqualTo(TelemetryViewModel.NO_SPANS);
        }
    }

    /**
     * "100 of the last 100 spans" read as if only 100 were kept: the line says how many there are and how many the
     * console keeps (its store's capacity, the README's "last 500"), whatever happens to be there now.
     */
    @Test
    void theSummarySaysHowManySpansAreKept() {
        RecentSpans recent = new RecentSpans(500);
        try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(recent)).build()).build()) {
            Telemetry t = new Telemetry(sdk);
            for (int i = 0; i < 100; i++) {
                t.span(i % 2 == 0 ? "search" : "sync", Attributes.empty(), s -> 1);
            }
            TelemetryViewModel vm = new TelemetryViewModel(recent, null, ZoneOffset.UTC);
            vm.refresh();
            assertThat(vm.summaryProperty().get()).startsWith("100 spans (the last 500 are kept) · not exported");
            vm.filterProperty().set("sync");
            assertThat(vm.summaryProperty().get()).startsWith("50 of 100 spans match (the last 500 are kept)");
        }
    }
}
