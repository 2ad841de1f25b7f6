package services.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How long ago (the largest whole unit) and how long until (to the nearest unit: a 7-day window is "7 d"). */
class HumanDurationTest {

    private static long ms(Duration d) {
        return d.toMillis();
    }

    @Test
    void agoIsTheLargestWholeUnit() {
        assertThat(HumanDuration.of(ms(Duration.ofDays(6).plusHours(23)))).isEqualTo("6 d");
        assertThat(HumanDuration.of(ms(Duration.ofMinutes(59)))).isEqualTo("59 min");
        assertThat(HumanDuration.of(-5)).isEqualTo("0 min");
    }

    @Test
    void untilIsToTheNearestUnit() {
        assertThat(HumanDuration.until(ms(Duration.ofDays(7).minusMinutes(3)))).isEqualTo("7 d");
        assertThat(HumanDuration.until(ms(Duration.ofDays(6).plusHours(11)))).isEqualTo("6 d");
        assertThat(HumanDuration.until(ms(Duration.ofHours(23).plusMinutes(40)))).isEqualTo("1 d");
        assertThat(HumanDuration.until(ms(Duration.ofHours(5).plusMinutes(29)))).isEqualTo("5 h");
        assertThat(HumanDuration.until(ms(Duration.ofMinutes(59).plusSeconds(50)))).isEqualTo("1 h");
        assertThat(HumanDuration.until(ms(Duration.ofMinutes(12).plusSeconds(20)))).isEqualTo("12 min");
        assertThat(HumanDuration.until(-1)).isEqualTo("0 min");
    }
}
