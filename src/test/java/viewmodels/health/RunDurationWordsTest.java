package viewmodels.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import services.scheduler.JobRun;

/** A job's run says how long it took once, readably: a sync of 509 ms is not "0 min · … (509 ms)". */
class RunDurationWordsTest {

    @Test
    void aRunTookMillisecondsSecondsOrMinutes() {
        assertThat(JobsViewModel.took(509)).isEqualTo("509 ms");
        assertThat(JobsViewModel.took(2_480)).isEqualTo("2.5 s");
        assertThat(JobsViewModel.took(180_000)).isEqualTo("3 min");
    }

    /** Health's jobs said "SKIPPED · 2026-…" where the findings' badges say "Warning": words, not the enum's code. */
    @Test
    void aRunEndsInWordsNotCodes() {
        assertThat(JobsViewModel.words(JobRun.Status.SKIPPED)).isEqualTo("Skipped");
        assertThat(JobsViewModel.words(JobRun.Status.WARNING)).isEqualTo("Warning");
        assertThat(JobsViewModel.words(JobRun.Status.OK)).isEqualTo("OK");
        for (JobRun.Status s : JobRun.Status.values()) {
            assertThat(JobsViewModel.words(s)).as(s.name()).isNotEqualTo(s.name().equals("OK") ? "" : s.name());
        }
    }
}
