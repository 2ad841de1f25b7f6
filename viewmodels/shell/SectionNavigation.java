package viewmodels.shell;

import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The navigation rail: the open workspace's sections and which one is shown — selected by id, by place (Ctrl+1 is
 * the first), or the next and previous one (Ctrl+PgDn / PgUp, round the end) —, the sections holding unsaved edits,
 * and the command palette's entries made from them.
 */
final class SectionNavigation {

    private final ObservableList<SectionItem> sections = FXCollections.observableArrayList();
    private final ObservableList<SectionItem> sectionsView = FXCollections.unmodifiableObservableList(sections);
    private final ReadOnlyStringWrapper selected = new ReadOnlyStringWrapper();
    private final UnsavedEdits unsaved = new UnsavedEdits(id -> sections.stream().filter(s -> s.id().equals(id))
            .map(SectionItem::title).findFirst().orElse(id), this::select);
    private final SectionMessages messages = new SectionMessages();
    private List<SectionAction> sectionActions = List.of();

    SectionNavigation() {
        selected.addListener((o, left, now) -> messages.left(left)); // leaving a section is reading its messages
    }

    /** Replaces the sections (each workspace brings its own) and keeps the selection if it still exists. */
    void setSections(List<SectionItem> items) {
        String previous = selected.get();
        unsaved.forgetAll(); // the forms of the workspace before are gone
        messages.forgetAll();
        sections.setAll(items);
        boolean kept = items.stream().anyMatch(s -> s.id().equals(previous));
        selected.set(kept ? previous : items.isEmpty() ? null : items.get(0).id());
    }

    /** Shows the section with this id; an id the rail does not have does nothing. */
    void select(String sectionId) {
        if (sections.stream().anyMatch(s -> s.id().equals(sectionId))) {
            selected.set(sectionId);
        }
    }

    /** Selects the section at a 0-based position (Ctrl+1 is position 0); out of range does nothing. */
    void selectAt(int position) {
        if (position >= 0 && position < sections.size()) {
            selected.set(sections.get(position).id());
        }
    }

    /** Moves {@code step} sections down the rail (up when negative), round the end. */
    void move(int step) {
        if (sections.isEmpty()) {
            return;
        }
        int at = indexOfSelected();
        selected.set(sections.get(Math.floorMod(at + step, sections.size())).id());
    }

    private int indexOfSelected() {
        for (int i = 0; i < sections.size(); i++) {
            if (sections.get(i).id().equals(selected.get())) {
                return i;
            }
        }
        return 0;
    }

    /** The open workspace's actions the palette runs itself (Sync now); none while no workspace is open. */
    void setSectionActions(List<SectionAction> actions) {
        sectionActions = List.copyOf(actions);
    }

    /** The command palette's entries (see {@link PaletteEntries}); {@code windowActions} are the window's own. */
    CommandPaletteViewModel palette(List<CommandPaletteViewModel.Entry> windowActions) {
        return new CommandPaletteViewModel(PaletteEntries.of(sections, windowActions, sectionActions, this::select));
    }

    UnsavedEdits unsaved() {
        return unsaved;
    }

    SectionMessages messages() {
        return messages;
    }

    ObservableList<SectionItem> sections() {
        return sectionsView;
    }

    ReadOnlyStringProperty selectedProperty() {
        return selected.getReadOnlyProperty();
    }
}
