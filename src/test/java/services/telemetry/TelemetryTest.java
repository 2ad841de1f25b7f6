package services.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.review.ReviewException;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.vault.FileText;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The spans and attributes of a sync, a search and approvals, through the SDK's in-memory exporter. */
class TelemetryTest {

    @TempDir
    Path tmp;

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;
    private Telemetry telemetry;
    private Workspace ws;
    private LuceneKnowledgeIndex index;

    @BeforeEach
    void setUp() {
        sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
        telemetry = new Telemetry(sdk);
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
    }

    @AfterEach
    void tearDown() {
        index.close();
        sdk.close();
    }

    private SpanData span(String name) {
        return spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aSyncASearchAndAnApproveAreSpansWithTheirFigures() {
        new VaultSync(ws, index, Fixtures.CLOCK, FileText.DEFAULT_LIMIT, telemetry).run(SyncOptions.all(), ProgressSink.NONE);
        SpanData sync = span("sync");
        assertEquals(StatusCode.OK, sync.getStatus().getStatusCode());
        assertThat(sync.getAttributes().get(AttributeKey.longKey("brainconsole.indexed"))).isGreaterThan(100);
        assertEquals(7L, sync.getAttributes().get(AttributeKey.longKey("brainconsole.errors")));

        new TracedKnowledgeIndex(index, telemetry).search(KnowledgeQuery.text("idempotency", 5));
        assertThat(span("search").getAttributes().get(Telemetry.COUNT)).isPositive();

        ReviewService review = new ReviewService(ws, Fixtures.CLOCK, telemetry);
        ReviewService.Decision d = review.approve("sp-2026-11-18-loop-nanny-01", "joel", null);
        SpanData approve = span("proposal.approve");
        assertEquals("sp-2026-11-18-loop-nanny-01", approve.getAttributes().get(Telemetry.ID));
        assertEquals("approved", approve.getAttributes().get(Telemetry.OUTCOME));
        assertEquals(d.commit(), approve.getAttributes().get(AttributeKey.stringKey("brainconsole.commit")));
    }

    @Test
    void aRefusedApproveIsAnErrorSpanWithAnEvent() {
        ReviewService review = new ReviewService(ws, Fixtures.CLOCK, telemetry);
        assertThrows(ReviewException.class, () -> review.approve("sp-2026-11-14-gateway-ops-04", "joel", null));
        SpanData refused = span("proposal.approve");
        assertEquals(StatusCode.ERROR, refused.getStatus().getStatusCode());
        assertThat(refused.getEvents()).extracting(e -> e.getName()).containsExactly("refused or failed");
    }

    @Test
    void attributesCarryIdsAndCountsOnlyNeverTextOrSecrets() {
        new VaultSync(ws, index, Fixtures.CLOCK, FileText.DEFAULT_LIMIT, telemetry).run(SyncOptions.all(), ProgressSink.NONE);
        new ReviewService(ws, Fixtures.CLOCK, telemetry).reject("dream-2026-11-20-03", "joel", "password=s3cret is not a reason");
        Set<String> allowed = Set.of("brainconsole.id", "brainconsole.kind", "brainconsole.outcome", "brainconsole.count",
                "brainconsole.indexed", "brainconsole.unchanged", "brainconsole.deleted", "brainconsole.errors",
                "brainconsole.commit");
        for (SpanData s : spans.getFinishedSpanItems()) {
            Map<AttributeKey<?>, Object> attributes = s.getAttributes().asMap();
            assertThat(attributes.keySet()).extracting(AttributeKey::getKey).allMatch(allowed::contains);
            assertThat(attributes.values()).noneMatch(v -> String.valueOf(v).contains("s3cret"));
        }
    }

    @Test
    void recentSpansKeepTheNewestWithinTheirCapacity() {
        RecentSpans recent = new RecentSpans(2);
        OpenTelemetrySdk small = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(recent)).build()).build();
        Telemetry t = new Telemetry(small);
        for (String name : List.of("a", "b", "c")) {
            t.span(name, Attributes.empty(), s -> 1);
        }
        assertThat(recent.snapshot()).extracting(RecentSpans.Record::name).containsExactly("c", "b");
        small.close();
    }
}
