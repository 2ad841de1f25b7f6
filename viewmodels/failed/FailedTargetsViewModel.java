package viewmodels.failed;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.failed.FailedTargets;
import services.failed.FailedTargetsService;
import services.text.HumanDuration;
import services.tasks.CoalescingTasks;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.inbox.OpenAt;
import viewmodels.text.Moments;
import viewmodels.text.SubjectMessage;

/**
 * The failed targets screen: one row per target across Redis and the index, with when it failed, when it expires
 * and where it is stored; filters; clearing the selected ones with a reason (after a preview); pruning; and the
 * history of clears and prunes.
 */
public final class FailedTargetsViewModel {

    public static final String ALL_PROJECTS = "All projects";

    /** What a clear without a reason says (the service's own refusal says the same). */
    public static final String NEEDS_REASON = "Clearing a failed target needs a reason (why it may be retried now): "
            + "nothing was cleared.";

    private final FailedTargetsService service;
    private final TaskRunner runner;
    /** Newest wins: a read begun before a change elsewhere never lands after one begun after it. */
    private final CoalescingTasks<Loaded> reads;
    private final Clock clock;
    private final Moments moments;
    private final String operator;
    private final Consumer<String> openDocument;
    private final ObjectProperty<String> project = new SimpleObjectProperty<>(ALL_PROJECTS);
    private final StringProperty text = new SimpleStringProperty("");
    private final ObservableList<String> projects = FXCollections.observableArrayList(ALL_PROJECTS);
    private final ObservableList<String> projectsView = FXCollections.unmodifiableObservableList(projects);
    private final ObservableList<FailedRow> rows = FXCollections.observableArrayList();
    private final ObservableList<FailedRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<String> history = FXCollections.observableArrayList();
    private final ObservableList<String> historyView = FXCollections.unmodifiableObservableList(history);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problems = new ReadOnlyStringWrapper("");
    private final ListMessage message = new ListMessage(); // goes with its subject (docs/design.md)
    private final ReadOnlyStringWrapper empty = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper storesShown = new ReadOnlyBooleanWrapper(false);
    private List<FailedTargetsService.Target> all = List.of();
    private boolean redisConfigured;
    private boolean storesShouldAgree;
    private List<String> selected = List.of();
    private final OpenAt openAt = new OpenAt();

    public FailedTargetsViewModel(FailedTargetsService service, TaskRunner runner, Clock clock, String operator,
                                  Consumer<String> openDocument) {
        this.service = service;
        this.runner = runner;
        this.reads = new CoalescingTasks<>(runner, "Reading failed targets");
        this.clock = clock;
        this.moments = new Moments(clock);
        this.operator = operator;
        this.openDocument = openDocument;
        project.addListener((o, a, b) -> showRows());
        text.addListener((o, a, b) -> showRows());
    }

    public void refresh() {
        reads.submit(progress -> new Loaded(service.list(), service.history()),
                TaskCallbacks.of(this::show, error -> message.readFailed("Could not read failed targets: "
                        + error.getMessage())));
    }

    private Loaded shown;

    private record Loaded(FailedTargetsService.Listing listing, List<JsonNode> history) {
    }

    private void show(Loaded loaded) {
        if (loaded.equals(shown)) {
            return; // polled after a change elsewhere, but nothing here changed: the selection stays
        }
        shown = loaded;
        all = loaded.listing().targets();
        message.listed(all);
        redisConfigured = loaded.listing().redisConfigured();
        storesShouldAgree = loaded.listing().storesShouldAgree();
        storesShown.set(storesShouldAgree);
        problems.set(String.join("\n", loaded.listing().problems()));
        List<String> names = new ArrayList<>(List.of(ALL_PROJECTS));
        all.stream().map(FailedTargetsService.Target::project).distinct().sorted().forEach(names::add);
        String keep = project.get();
        projects.setAll(names);
        project.set(names.contains(keep) ? keep : ALL_PROJECTS);
        history.setAll(loaded.history().stream().map(this::historyLine).toList());
        showRows();
    }

    /** "2026-11-24 13:32 · joel cleared …": the log's UTC instant written as the window writes a moment. */
    private String historyLine(JsonNode e) {
        String what = e.path("action").asText().equals("prune_failed")
                ? "pruned " + e.path("docIds").size() + " documents and " + e.path("result").path("redisRemoved").asLong()
                + " Redis members (" + e.path("reason").asText() + ")"
                : "cleared " + String.join(", ", toList(e.path("targets"))) + " — " + e.path("reason").asText();
        return moments.moment(e.path("ts").asText()) + " · " + e.path("by").asText() + " " + what;
    }

    private static List<String> toList(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private void showRows() {
        long now = clock.millis();
        String q = text.get().strip().toLowerCase();
        rows.setAll(all.stream()
                .filter(t -> ALL_PROJECTS.equals(project.get()) || t.project().equals(project.get()))
                .filter(t -> q.isEmpty() || (t.key() + " " + String.join(" ", t.storyTitles()) + " "
                        + String.join(" ", t.loopIds())).toLowerCase().contains(q))
                .map(t -> new FailedRow(t.key(), t.project(), t.target(), story(t),
                        t.loopIds().isEmpty() ? "" : t.loopIds().get(0), moments.moment(failedAt(t)),
                        moments.distance(failedAt(t)), t.failedAtMillis(),
                        t.expiresAtMillis() <= now ? "expired" : HumanDuration.of(t.expiresAtMillis() - now), t.expiresAtMillis(),
                        t.times(), switch (t.where()) {
                            case BOTH -> "Redis + index";
                            case REDIS -> "Redis only";
                            case INDEX -> "index only";
                        }, storesShouldAgree && t.where() != FailedTargetsService.Where.BOTH))
                .toList());
        long expired = all.stream().filter(t -> t.expiresAtMillis() <= now).count(); // what Prune removes, shown or not
        boolean filtered = rows.size() < all.size();
        summary.set((filtered ? rows.size() + " of " + all.size() : String.valueOf(all.size()))
                + (all.size() == 1 ? " failed target" : " failed targets") + (expired == 0 ? ""
                : " · " + expired + " expired (Prune removes " + (expired == 1 ? "it" : "them") + ")")
                + (!redisConfigured ? " · index only: no Redis configured" : storesShouldAgree ? ""
                : " · index only: this Redis holds no failed-target sets (" + FailedTargets.PREFIX + "*)"));
        empty.set(all.isEmpty() ? "No failed targets: nothing is blocked from being retried."
                : "No failed targets " + (ALL_PROJECTS.equals(project.get()) ? "" : "of " + project.get() + " ")
                + (q.isEmpty() ? "" : "match “" + text.get().strip() + "” ") + "(" + all.size() + " in all). "
                + (q.isEmpty() ? "Choose All projects to see them." : "Escape clears the filter."));
    }

    /**
     * The inbox's Enter on a failed target: it is selected once listed — with no filter that would hide it (the
     * filter is cleared and every project shown when one would).
     */
    public void open(String key) {
        if (rows.stream().noneMatch(r -> r.key().equals(key))) {
            text.set("");
            project.set(ALL_PROJECTS);
        }
        openAt.open(key);
    }

    /** Where the inbox asked this screen to open. */
    public OpenAt openAt() {
        return openAt;
    }

    /** Escape in the filter: every target shown again (of the project chosen). */
    public void clearFilter() {
        text.set("");
    }

    /**
     * What the empty table says: that nothing is blocked, or — when the filters hide every target — what they hide
     * and how to see them again.
     */
    public ReadOnlyStringProperty emptyProperty() {
        return empty.getReadOnlyProperty();
    }

    /**
     * The row's story: the newest title, then the other stories the target's documents name (story ids are per loop
     * PRD, so S2 of one loop may be another story than S2 of the next; clearing the row clears them all).
     */
    private static String story(FailedTargetsService.Target t) {
        return t.otherStories().isEmpty() ? t.storyTitle() : t.storyTitle() + "\n" + t.otherStories();
    }

    private static Instant failedAt(FailedTargetsService.Target t) {
        return Instant.ofEpochMilli(t.failedAtMillis());
    }

    /**
     * Whether the table's "Stored in" column says something: only when Redis is configured and holds failed-target
     * sets; otherwise every target is in the index only, which the summary says once.
     */
    public ReadOnlyBooleanProperty storesShownProperty() {
        return storesShown.getReadOnlyProperty();
    }

    public void select(List<String> keys) {
        selected = List.copyOf(keys);
        message.shows(selected);
    }

    public List<String> selectedKeys() {
        return selected;
    }

    /** What clearing the selection removes, for the confirmation. */
    public List<String> preview() {
        return selected.isEmpty() ? List.of() : service.preview(selected);
    }

    /** Whether this reason is none: empty, or only spaces (the Clear button waits for words). */
    public boolean isBlankReason(String reason) {
        return reason == null || reason.isBlank();
    }

    /** Clears the selected targets for this reason (stripped); a blank reason is refused, saying why. */
    public void clearSelected(String reason) {
        if (isBlankReason(reason)) {
            say(selected, Set.of(), NEEDS_REASON);
            return;
        }
        List<String> keys = selected;
        String why = reason.strip();
        runner.submit("Clearing " + keys.size() + " failed target(s)", progress -> service.clear(keys, why, operator),
                TaskCallbacks.of(out -> {
                    boolean complete = out.stream().allMatch(FailedTargetsService.Outcome::complete);
                    say(keys, new HashSet<>(keys), (complete ? "Cleared " : "Partly cleared (clear again to finish): ")
                            + String.join("; ", out.stream().map(o -> o.key() + " — Redis " + o.redis() + ", index "
                            + o.index()).toList()));
                    refresh();
                }, error -> say(keys, Set.of(), error.getMessage())));
    }

    private void say(Object about, Set<String> gone, String words) {
        message.say(about, gone, all, words);
    }

    /** The section was left: its message was read. */
    public void messagesRead() {
        message.read();
    }

    /**
     * What pruning removes, for the confirmation: every target past its TTL (whatever the filters show), one line
     * each with where it is stored; empty when nothing has expired.
     */
    public List<String> prunePreview() {
        long now = clock.millis();
        return all.stream().filter(t -> t.expiresAtMillis() <= now)
                .map(t -> t.key() + " — " + (t.storyTitle() == null || t.storyTitle().isBlank() ? ""
                        : story(t).replace("\n", " ") + " — ")
                        + "expired " + HumanDuration.of(now - t.expiresAtMillis()) + " ago · " + switch (t.where()) {
                            case BOTH -> "Redis member and " + Plural.docs(t.docIds().size());
                            case REDIS -> "Redis member";
                            case INDEX -> Plural.docs(t.docIds().size());
                        })
                .toList();
    }

    /** Says there is nothing to prune (the screen then shows no confirmation). */
    public void nothingToPrune() {
        say(SubjectMessage.SCREEN, Set.of(), "Nothing to prune: no failed target is past its TTL.");
    }

    public void prune() {
        long now = clock.millis();
        Set<String> expired = new HashSet<>(all.stream().filter(t -> t.expiresAtMillis() <= now)
                .map(FailedTargetsService.Target::key).toList());
        runner.submit("Pruning expired failed targets", progress -> service.prune(operator), TaskCallbacks.of(r -> {
            say(SubjectMessage.SCREEN, expired, "Pruned " + (redisConfigured ? r.redisRemoved() + (r.redisRemoved() == 1 ? " Redis member and "
                    : " Redis members and ") : "") + Plural.docs(r.docsRemoved().size())
                    + (redisConfigured ? "." : " (no Redis configured: the index only)."));
            refresh();
        }, error -> say(SubjectMessage.SCREEN, Set.of(), error.getMessage())));
    }

    private static final class Plural {
        static String docs(int n) {
            return n + (n == 1 ? " document" : " documents");
        }
    }

    /** Opens the retro of the row's loop in the Knowledge section. */
    public void openLoop(FailedRow row) {
        if (row != null && !row.loop().isEmpty()) {
            openDocument.accept("retro:" + row.loop());
        }
    }

    public ObjectProperty<String> projectProperty() {
        return project;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObservableList<String> projects() {
        return projectsView;
    }

    public ObservableList<FailedRow> rows() {
        return rowsView;
    }

    public ObservableList<String> history() {
        return historyView;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemsProperty() {
        return problems.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.textProperty();
    }
}
