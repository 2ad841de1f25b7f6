package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.caps.CapFixture;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The Review detail's capped-file section: the trade side by side, the refusal in words, the stale items. */
class CapTradeViewModelTest {

    @TempDir
    Path tmp;

    private ReviewViewModel vm;

    @BeforeEach
    void setUp() {
        Workspace ws = CapFixture.seed(Fixtures.demo(tmp).dir());
        vm = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), new SynchronousTaskRunner(), "joel", false);
        vm.refresh();
    }

    @Test
    void aTradeShowsTheItemOutAndTheItemIn() {
        vm.select("cap-trade");

        CapTradeViewModel cap = vm.capTrade();
        assertThat(cap.shownProperty().get()).isTrue();
        assertThat(cap.tradeProperty().get()).isTrue();
        assertThat(cap.outProperty().get()).isEqualTo(CapFixture.OLD);
        assertThat(cap.inProperty().get()).isEqualTo("New");
        assertThat(cap.refusalProperty().get()).isEmpty();
        assertThat(cap.captionProperty().get()).isEqualTo("Capped file: SOUL.md › Principles (at most 2) — 2 items "
                + "now, 2 after");
        assertThat(cap.staleProperty().get()).contains("Stale: " + CapFixture.OLD).contains("never removed");
        assertThat(vm.detail().approvableProperty().get()).isTrue();
    }

    @Test
    void anAdditionAtTheCapIsRefusedInWordsAndCannotBeApproved() {
        vm.select("cap-add");

        CapTradeViewModel cap = vm.capTrade();
        assertThat(cap.tradeProperty().get()).isFalse();
        assertThat(cap.refusalProperty().get()).startsWith("Refused: SOUL.md under 'Principles' is at its cap of 2");
        assertThat(vm.detail().problemProperty().get()).contains("at its cap of 2");
        assertThat(vm.detail().approvableProperty().get()).isFalse();
    }

    @Test
    void aProposalOnAnotherFileHidesTheSection() {
        vm.select("cap-trade");
        String other = vm.rows().stream().map(QueueRow::id).filter(id -> !id.startsWith("cap-")).findFirst()
                .orElseThrow();
        vm.select(other);

        assertThat(vm.capTrade().shownProperty().get()).isFalse();
        assertThat(vm.capTrade().outProperty().get()).isEmpty();
    }
}
