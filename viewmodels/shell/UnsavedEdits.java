package viewmodels.shell;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;

/**
 * The sections whose form holds edits that are not saved (Settings): the rail marks them, and closing the window or
 * opening another workspace asks first — Save saves each, Discard drops them, Cancel stays. A section tells whether
 * it is unsaved (a property of its own view model) and how to save without leaving; the list is emptied when
 * another workspace's sections come.
 */
public final class UnsavedEdits {

    private final ObservableSet<String> sections = FXCollections.observableSet(new LinkedHashSet<>());
    private final ObservableSet<String> sectionsView = FXCollections.unmodifiableObservableSet(sections);
    private final Map<String, Tracked> tracked = new LinkedHashMap<>();
    private final Function<String, String> titles;
    private final Consumer<String> show;

    /**
     * @param titles a section's title by its id, for the question
     * @param show   shows a section (one whose save failed, so its message says why)
     */
    UnsavedEdits(Function<String, String> titles, Consumer<String> show) {
        this.titles = titles;
        this.show = show;
    }

    private record Tracked(ObservableBooleanValue unsaved, BooleanSupplier save, ChangeListener<Boolean> listener) {
    }

    /**
     * Follows a section's form: marked while {@code unsaved} holds; {@code save} writes it without leaving and
     * answers whether nothing is left unsaved (false: a field is wrong or the file could not be written).
     */
    public void track(String sectionId, ObservableBooleanValue unsaved, BooleanSupplier save) {
        untrack(sectionId);
        ChangeListener<Boolean> listener = (o, was, now) -> mark(sectionId, now);
        unsaved.addListener(listener);
        tracked.put(sectionId, new Tracked(unsaved, save, listener));
        mark(sectionId, unsaved.get());
    }

    private void mark(String sectionId, boolean unsaved) {
        if (unsaved) {
            sections.add(sectionId);
        } else {
            sections.remove(sectionId);
        }
    }

    private void untrack(String sectionId) {
        Tracked old = tracked.remove(sectionId);
        if (old != null) {
            old.unsaved().removeListener(old.listener());
        }
        sections.remove(sectionId);
    }

    /** Forgets every section (another workspace's sections replace them, with forms of their own). */
    void forgetAll() {
        List.copyOf(tracked.keySet()).forEach(this::untrack);
    }

    /** The ids of the sections with unsaved edits. */
    public ObservableSet<String> sections() {
        return sectionsView;
    }

    public boolean any() {
        return !sections.isEmpty();
    }

    /** The question before {@code leaving} ("closing the window"): which sections have unsaved changes. */
    public String question(String leaving) {
        return "Save the changes in " + String.join(" and ", sections.stream().map(titles).toList()) + " before "
                + leaving + "?";
    }

    /** What each choice does. */
    public String choices() {
        return "Save writes them first; Discard loses them.";
    }

    /**
     * Saves every section with unsaved edits: true when none is left; otherwise shows the first that could not be
     * saved (its message says why) and answers false.
     */
    public boolean saveAll() {
        for (String id : List.copyOf(sections)) {
            Tracked t = tracked.get(id);
            if (t != null && !t.save().getAsBoolean()) {
                show.accept(id);
                return false;
            }
        }
        return true;
    }
}
