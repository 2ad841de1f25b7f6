package services.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import services.watchdog.Finding;
import services.watchdog.Severity;
import services.watchdog.WatchdogLog;

/** Issue 36 item 1 in the Inbox: a blind watchdog run is said as such, urgent, and never called a stale source. */
class BlindFindingItemTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    private static List<InboxItem> items(Finding... findings) {
        List<InboxItem> out = new ArrayList<>();
        InboxService.findings(out, new WatchdogLog.Entry(AT, false, List.of(findings), List.of()), AT.plusSeconds(600));
        return out;
    }

    @Test
    void aBlindRunIsABlindWatchdogItemAsUrgentAsAnError() {
        Finding blind = Finding.of("otel-events", Severity.WARNING, "Blind: ClickHouse http://localhost:8123 does not "
                + "answer. No source of events is read, so this run cannot say the system is healthy",
                Map.of("blind", true));
        Finding stale = Finding.of("staleness", Severity.WARNING, "system_knowledge stale: newest document 50 h ago",
                Map.of());
        assertThat(items(blind, stale)).satisfiesExactly(
                i -> {
                    assertThat(i.kind()).isEqualTo(InboxItem.Kind.BLIND);
                    assertThat(i.kind().words()).isEqualTo("blind watchdog");
                    assertThat(i.what()).startsWith("Blind: ClickHouse");
                    assertThat(i.rank()).isLessThanOrEqualTo(2);
                    assertThat(i.section()).isEqualTo("health");
                },
                i -> {
                    assertThat(i.kind()).isEqualTo(InboxItem.Kind.SOURCE);
                    assertThat(i.rank()).isEqualTo(6);
                });
    }
}
