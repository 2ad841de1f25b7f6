package viewmodels.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A job's run says how long it took once, readably: a sync of 509 ms is not "0 min · … (509 ms)". */
class RunDurationWordsTest {

    @Test
    void aRunTookMillisecondsSecondsOrMinutes() {
        assertThat(JobsViewModel.took(509)).isEqualTo("509 ms");
        assertThat(JobsViewModel.took(2_480)).isEqualTo("2.5 s");
        assertThat(JobsViewModel.took(180_000)).isEqualTo("3 min");
    }
}
