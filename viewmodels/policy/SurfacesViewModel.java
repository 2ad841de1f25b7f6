package viewmodels.policy;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
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
import services.policy.PolicyService;
import services.policy.Rung;
import services.policy.SupervisedApprovals;
import services.policy.SurfaceLadder;
import services.tasks.CoalescingTasks;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;
import viewmodels.shell.TypedReason;

/**
 * The promotion ladder in the trust dial's panel: each surface's rung and record, a sign-off for an eligible surface,
 * and the changes the dial applied, each of which a person may revert (one new commit; its surface is demoted).
 * Both actions need a reason and are refused in words when the service refuses them.
 */
public final class SurfacesViewModel {

    private final PolicyService service;
    private final TaskRunner runner;
    private final String person;
    private final Moments moments;
    private final ObservableList<String> surfaces = FXCollections.observableArrayList();
    private final List<SurfaceLadder.Record> records = new ArrayList<>();
    private final ObservableList<String> applied = FXCollections.observableArrayList();
    private final List<String> appliedIds = new ArrayList<>();
    private final StringProperty reason = new SimpleStringProperty("");
    private final TypedReason typed = new TypedReason(reason);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper messageIsProblem = new ReadOnlyBooleanWrapper(false);
    private final CoalescingTasks<Map.Entry<List<SurfaceLadder.Record>, List<SupervisedApprovals.Pending>>> reads;

    public SurfacesViewModel(PolicyService service, TaskRunner runner, String person, ZoneId zone, Clock clock) {
        this.service = service;
        this.runner = runner;
        this.person = person;
        this.moments = new Moments(clock.withZone(zone));
        this.reads = new CoalescingTasks<>(runner, "Reading the promotion ladder");
    }

    /** Reads the surfaces' records and the changes the dial applied. */
    public void load() {
        reads.submit(progress -> Map.entry(service.ladder().records(), service.applied()),
                TaskCallbacks.of(read -> {
                    records.clear();
                    records.addAll(read.getKey());
                    surfaces.setAll(records.stream().map(this::line).toList());
                    appliedIds.clear();
                    List<SupervisedApprovals.Pending> newestFirst = new ArrayList<>(read.getValue());
                    Collections.reverse(newestFirst);
                    applied.setAll(newestFirst.stream().map(p -> {
                        appliedIds.add(p.id());
                        return appliedLine(p);
                    }).toList());
                }, error -> problem("Could not read the promotion ladder: " + error.getMessage())));
    }

    /**
     * Reads again after a change made elsewhere — a sign-off, a revert or a dial saved on the command line, the dial's
     * job, another window: the newest read is the one shown (a read begun before the change never lands after it).
     */
    public void refresh() {
        load();
    }

    /** The name of the surface at {@code index} of {@link #surfaces()}, or null. */
    public String surfaceName(int index) {
        return index >= 0 && index < records.size() ? records.get(index).surface().name() : null;
    }

    /** Where the surface named {@code name} is in {@link #surfaces()} now, or -1. */
    public int indexOfSurface(String name) {
        for (int i = 0; name != null && i < records.size(); i++) {
            if (records.get(i).surface().name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The id of the applied change at {@code index} of {@link #applied()}, or null. */
    public String appliedId(int index) {
        return index >= 0 && index < appliedIds.size() ? appliedIds.get(index) : null;
    }

    /** Where the applied change {@code id} is in {@link #applied()} now, or -1. */
    public int indexOfApplied(String id) {
        return id == null ? -1 : appliedIds.indexOf(id);
    }

    /** "rules — rules/*.md (behaviour) · gated · 3/10 clean applies · eligible for a sign-off · last …". */
    String line(SurfaceLadder.Record r) {
        StringBuilder t = new StringBuilder(r.surface().name() + " — " + r.surface().path() + " (" + r.surface().repo()
                + ") · " + r.rung().key() + (r.rung() != r.surface().level() ? " (configured " + r.surface().level().key()
                + ")" : ""));
        if (r.configured() == Rung.FORBIDDEN) {
            t.append(" · a person decides every change; never promoted");
        } else {
            t.append(" · ").append(r.clean()).append('/').append(r.promoteAfter()).append(" clean applies");
        }
        if (r.eligible()) {
            t.append(" · eligible for a sign-off");
        }
        t.append(" · last sign-off: ").append(r.lastSignoff() == null ? "none" : r.lastSignoff().by() + ", "
                + moments.moment(r.lastSignoff().at()));
        t.append(" · last demotion: ").append(r.lastDemotion() == null ? "none" : moments.moment(r.lastDemotion().at())
                + ", revert of " + abbreviate(r.lastDemotion().commit()) + " by " + r.lastDemotion().by());
        return t.toString();
    }

    private String appliedLine(SupervisedApprovals.Pending p) {
        return p.id() + " — " + p.target() + " · " + abbreviate(p.commit()) + " · applied " + moments.moment(p.approvedAt());
    }

    private static String abbreviate(String sha) {
        return sha == null ? "?" : sha.length() > 10 ? sha.substring(0, 10) : sha;
    }

    /** Whether the surface at {@code index} may be signed off now (gated and eligible). */
    public boolean eligible(int index) {
        return index >= 0 && index < records.size() && records.get(index).eligible();
    }

    /** Signs off the surface at {@code index} of {@link #surfaces()} as the window's person, with the reason. */
    public void signoff(int index) {
        if (index < 0 || index >= records.size()) {
            return;
        }
        String name = records.get(index).surface().name();
        String why = reason.get();
        runner.submit("Signing off " + name, progress -> service.ladder().signoff(name, person, why),
                TaskCallbacks.of(r -> {
                    typed.used(why);
                    load();
                    say("Signed off " + name + ": it is " + r.rung().key() + " now. Any revert of a change on it "
                            + "demotes it to gated.", false);
                }, error -> problem(error.getMessage())));
    }

    /** Reverts the applied change at {@code index} of {@link #applied()} as one new commit, with the reason. */
    public void revert(int index) {
        if (index < 0 || index >= appliedIds.size()) {
            return;
        }
        String id = appliedIds.get(index);
        String why = reason.get();
        runner.submit("Reverting " + id, progress -> service.revert(id, person, why), TaskCallbacks.of(sha -> {
            typed.used(why);
            load();
            say("Reverted " + id + " with " + abbreviate(sha) + "; a surface it was on is gated now.", false);
        }, error -> problem(error.getMessage())));
    }

    private void say(String text, boolean isProblem) {
        messageIsProblem.set(isProblem);
        message.set(text);
    }

    private void problem(String text) {
        say(text, true);
    }

    public ObservableList<String> surfaces() {
        return FXCollections.unmodifiableObservableList(surfaces);
    }

    public ObservableList<String> applied() {
        return FXCollections.unmodifiableObservableList(applied);
    }

    public StringProperty reasonProperty() {
        return reason;
    }

    /** A reason typed and not yet used by a sign-off or a revert: closing the window asks first. */
    public ReadOnlyBooleanProperty reasonTypedProperty() {
        return typed.pendingProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty messageIsProblemProperty() {
        return messageIsProblem.getReadOnlyProperty();
    }
}
