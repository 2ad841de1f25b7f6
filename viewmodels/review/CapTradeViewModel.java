package viewmodels.review;

import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.review.caps.CapReview;
import services.review.caps.CapVerdict;
import services.review.ReviewService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The detail pane's "Capped file" section: for a proposal on a file with a cap, the count, the trade side by side
 * (item out | item in) or why it is refused, and the file's stale items (flagged, never removed). Hidden for any
 * other proposal. Computed in the background (the stale items read git history).
 */
public final class CapTradeViewModel {

    private final TaskRunner runner;
    private final Function<ReviewService.Item, Optional<CapReview>> caps;
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper trade = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper out = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper in = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper refusal = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper stale = new ReadOnlyStringWrapper("");
    private long asked;

    /** @param caps what a proposal does to a capped file (null: the section is never shown) */
    public CapTradeViewModel(TaskRunner runner, Function<ReviewService.Item, Optional<CapReview>> caps) {
        this.runner = runner;
        this.caps = caps;
    }

    /** Shows the cap of {@code item}'s target, or hides the section (none selected, no cap, decided). */
    public void show(ReviewService.Item item) {
        long mine = ++asked;
        if (caps == null || item == null || item.change() == null) {
            set(Optional.empty());
            return;
        }
        runner.submit("Capped file", progress -> caps.apply(item), TaskCallbacks.of(review -> {
            if (mine == asked) {
                set(review);
            }
        }, failure -> {
            if (mine == asked) {
                set(Optional.empty());
            }
        }));
    }

    private void set(Optional<CapReview> review) {
        shown.set(review.isPresent());
        if (review.isEmpty()) {
            trade.set(false);
            caption.set("");
            out.set("");
            in.set("");
            refusal.set("");
            stale.set("");
            return;
        }
        CapVerdict v = review.get().verdict();
        caption.set("Capped file: " + v.rule().label() + " — " + v.before() + " items now, " + v.after() + " after");
        out.set(v.out() == null ? "" : v.out());
        in.set(v.in() == null ? "" : v.in());
        trade.set(v.trade());
        refusal.set(v.refused() ? "Refused: " + v.refusal() + "." : "");
        StringBuilder lines = new StringBuilder();
        review.get().stale().forEach(s -> lines.append(lines.length() == 0 ? "" : "\n").append("Stale: ")
                .append(s.text()).append(" — last validated ").append(s.validated()).append(s.source().equals("git")
                        ? " (its line's last commit)" : " (its validated: marker)"));
        stale.set(lines.length() == 0 ? "" : lines + "\nFlagged for review; never removed automatically.");
    }

    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** Whether the proposal trades an item out for an item in (the two columns are shown). */
    public ReadOnlyBooleanProperty tradeProperty() {
        return trade.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }

    /** The item displaced: its text as written. */
    public ReadOnlyStringProperty outProperty() {
        return out.getReadOnlyProperty();
    }

    /** The item added. */
    public ReadOnlyStringProperty inProperty() {
        return in.getReadOnlyProperty();
    }

    /** Why it cannot be approved, in words; "" when it can. */
    public ReadOnlyStringProperty refusalProperty() {
        return refusal.getReadOnlyProperty();
    }

    /** The stale items, a line each; "" when none. */
    public ReadOnlyStringProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }
}
