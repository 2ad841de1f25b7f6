package viewmodels.notes;

import java.util.Arrays;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import services.notes.TurnNoteRefused;
import services.notes.TurnNoteRequest;
import services.notes.TurnNotes;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The knowledge note form: a turn-level write by hand, with the contract's validation (formats.md part 7). A
 * refusal says why in words, with the contract's reason code after it, and keeps what was typed; source, agent,
 * session and turn are required, as in the running system's {@code knowledge note}.
 */
public final class NoteViewModel {

    public static final List<String> SKIP_CHOICES = List.of("", "routine-heartbeat", "duplicate-signal",
            "no-new-information");

    private final TurnNotes notes;
    private final TaskRunner runner;
    private final boolean readOnly;
    private final StringProperty source = new SimpleStringProperty("console");
    private final StringProperty agent = new SimpleStringProperty("");
    private final StringProperty channel = new SimpleStringProperty("");
    private final StringProperty session = new SimpleStringProperty("");
    private final StringProperty turn = new SimpleStringProperty("1");
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty decision = new SimpleStringProperty("");
    private final StringProperty evidence = new SimpleStringProperty("");
    private final StringProperty usefulness = new SimpleStringProperty("");
    private final StringProperty tools = new SimpleStringProperty("");
    private final StringProperty skipReason = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper result = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper refused = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper unsaved = new ReadOnlyBooleanWrapper(false);

    public NoteViewModel(TurnNotes notes, TaskRunner runner, boolean readOnly) {
        this.notes = notes;
        this.runner = runner;
        this.readOnly = readOnly;
        unsaved.bind(Bindings.createBooleanBinding(() -> !readOnly && (!summary.get().isBlank()
                || !decision.get().isBlank() || !evidence.get().isBlank()), summary, decision, evidence));
    }

    /**
     * Whether the note holds typed text not written yet (its summary, decision or evidence): closing the window asks
     * first, like Settings' unsaved form.
     */
    public ReadOnlyBooleanProperty unsavedProperty() {
        return unsaved.getReadOnlyProperty();
    }

    /**
     * Save, asked when the window closes with typed text: writes the note (in the background) and answers false, so
     * the window stays on the note and its result — written, or why not — before the user closes again.
     */
    public boolean saveBeforeLeaving() {
        submit();
        return false;
    }

    public void submit() {
        if (readOnly) {
            show(true, "This workspace is read-only: notes are disabled.");
            return;
        }
        Integer number;
        try {
            number = turn.get().isBlank() ? null : Integer.valueOf(turn.get().strip());
        } catch (NumberFormatException e) {
            show(true, "turn: \"" + turn.get() + "\" is not a whole number");
            return;
        }
        TurnNoteRequest request = new TurnNoteRequest(source.get(), agent.get(), channel.get(), session.get(), number,
                null, summary.get(), decision.get(), list(evidence.get()), list(usefulness.get()), skipReason.get(), null,
                null, null, null, null, list(tools.get()), null);
        runner.submit("Writing a knowledge note", progress -> notes.writeByHand(request), TaskCallbacks.of(out -> {
            if ("written".equals(out.status())) {
                show(false, "Written: " + out.doc().id() + " (" + out.doc().title() + ")");
                summary.set("");
                decision.set("");
                evidence.set("");
                turn.set(number == null ? "1" : Integer.toString(number + 1));
            } else {
                show(false, "Skipped (" + out.skipReason() + "): " + out.turnId() + " — recorded, nothing written.");
            }
        }, error -> show(true, error instanceof TurnNoteRefused r
                ? "Not written: " + r.reason() + " (" + r.code() + ")" : error.getMessage())));
    }

    private void show(boolean isRefusal, String text) {
        refused.set(isRefusal);
        result.set(text);
    }

    /** Items separated by commas or new lines. */
    static List<String> list(String text) {
        return text == null || text.isBlank() ? List.of()
                : Arrays.stream(text.split("[,\\n]")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    public StringProperty sourceProperty() {
        return source;
    }

    public StringProperty agentProperty() {
        return agent;
    }

    public StringProperty channelProperty() {
        return channel;
    }

    public StringProperty sessionProperty() {
        return session;
    }

    public StringProperty turnProperty() {
        return turn;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public StringProperty decisionProperty() {
        return decision;
    }

    public StringProperty evidenceProperty() {
        return evidence;
    }

    public StringProperty usefulnessProperty() {
        return usefulness;
    }

    public StringProperty toolsProperty() {
        return tools;
    }

    public StringProperty skipReasonProperty() {
        return skipReason;
    }

    public ReadOnlyStringProperty resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty refusedProperty() {
        return refused.getReadOnlyProperty();
    }
}
