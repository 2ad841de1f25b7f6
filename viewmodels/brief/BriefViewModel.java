package viewmodels.brief;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.brief.MiseBrief;
import services.tasks.CoalescingTasks;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;

/**
 * The mise brief screen: the verdict on pitching — one line per rule that refused (✗), then what was checked (·)
 * — and the whole brief as markdown (running loops, retros, pitch history, …), gathered on demand.
 */
public final class BriefViewModel {

    private final Supplier<MiseBrief.Brief> gather;
    // newest wins: a gather started before a change elsewhere never lands after one started after it (issue 37)
    private final CoalescingTasks<MiseBrief.Brief> gathers;
    private final ReadOnlyStringWrapper markdown = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("Gathering the brief…");
    // true until gathered, so a first "not allowed" changes it and the screen marks it as a problem
    private final ReadOnlyBooleanWrapper allowed = new ReadOnlyBooleanWrapper(true);
    // false when the pitch rules could not be checked (no Redis configured): neither good nor bad news
    private final ReadOnlyBooleanWrapper checked = new ReadOnlyBooleanWrapper(true);
    // the verdict as a dashboard shows it: a yes / no, the one reason that decides it, the passed checks quietly
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper("Gathering the brief…");
    private final ReadOnlyStringWrapper deciding = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper passed = new ReadOnlyStringWrapper("");

    private final Moments moments;

    /**
     * @param zone the zone its times are written in (the window's): the brief's own text, which the command line
     *             prints with ISO instants, has each written as the window writes a moment
     */
    public BriefViewModel(MiseBrief brief, TaskRunner runner, ZoneId zone) {
        this(brief::gather, runner, zone);
    }

    /** @param gather what gathers the brief (a {@link MiseBrief}'s, or a test's) */
    public BriefViewModel(Supplier<MiseBrief.Brief> gather, TaskRunner runner, ZoneId zone) {
        this.gather = gather;
        this.gathers = new CoalescingTasks<>(runner, "Gathering the mise brief");
        this.moments = Moments.in(zone);
    }

    /**
     * Gathers the brief again. A refresh asked for while a gather runs (a clear elsewhere seen mid-way) supersedes
     * it: the running gather's outcome — read before the change — is dropped, and the newest one is shown.
     */
    public void refresh() {
        gathers.submit(progress -> gather.get(), TaskCallbacks.of(b -> {
            checked.set(b.pitchAllowed() != null);
            allowed.set(b.pitchAllowed() == null || b.pitchAllowed());
            verdict.set(moments.within(verdictText(b)));
            headline.set(b.pitchAllowed() == null ? "Pitch rules not checked" : b.pitchAllowed() ? "Yes — pitch allowed"
                    : "No — pitch not allowed");
            deciding.set(moments.within(decidingReason(b)));
            passed.set(moments.within(passedChecks(b)));
            markdown.set(moments.within(MiseBrief.markdown(b).replaceFirst("(?s)^# Mise brief\\n\\n\\*\\*.*?\\n\\n", "")));
        }, error -> {
            verdict.set("Could not gather the brief: " + error.getMessage());
            headline.set("Could not gather the brief");
            deciding.set(error.getMessage());
            passed.set("");
        }));
    }

    /**
     * The one reason that decides: the first rule that refused; without one, why the rules were not checked (the
     * first reason given); else that every rule passed.
     */
    static String decidingReason(MiseBrief.Brief b) {
        if (!b.refusals().isEmpty()) {
            return b.refusals().get(0) + (b.refusals().size() > 1 ? " (and " + (b.refusals().size() - 1) + " more)" : "");
        }
        if (b.pitchAllowed() == null) {
            return b.reasons().isEmpty() ? "no Redis configured" : b.reasons().get(0);
        }
        return "every pitch rule passed";
    }

    /** What else was checked, one line: quiet, after the verdict. */
    static String passedChecks(MiseBrief.Brief b) {
        List<String> rest = new ArrayList<>(b.reasons().stream().skip(b.refusals().size()).toList());
        if (b.pitchAllowed() == null && !rest.isEmpty() && b.refusals().isEmpty()) {
            rest.remove(0); // that one is the deciding reason
        }
        List<String> more = b.refusals().size() > 1 ? b.refusals().subList(1, b.refusals().size()) : List.of();
        List<String> all = new ArrayList<>(more);
        all.addAll(rest);
        return all.isEmpty() ? "" : "Also checked: " + String.join(" · ", all);
    }

    /** "Yes — pitch allowed", "No — pitch not allowed", or "Pitch rules not checked". */
    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** The one reason that decides the verdict. */
    public ReadOnlyStringProperty decidingProperty() {
        return deciding.getReadOnlyProperty();
    }

    /** The other checks, quiet (empty when there are none). */
    public ReadOnlyStringProperty passedProperty() {
        return passed.getReadOnlyProperty();
    }

    static String verdictText(MiseBrief.Brief b) {
        StringBuilder text = new StringBuilder(b.verdict());
        b.refusals().forEach(r -> text.append("\n✗ ").append(r));
        b.reasons().stream().skip(b.refusals().size()).forEach(r -> text.append("\n· ").append(r));
        return text.toString();
    }

    public ReadOnlyStringProperty markdownProperty() {
        return markdown.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    /** True unless a rule refused the pitch (also true when the rules were not checked: see {@link #checkedProperty()}). */
    public ReadOnlyBooleanProperty allowedProperty() {
        return allowed.getReadOnlyProperty();
    }

    /** False when no Redis is configured, so the verdict says the pitch rules were not checked. */
    public ReadOnlyBooleanProperty checkedProperty() {
        return checked.getReadOnlyProperty();
    }
}
