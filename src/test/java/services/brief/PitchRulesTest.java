package services.brief;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The running system's pitch rules on pitch histories of every shape the writers leave. */
class PitchRulesTest {

    private static final Instant NOW = Instant.parse("2026-11-01T10:00:00Z");

    private static LoopState.Pitch p(String adr, String at, String response) {
        return new LoopState.Pitch(adr, at, response);
    }

    @Test
    void anyPendingEntryRefusesWhereverItIs() {
        PitchRules.Verdict v = PitchRules.check(List.of(p("0186", "2026-10-20T08:00:00.000Z", "pending"),
                p("0187", "2026-10-21T08:00:00.000Z", "approved")), NOW, null);
        assertThat(v.refusals()).singleElement().asString().startsWith("pending pitch: ADR-0186");
    }

    @Test
    void theDailyCapCountsUtcDaysAndTheBackoffUsesTheLastRejection() {
        PitchRules.Verdict cap = PitchRules.check(List.of(p("0001", "2026-11-01T00:00:00.000Z", "approved"),
                p("0002", "2026-11-01T01:00:00+00:00", "approved"), p("0003", "2026-11-01T02:00:00", "approved")),
                NOW, null);
        assertThat(cap.refusals()).singleElement().asString().startsWith("daily cap: 3 pitches today");
        PitchRules.Verdict backoff = PitchRules.check(List.of(p("0009", "2026-11-01T09:00:00.000Z", "rejected"),
                p("0008", "2026-10-01T09:00:00.000Z", "rejected")), NOW, null);
        assertThat(backoff.refusals()).isEmpty(); // the last rejection in the list is a month old
        PitchRules.Verdict recent = PitchRules.check(List.of(p("0008", "2026-10-01T09:00:00.000Z", "rejected"),
                p("0009", "2026-11-01T09:00:00.000Z", "rejected")), NOW, null);
        assertThat(recent.refusals()).singleElement().asString()
                .isEqualTo("rejection backoff: ADR-0009 was rejected (pitched 1 h ago) — no pitch within 4 h of a "
                        + "rejection; next after 2026-11-01T13:00:00Z");
    }

    @Test
    void rejectedAdrsAreBlockedSevenDaysAndRefuseOnlyWhenNoCandidateIsLeft() {
        List<LoopState.Pitch> history = List.of(p("0075", "2026-10-30T10:00:00.000Z", "rejected"),
                p("0080", "2026-10-20T10:00:00.000Z", "rejected"));
        PitchRules.Verdict some = PitchRules.check(history, NOW, Set.of("0075", "0096"));
        assertTrue(some.allowed());
        assertEquals(Set.of("0075"), some.blockedAdrs().keySet());
        assertEquals(Instant.parse("2026-11-06T10:00:00Z"), some.blockedAdrs().get("0075"));
        assertThat(PitchRules.check(history, NOW, Set.of("0075")).refusals()).singleElement().asString()
                .startsWith("rejected ADRs: every pitchable ADR (0075)");
    }

    @Test
    void unreadableTimesAreNamedAndNumbersPadded() {
        PitchRules.Verdict v = PitchRules.check(List.of(p("0001", "yesterday", "approved")), NOW, null);
        assertThat(v.notes()).singleElement().asString().startsWith("pitch history entry 1 (ADR-0001) has no readable");
        assertEquals(Instant.parse("2026-11-01T00:00:00Z"), PitchRules.parse("2026-11-01"));
        assertEquals("0186", RedisLoopState.pad("186"));
        assertEquals("0186", RedisLoopState.pad("ADR-0186"));
        assertEquals("0205", RedisLoopState.pad("205"));
    }

    @Test
    void aPitchTimeOutOfRangeIsNamedAndHoldsNoPitchBack() {
        for (String at : List.of("9999-12-31T00:00:00Z", "1970-01-01T00:00:00Z", "2030-01-01T00:00:00Z")) {
            PitchRules.Verdict v = PitchRules.check(List.of(p("0007", at, "rejected")), NOW, null);
            assertThat(v.notes()).as(at).singleElement().asString()
                    .startsWith("pitch history entry 1 (ADR-0007) of adr:pitch:history has an implausible pitched_at");
            assertThat(v.refusals()).as("a rejection at %s backs off no pitch", at).isEmpty();
        }
    }
}
