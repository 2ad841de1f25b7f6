package viewmodels.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import services.inbox.Inbox;
import services.inbox.InboxItem;
import services.inbox.InboxItem.Kind;
import services.tasks.SynchronousTaskRunner;

/** The inbox's view model, plain JUnit: rows in the service's order, one calm sentence, Enter opens, counts. */
class InboxViewModelTest {

    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

    private final List<String> opened = new ArrayList<>();
    private final AtomicReference<Map<String, Integer>> counts = new AtomicReference<>();
    private final AtomicReference<Inbox> next = new AtomicReference<>(new Inbox(NOW, List.of()));
    private final InboxViewModel vm = new InboxViewModel(next::get, new SynchronousTaskRunner(),
            (section, subject) -> opened.add(section + ":" + subject), counts::set);

    private static InboxItem item(Kind kind, String what, String section, String subject, int rank, Instant since) {
        return new InboxItem(kind, what, "because", since, null, section, subject, rank);
    }

    @Test
    void nothingWaitingIsOneCalmLine() {
        assertThat(vm.stateProperty().get()).isEqualTo(InboxViewModel.LOADING);
        vm.refresh();
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.stateProperty().get()).isEqualTo("Nothing needs you.");
        assertThat(vm.summaryProperty().get()).isEmpty();
        assertThat(counts.get()).containsEntry("inbox", 0);
        vm.openSelected(); // nothing to open: nothing happens
        assertThat(opened).isEmpty();
    }

    @Test
    void rowsInWordsWithAgeToneAndEnterOpensWhereItIsActedOn() {
        next.set(new Inbox(NOW, List.of(
                item(Kind.INTERRUPTED, "Finish clearing a/S1", "failed", "a/S1", 0, NOW.minusSeconds(30)),
                item(Kind.PROPOSAL, "SOUL amendment of SOUL.md", "review", "dream-1", 3, NOW.minusSeconds(3 * 86_400)),
                item(Kind.FAILED_TARGET, "Failed target b/S2", "failed", "b/S2", 10, null))));
        vm.refresh();
        assertThat(vm.rows()).extracting(InboxRow::kindWords)
                .containsExactly("interrupted operation", "proposal", "failed target");
        assertThat(vm.rows()).extracting(InboxRow::age).containsExactly("now", "3 d", "");
        assertThat(vm.rows()).extracting(InboxRow::tone).containsExactly("danger", "warning", "accent");
        assertThat(vm.stateProperty().get()).isEmpty();
        assertThat(vm.summaryProperty().get()).isEqualTo("3 things need you");
        assertThat(counts.get()).containsEntry("failed", 2).containsEntry("review", 1).containsEntry("inbox", 3);

        assertThat(vm.selectedProperty().get()).isZero();
        vm.selectNext();
        vm.openSelected();
        assertThat(opened).containsExactly("review:dream-1");
        vm.selectNext();
        vm.selectNext(); // past the end: stays on the last
        assertThat(vm.selectedProperty().get()).isEqualTo(2);
        vm.selectPrevious();
        assertThat(vm.selectedProperty().get()).isEqualTo(1);
    }

    @Test
    void aDoneItemLeavesAndTheSelectionStaysOnWhatWasSelected() {
        InboxItem a = item(Kind.PROPOSAL, "A", "review", "a", 3, NOW);
        InboxItem b = item(Kind.PROPOSAL, "B", "review", "b", 4, NOW);
        InboxItem c = item(Kind.PROPOSAL, "C", "review", "c", 5, NOW);
        next.set(new Inbox(NOW, List.of(a, b, c)));
        vm.refresh();
        vm.select(2);
        next.set(new Inbox(NOW, List.of(b, c))); // a was decided elsewhere
        vm.refresh();
        assertThat(vm.rows()).extracting(InboxRow::what).containsExactly("B", "C");
        assertThat(vm.rows().get(vm.selectedProperty().get()).what()).isEqualTo("C");
        assertThat(counts.get()).containsEntry("review", 2);
    }

    @Test
    void aFailedReadSaysWhyAndKeepsWhatWasShown() {
        next.set(new Inbox(NOW, List.of(item(Kind.PROPOSAL, "A", "review", "a", 3, NOW))));
        vm.refresh();
        InboxViewModel broken = new InboxViewModel(() -> {
            throw new IllegalStateException("the state folder cannot be read");
        }, new SynchronousTaskRunner(), (s, x) -> { }, m -> { });
        broken.refresh();
        assertThat(broken.failedProperty().get()).isTrue();
        assertThat(broken.stateProperty().get()).isEqualTo("Could not read what needs you: the state folder cannot be read");
    }
}
