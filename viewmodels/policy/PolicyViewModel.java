package viewmodels.policy;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.policy.Policy;
import services.policy.PolicyService;
import services.policy.PolicySimulation;
import services.policy.SupervisedApprovals;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;
import viewmodels.inbox.OpenAt;
import viewmodels.shell.TypedReason;

/**
 * The trust dial in Settings: a level per risk and per kind (empty: the risk decides), protected paths, the days a
 * supervised approval may wait, the kill switch, and the approvals to confirm. Saving a changed dial first shows
 * which of the last 30 days' decisions would have gone differently; a second Save stores it with the reason.
 */
public final class PolicyViewModel {

    private final PolicyService service;
    private final TaskRunner runner;
    private final String person;
    private final Moments moments;
    private final DialFields fields = new DialFields();
    private final StringProperty why = new SimpleStringProperty("");
    private final TypedReason typed = new TypedReason(why);
    private final ReadOnlyBooleanWrapper frozen = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper versionLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper messageIsProblem =
            new ReadOnlyBooleanWrapper(false);
    private final ObservableList<String> wouldHave = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper wouldHaveEmpty = new ReadOnlyStringWrapper(NOT_PREVIEWED);
    private final ObservableList<String> toConfirm = FXCollections.observableArrayList();
    private final OpenAt openAt = new OpenAt();
    private final List<String> toConfirmIds = new ArrayList<>();
    private Policy previewed;

    static final String NOT_PREVIEWED = "Change the dial and press Preview / save trust dial: the decisions of the last"
            + " 30 days it would have turned the other way show here.";

    /**
     * @param zone  the zone the approvals' deadlines are shown in (the window's)
     * @param clock what "in 7 d" / "2 h ago" beside a deadline count from
     */
    public PolicyViewModel(PolicyService service, TaskRunner runner, String person, ZoneId zone, Clock clock) {
        this.service = service;
        this.runner = runner;
        this.person = person;
        this.moments = new Moments(clock.withZone(zone));
        fields.days().addListener((obs, was, typed) -> { // said as it is typed, as a connection field's message is
            if (!DialFields.validDays(typed)) {
                problem(DialFields.DAYS_PROBLEM);
            } else if (DialFields.DAYS_PROBLEM.equals(message.get())) {
                say("", false);
            }
        });
    }

    /** Reads the dial and the approvals to confirm. */
    public void load() {
        runner.submit("Reading the trust dial", progress -> Map.entry(service.policy(), service.toConfirm()),
                TaskCallbacks.of(read -> {
                    show(read.getKey().policy());
                    say(read.getKey().problem() == null ? "" : read.getKey().problem(), read.getKey().problem() != null);
                    toConfirmIds.clear();
                    toConfirm.setAll(read.getValue().stream().map(p -> {
                        toConfirmIds.add(p.id());
                        return toConfirmLine(p);
                    }).toList());
                }, error -> problem("Could not read the trust dial: " + error.getMessage())));
    }

    /** "id — target · reverted after 2026-12-03 18:28 (in 7 d) unless confirmed", the time in the window's zone. */
    private String toConfirmLine(SupervisedApprovals.Pending p) {
        return p.id() + " — " + p.target() + " · reverted after " + moments.momentAndDistance(p.due())
                + " unless confirmed";
    }

    private void show(Policy p) {
        fields.show(p);
        frozen.set(p.frozen());
        versionLine.set("version " + p.version() + (p.frozen() ? " · FROZEN" : ""));
        previewed = null;
    }

    /** The dial as the fields say, or null with the message naming the field that is wrong. */
    Policy candidate() {
        return fields.candidate(frozen.get(), this::problem);
    }

    /** Shows which of the last 30 days' decisions the dial in the fields would have turned the other way. */
    public void preview() {
        Policy c = candidate();
        if (c == null) {
            return;
        }
        runner.submit("Simulating the trust dial", progress -> service.simulate(c, 30), TaskCallbacks.of(rows -> {
            previewed = c;
            List<PolicySimulation.Row> differ = rows.stream().filter(PolicySimulation.Row::differs).toList();
            wouldHaveEmpty.set("None of the last 30 days' " + rows.size() + " decisions would have gone differently"
                    + " with this dial.");
            wouldHave.setAll(differ.stream().map(r -> r.id() + " (" + kindWords(r.kind()) + ", risk " + r.risk() + "): " + r.note()
                    + " — " + r.actual() + " → " + r.would()).toList());
            say(rows.size() + " decisions in the last 30 days; " + differ.size() + " would have gone differently."
                    + " Save again to store the dial.", false);
        }, error -> problem("Could not simulate: " + error.getMessage())));
    }

    /** The first Save of a changed dial previews it; the next stores it with the reason. */
    public void save() {
        Policy c = candidate();
        if (c == null) {
            return;
        }
        if (!c.equals(previewed)) {
            preview();
            return;
        }
        String reason = why.get();
        runner.submit("Saving the trust dial", progress -> service.set(c, person, reason), TaskCallbacks.of(saved -> {
            typed.used(reason);
            show(saved);
            say("Saved the trust dial (" + saved.version() + ").", false);
        }, error -> problem(error.getMessage())));
    }

    /** The kill switch, or lifting it; both need a reason. */
    public void setFrozen(boolean freeze) {
        String reason = why.get();
        runner.submit(freeze ? "Freezing the trust dial" : "Lifting the freeze", progress -> freeze
                ? service.freeze(person, reason) : service.unfreeze(person, reason), TaskCallbacks.of(saved -> {
                    typed.used(reason);
                    show(saved);
                    say(freeze ? "Frozen: every proposal waits for a person." : "The freeze is lifted.", false);
                }, error -> problem(error.getMessage())));
    }

    /** Confirms the supervised approval at {@code index} of {@link #toConfirm()}. */
    public void confirm(int index) {
        if (index < 0 || index >= toConfirmIds.size()) {
            return;
        }
        String id = toConfirmIds.get(index);
        runner.submit("Confirming " + id, progress -> {
            service.confirm(id, person);
            return id;
        }, TaskCallbacks.of(done -> {
            say("Confirmed " + done + ".", false);
            load();
        }, error -> problem(error.getMessage())));
    }

    /** The risk classes and the kinds the dial has a level for, in the order shown. */
    public List<String> risks() {
        return Policy.RISKS;
    }

    public List<String> kinds() {
        return Policy.KIND_KEYS;
    }

    public StringProperty riskProperty(String riskClass) {
        return fields.risk(riskClass);
    }

    /** A kind's name as every screen says it: "SOUL amendment", "new rule", "skill update · additive". */
    public String kindWords(String kind) {
        return DialFields.kindWords(kind);
    }

    public StringProperty kindProperty(String kind) {
        return fields.kind(kind);
    }

    public StringProperty protectedPathsProperty() {
        return fields.protectedPaths();
    }

    public StringProperty daysProperty() {
        return fields.days();
    }

    public StringProperty whyProperty() {
        return why;
    }

    /** A reason typed and not yet used by a save or a freeze: closing the window asks first. */
    public ReadOnlyBooleanProperty reasonTypedProperty() {
        return typed.pendingProperty();
    }

    public ReadOnlyBooleanProperty frozenProperty() {
        return frozen.getReadOnlyProperty();
    }

    /** The dial's fingerprint, named: "version 09ba98b0ed15", with " · FROZEN" while the kill switch is on. */
    public ReadOnlyStringProperty versionLineProperty() {
        return versionLine.getReadOnlyProperty();
    }

    /** Whether the message says what is wrong (a field, a refusal) rather than what was done: shown in red. */
    public ReadOnlyBooleanProperty messageIsProblemProperty() {
        return messageIsProblem.getReadOnlyProperty();
    }

    private void say(String text, boolean isProblem) {
        messageIsProblem.set(isProblem);
        message.set(text);
    }

    private void problem(String text) {
        say(text, true);
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** What the would-have table says while it is empty: not previewed yet, or nothing would have differed. */
    public ReadOnlyStringProperty wouldHaveEmptyProperty() {
        return wouldHaveEmpty.getReadOnlyProperty();
    }

    public ObservableList<String> wouldHave() {
        return FXCollections.unmodifiableObservableList(wouldHave);
    }

    /** The inbox's Enter on a supervised approval: that approval is selected in the list to confirm. */
    public void open(String proposalId) {
        openAt.open(proposalId);
    }

    /** Where the inbox asked this panel to open; a line of {@link #toConfirm()} is keyed by {@link #idOf}. */
    public OpenAt openAt() {
        return openAt;
    }

    /** The proposal a line of {@link #toConfirm()} names. */
    public static String idOf(String toConfirmLine) {
        return toConfirmLine.split(" — ", 2)[0];
    }

    public ObservableList<String> toConfirm() {
        return FXCollections.unmodifiableObservableList(toConfirm);
    }
}
