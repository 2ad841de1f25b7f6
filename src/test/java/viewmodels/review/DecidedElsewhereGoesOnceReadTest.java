package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Issue 37 walk: "1 proposal was decided elsewhere…" showed for over five minutes, across sections. It goes once
 * read: when the user leaves Review (docs/design.md, Messages).
 */
class DecidedElsewhereGoesOnceReadTest {

    @TempDir
    Path tmp;

    @Test
    void leavingTheSectionReadsTheMessageAndANewDecisionElsewhereSaysOnlyItself() {
        Workspace ws = Fixtures.demo(tmp);
        ReviewService service = new ReviewService(ws, Fixtures.CLOCK);
        ReviewViewModel here = new ReviewViewModel(service, new SynchronousTaskRunner(), "joel", false);
        here.refresh();
        here.select("dream-2026-11-20-02");
        service.approve("dream-2026-11-20-01", "sam", null);
        here.refresh();
        assertThat(here.messageProperty().get()).startsWith("1 proposal was decided elsewhere meanwhile");

        here.messagesRead(); // the user went to another section
        assertThat(here.messageProperty().get()).isEmpty();
        here.refresh(); // nothing new: nothing said again
        assertThat(here.messageProperty().get()).isEmpty();

        service.approve("sp-2026-11-18-loop-nanny-01", "sam", null);
        here.refresh();
        assertThat(here.messageProperty().get()).startsWith("1 proposal was decided elsewhere meanwhile")
                .contains("sp-2026-11-18-loop-nanny-01").doesNotContain("dream-2026-11-20-01");
    }
}
