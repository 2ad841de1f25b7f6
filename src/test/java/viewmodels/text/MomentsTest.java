package viewmodels.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** One way of writing a moment in the window, in the zone it is given (here fixed, so the test reads the same anywhere). */
class MomentsTest {

    private static final Instant NOW = Instant.parse("2026-11-26T20:47:00Z");
    private final Moments berlin = new Moments(Clock.fixed(NOW, ZoneId.of("Europe/Berlin")));

    @Test
    void aMomentIsItsDayAndMinuteInTheGivenZone() {
        assertThat(berlin.moment(NOW)).isEqualTo("2026-11-26 21:47");
        assertThat(Moments.in(ZoneOffset.UTC).moment(NOW)).isEqualTo("2026-11-26 20:47");
        assertThat(berlin.day(NOW)).isEqualTo("2026-11-26");
        assertThat(berlin.day(Instant.parse("2026-11-26T23:30:00Z"))).as("past midnight in Berlin").isEqualTo("2026-11-27");
        assertThat(berlin.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    }

    @Test
    void anIsoInstantInTextIsWrittenTheSameWayAndAnythingElseAsItIs() {
        assertThat(berlin.moment("2026-11-20T03:00:00Z")).isEqualTo("2026-11-20 04:00");
        assertThat(berlin.moment("2026-11-20T03:00:00.123456Z")).isEqualTo("2026-11-20 04:00");
        assertThat(berlin.moment("2026-11-20T05:00:00+02:00")).as("an offset is read").isEqualTo("2026-11-20 04:00");
        assertThat(berlin.day("2026-11-20T23:10:00Z")).isEqualTo("2026-11-21");
        assertThat(berlin.moment("yesterday")).isEqualTo("yesterday");
        assertThat(berlin.moment("2026-11-20")).as("a day is not a moment").isEqualTo("2026-11-20");
        assertThat(berlin.moment((String) null)).isEmpty();
        assertThat(berlin.day("never")).isEqualTo("never");
    }

    @Test
    void everyIsoInstantInAServicesTextIsWrittenAsAMoment() {
        assertThat(berlin.within("Approved by policy:supervised at 2026-11-01T10:00:00Z in 1a2b3c4d5e; pitched "
                + "2026-11-02T08:15:30.5+01:00, not 2026-11-03 or ADR-2026-11-04T1"))
                .isEqualTo("Approved by policy:supervised at 2026-11-01 11:00 in 1a2b3c4d5e; pitched 2026-11-02 08:15, "
                        + "not 2026-11-03 or ADR-2026-11-04T1");
        assertThat(berlin.within("no time here $1 \\")).isEqualTo("no time here $1 \\");
    }

    @Test
    void theDistanceFromNowIsSaidBesideAMomentWhereItMatters() {
        assertThat(berlin.momentAndDistance(NOW.plus(Duration.ofHours(3)))).isEqualTo("2026-11-27 00:47 (in 3 h)");
        assertThat(berlin.momentAndDistance(NOW.minus(Duration.ofHours(2)))).isEqualTo("2026-11-26 19:47 (2 h ago)");
        assertThat(berlin.distance(NOW.plusSeconds(30))).isEqualTo("now");
        assertThat(berlin.distance(NOW.plus(Duration.ofDays(7)).minusSeconds(120)))
                .as("a deadline 6 d 23 h 58 min away is the 7 days it was set to").isEqualTo("in 7 d");
    }

    @Test
    void theSpanClockIsTheTimeOfDayToTheMillisecondInTheSameZone() {
        assertThat(berlin.spanClock(Instant.parse("2026-11-26T20:47:03.512Z"))).isEqualTo("21:47:03.512");
    }
}
