package viewmodels.shell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The command palette (Ctrl+K): every section, action and setting by name, with its shortcut. Typing narrows the
 * list to the entries holding every typed word (in their name or where they are); names starting with the first
 * word come first. Running an entry runs its action.
 */
public final class CommandPaletteViewModel {

    /** One entry: its name, where it belongs (a section, "Window"), its keys (may be empty), what it does. */
    public record Entry(String name, String where, String keys, Runnable action) {
        /** Whether it has a key to show (an entry without one shows no key box). */
        public boolean hasKeys() {
            return keys != null && !keys.isBlank();
        }
    }

    private final List<Entry> all;
    private final StringProperty query = new SimpleStringProperty("");
    private final ObservableList<Entry> shown = FXCollections.observableArrayList();
    private final ObservableList<Entry> shownView = FXCollections.unmodifiableObservableList(shown);

    public CommandPaletteViewModel(List<Entry> entries) {
        this.all = List.copyOf(entries);
        query.addListener((obs, old, text) -> filter());
        filter();
    }

    private void filter() {
        String[] words = query.get() == null ? new String[0]
                : query.get().toLowerCase(Locale.ROOT).strip().split("\\s+");
        List<Entry> out = new ArrayList<>();
        for (Entry e : all) {
            String hay = (e.name() + " " + e.where() + " " + e.keys()).toLowerCase(Locale.ROOT);
            boolean every = true;
            for (String w : words) {
                every &= w.isEmpty() || hay.contains(w);
            }
            if (every) {
                out.add(e);
            }
        }
        String first = words.length == 0 ? "" : words[0];
        if (!first.isEmpty()) {
            out.sort(Comparator.comparing((Entry e) -> !e.name().toLowerCase(Locale.ROOT).startsWith(first))
                    .thenComparing(e -> !e.name().toLowerCase(Locale.ROOT).contains(first)));
        }
        shown.setAll(out);
    }

    /** Runs an entry (the first shown when null); returns whether one ran. */
    public boolean run(Entry entry) {
        Entry chosen = entry != null ? entry : shown.isEmpty() ? null : shown.get(0);
        if (chosen == null) {
            return false;
        }
        chosen.action().run();
        return true;
    }

    public StringProperty queryProperty() {
        return query;
    }

    public ObservableList<Entry> entries() {
        return shownView;
    }
}
