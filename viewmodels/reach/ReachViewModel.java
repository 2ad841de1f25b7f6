package viewmodels.reach;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.reach.KnowledgeReach;
import services.reach.LessonLifecycle;
import services.reach.ReachReport;
import services.reach.StoryReplays;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;

/**
 * Knowledge reach: which documents the implementor gave the stories of the last N days, which it never gave (and
 * why), which went to stories that failed; and every lesson's lifecycle state as a badge.
 */
public final class ReachViewModel {

    /** One row of a list: {@code state} is the lesson's lifecycle state, empty for other types. */
    public record Row(String id, String state, String type, String title, String figures) {
    }

    private final KnowledgeReach reach;
    private final TaskRunner runner;
    /** The longest window (a hundred years, as the command line's --days). */
    static final int MAX_DAYS = 36_500;

    private final StringProperty days = new SimpleStringProperty("14");
    /** The state filter's first choice: every lesson, whatever its state. */
    public static final String ANY_STATE = "Any state";

    private final StringProperty stateFilter = new SimpleStringProperty(ANY_STATE);
    private final ObservableList<Row> mostReached = FXCollections.observableArrayList();
    private final ObservableList<Row> neverReached = FXCollections.observableArrayList();
    private final ObservableList<Row> reachedFailed = FXCollections.observableArrayList();
    private final ObservableList<Row> lessons = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper emptyText = new ReadOnlyStringWrapper(NOT_RUN);
    private final ReadOnlyStringWrapper emptyLessonsText = new ReadOnlyStringWrapper(NOT_RUN);
    static final String NOT_RUN = "Nothing yet: press Run.";
    // nothing before the first run: the list's own "Nothing yet: press Run." says it, once (two lines said it twice)
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private List<LessonLifecycle.Lesson> allLessons = List.of();
    private TaskHandle handle;
    private final Moments moments;

    /** @param zone the zone a document's last reach is written in (the window's) */
    public ReachViewModel(KnowledgeReach reach, TaskRunner runner, ZoneId zone) {
        this.reach = reach;
        this.runner = runner;
        this.moments = Moments.in(zone);
        stateFilter.addListener((o, a, b) -> showLessons());
    }

    public void run() {
        String typed = days.get() == null ? "" : days.get().strip();
        int n = typed.matches("\\d{1,9}") ? Integer.parseInt(typed) : 0; // at most 9 digits: no overflow of an int
        if (n < 1 || n > MAX_DAYS) {
            summary.set("Days: give a whole number of days from 1 to " + MAX_DAYS + ".");
            return;
        }
        if (running.get()) {
            return;
        }
        int window = n;
        running.set(true);
        progress.set(-1);
        summary.set("Replaying the stories of the last " + n + " days…");
        handle = runner.submit("Knowledge reach", p -> reach.run(window, p), TaskCallbacks.<KnowledgeReach.Result>of(
                this::show, error -> {
                    running.set(false);
                    summary.set("Reach failed: " + error.getMessage());
                }).withCancelled(() -> {
                    running.set(false);
                    summary.set("Cancelled.");
                }).withProgress(p -> {
                    progress.set(p.fraction());
                    summary.set(p.message());
                }));
    }

    public void cancel() {
        if (handle != null) {
            handle.cancel();
        }
    }

    private void show(KnowledgeReach.Result result) {
        running.set(false);
        progress.set(1);
        ReachReport r = result.report();
        allLessons = result.lessons().lessons();
        Map<String, String> states = new HashMap<>();
        allLessons.forEach(l -> states.put(l.id(), l.state()));
        mostReached.setAll(r.documents().stream().map(d -> new Row(d.id(), states.getOrDefault(d.id(), ""), d.type(),
                d.title(), count(d.stories(), "story", "stories") + " · " + count(d.loops().size(), "loop", "loops") + " · "
                        + count(d.firstAttemptPasses(), "first-attempt pass", "first-attempt passes") + " · last "
                        + moments.day(d.last()))).toList());
        reachedFailed.setAll(r.reachedFailed().stream().map(d -> new Row(d.id(), states.getOrDefault(d.id(), ""),
                d.type(), d.title(), d.failedStories() + " failed of " + count(d.stories(), "story", "stories"))).toList());
        neverReached.setAll(r.neverReached().stream().map(n -> new Row(n.id(), states.getOrDefault(n.id(), ""),
                n.type(), n.title(), n.why() + ": " + n.detail())).toList());
        long got = r.stories().stream().filter(s -> !s.injected().isEmpty()).count();
        emptyText.set("None in the last " + count(r.days(), "day", "days") + ".");
        showLessons();
        String problems = r.problems().isEmpty() ? "" : " · " + count(r.problems().size(), "file or key", "files or keys")
                + " unreadable: " + String.join("; ", r.problems());
        summary.set(count(r.loops(), "loop", "loops") + ", " + count(r.stories().size(), "story", "stories") + " in " + r.days() + " days · " + got
                + " got knowledge · " + count(r.documents().size(), "document", "documents") + " reached · "
                + r.neverReached().size() + " never reached · "
                + count(result.lessons().transitions().size(), "lesson state change", "lesson state changes")
                + searched(r.replay()) + problems);
    }

    /** " · 12 stories searched again, 9,988 as last time" after an incremental run. */
    static String searched(StoryReplays.Stats st) {
        return st == null || st.full() ? "" : " · " + st.replayed() + " stories searched again, " + st.reused()
                + " as last time (" + st.documentsChanged() + " documents changed)";
    }

    private void showLessons() {
        String f = stateFilter.get() == null || ANY_STATE.equals(stateFilter.get()) ? "" : stateFilter.get();
        lessons.setAll(allLessons.stream().filter(l -> f.isEmpty() || l.state().equals(f))
                .map(l -> new Row(l.id(), l.state(), "lesson", l.title(), l.reason() == null ? "" : l.reason()))
                .toList());
        if (!NOT_RUN.equals(emptyText.get())) { // a run has shown its lists
            emptyLessonsText.set(f.isEmpty() ? "No lessons yet." : "No lesson is " + f + " now.");
        }
    }

    public StringProperty daysProperty() {
        return days;
    }

    /** Lessons shown: empty for all, else one of {@link LessonLifecycle#STATES}. */
    public StringProperty stateFilterProperty() {
        return stateFilter;
    }

    public List<String> states() {
        return LessonLifecycle.STATES;
    }

    /** The state filter's choices: {@link #ANY_STATE} first, then each lifecycle state. */
    public List<String> stateChoices() {
        List<String> out = new ArrayList<>(List.of(ANY_STATE));
        out.addAll(LessonLifecycle.STATES);
        return List.copyOf(out);
    }

    public ObservableList<Row> mostReached() {
        return mostReached;
    }

    public ObservableList<Row> neverReached() {
        return neverReached;
    }

    public ObservableList<Row> reachedFailed() {
        return reachedFailed;
    }

    public ObservableList<Row> lessons() {
        return lessons;
    }

    /** What an empty list says: that nothing has run yet, or that the run found none. */
    public ReadOnlyStringProperty emptyTextProperty() {
        return emptyText.getReadOnlyProperty();
    }

    /** What the empty lessons list says: nothing run yet, no lessons, or none in the chosen state. */
    public ReadOnlyStringProperty emptyLessonsTextProperty() {
        return emptyLessonsText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
