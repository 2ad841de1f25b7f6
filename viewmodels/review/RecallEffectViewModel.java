package viewmodels.review;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.policy.RecallEffect;
import services.review.ReviewService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The detail pane's "Effect on recall" section: which recent stories would get other documents injected once the
 * shown proposal's change is synced, computed in the background (on a read-only overlay of the index). The summary
 * line is always shown; the story lines are collapsed until the reviewer shows them, so the diff stays in sight.
 */
public final class RecallEffectViewModel {

    /** Stories of a recall effect shown in the pane, a line each; the rest are counted. */
    static final int EFFECT_LINES = 8;

    private final TaskRunner runner;
    private final Function<String, RecallEffect.Effect> effects;
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper stories = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper toggleText = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasStories = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper storiesShown = new ReadOnlyBooleanWrapper(false);
    private long storyCount;
    private String shownId;
    /** Which computation is the shown proposal's: an answer for an earlier one is dropped. */
    private long asked;

    /** @param effects the effect on recall of approving a proposal, by id (null: the section is not shown) */
    public RecallEffectViewModel(TaskRunner runner, Function<String, RecallEffect.Effect> effects) {
        this.runner = runner;
        this.effects = effects;
    }

    /**
     * Computes the effect of the shown proposal's change (none for a decided one, or none shown). Another proposal
     * starts collapsed; the same one shown again (the queue read again) keeps the stories as they were.
     */
    void show(ReviewService.Item shown) {
        long mine = ++asked;
        String id = shown == null ? null : shown.proposal().id();
        if (!Objects.equals(id, shownId)) {
            storiesShown.set(false);
        }
        shownId = id;
        set("", "", 0);
        if (effects == null || shown == null || shown.change() == null) {
            return;
        }
        set("Effect on recall: computing…", "", 0);
        runner.submit("Effect on recall", progress -> effects.apply(id), TaskCallbacks.of(e -> {
            if (mine == asked) { // still the proposal shown
                set(summary(e), stories(e), e.documents().isEmpty() ? 0 : e.storiesChanged());
            }
        }, failure -> {
            if (mine == asked) {
                set("Effect on recall: not computed — " + failure.getMessage(), "", 0);
            }
        }));
    }

    private void set(String summaryLine, String storyLines, long changed) {
        storyCount = changed;
        summary.set(summaryLine);
        stories.set(storyLines);
        text.set(joined(summaryLine, storyLines));
        hasStories.set(!storyLines.isEmpty());
        updateToggleText();
    }

    /** Shows the story lines, or hides them again (nothing to do when there are none). */
    public void toggleStories() {
        if (hasStories.get()) {
            storiesShown.set(!storiesShown.get());
            updateToggleText();
        }
    }

    private void updateToggleText() {
        toggleText.set(!hasStories.get() ? "" : storiesShown.get() ? "Hide the stories"
                : "Show the " + (storyCount == 1 ? "story" : storyCount + " stories"));
    }

    /** "Effect on recall: …summary", then one line per changed story (the first {@value #EFFECT_LINES}). */
    static String describe(RecallEffect.Effect e) {
        return joined(summary(e), stories(e));
    }

    private static String joined(String summaryLine, String storyLines) {
        return storyLines.isEmpty() ? summaryLine : summaryLine + "\n" + storyLines;
    }

    /** "Effect on recall: skill:a: 4 of 33 stories … would get different recall (…)", or "…: none — why". */
    static String summary(RecallEffect.Effect e) {
        return e.documents().isEmpty() ? "Effect on recall: none — " + e.note() : "Effect on recall: " + e.summary();
    }

    /**
     * One indented line per changed story (the first {@value #EFFECT_LINES}), its budgets on it — those that change
     * alike share their changes ({@code loop-a S2 "title" · implementor, lean: ~skill:a · deep: +skill:b}) — then how
     * many more: as many lines as the toggle counts stories.
     */
    static String stories(RecallEffect.Effect e) {
        if (e.documents().isEmpty()) {
            return "";
        }
        Map<String, List<RecallEffect.StoryChange>> byStory = new LinkedHashMap<>();
        e.changes().forEach(c -> byStory.computeIfAbsent(c.loop() + "\u0000" + c.story(), k -> new ArrayList<>())
                .add(c));
        StringBuilder out = new StringBuilder();
        byStory.values().stream().limit(EFFECT_LINES).forEach(budgets -> out.append(out.isEmpty() ? "" : "\n")
                .append("  ").append(line(budgets, e.budgets())));
        if (byStory.size() > EFFECT_LINES) {
            int more = byStory.size() - EFFECT_LINES;
            out.append("\n  … and ").append(more).append(more == 1 ? " more story" : " more stories")
                    .append(" ('proposals show' lists them)");
        }
        return out.toString();
    }

    /** One story's line: its loop, id and title, then each change with the budgets it is under, in budget order. */
    private static String line(List<RecallEffect.StoryChange> budgets, List<String> order) {
        RecallEffect.StoryChange first = budgets.get(0);
        Map<String, List<String>> byChange = new LinkedHashMap<>();
        budgets.stream().sorted(Comparator.comparingInt(c -> order.contains(c.budget())
                        ? order.indexOf(c.budget()) : order.size()))
                .forEach(c -> byChange.computeIfAbsent(changes(c), k -> new ArrayList<>()).add(c.budget()));
        StringBuilder t = new StringBuilder(first.loop() + " " + first.story() + " \"" + first.title() + "\"");
        byChange.forEach((change, names) -> t.append(" · ").append(String.join(", ", names)).append(':').append(change));
        return t.toString();
    }

    /** " +skill:a −lesson:b:0 ~skill:c": the documents in, out and rewritten under one budget. */
    private static String changes(RecallEffect.StoryChange c) {
        StringBuilder t = new StringBuilder();
        c.in().forEach(id -> t.append(" +").append(id));
        c.out().forEach(id -> t.append(" −").append(id));
        c.rewritten().forEach(id -> t.append(" ~").append(id));
        return t.toString();
    }

    /** The summary line ("Effect on recall: …"); empty when the section is not shown. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The story lines, one per changed story (its budgets on it); empty when none changes. */
    public ReadOnlyStringProperty storiesProperty() {
        return stories.getReadOnlyProperty();
    }

    /** The summary line, then the story lines (whether shown or not): the whole effect as text. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** True when there are story lines to show or hide. */
    public ReadOnlyBooleanProperty hasStoriesProperty() {
        return hasStories.getReadOnlyProperty();
    }

    /** Whether the story lines are shown; false for each newly shown proposal. */
    public ReadOnlyBooleanProperty storiesShownProperty() {
        return storiesShown.getReadOnlyProperty();
    }

    /** "Show the 4 stories" or "Hide the stories"; empty when there are no story lines. */
    public ReadOnlyStringProperty toggleTextProperty() {
        return toggleText.getReadOnlyProperty();
    }
}
