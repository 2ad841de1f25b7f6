package viewmodels.profiles;

import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.profiles.AgentProfiles;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * Agent lessons: for each agent's .profile, its lessons-learned.md against the 2 KB cap, the lines that break the
 * "abstract" rule, the undigested journal count with "digestion due" past 10, and the journal entries.
 */
public final class LessonsViewModel {

    /** One agent in the list. */
    public record AgentRow(String agent, String summary, boolean attention) {
    }

    private final AgentProfiles profiles;
    private final Path dir;
    private final TaskRunner runner;
    private final ObservableList<AgentRow> agents = FXCollections.observableArrayList();
    private final ObservableList<AgentRow> agentsView = FXCollections.unmodifiableObservableList(agents);
    private final ObservableList<String> flags = FXCollections.observableArrayList();
    private final ObservableList<String> flagsView = FXCollections.unmodifiableObservableList(flags);
    private final ObservableList<String> journals = FXCollections.observableArrayList();
    private final ObservableList<String> journalsView = FXCollections.unmodifiableObservableList(journals);
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper folder = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper lessons = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper journalText = new ReadOnlyStringWrapper("");
    private List<AgentProfiles.Profile> all = List.of();
    private AgentProfiles.Profile shown;

    public LessonsViewModel(AgentProfiles profiles, Path dir, TaskRunner runner) {
        this.profiles = profiles;
        this.dir = dir;
        this.runner = runner;
    }

    public void refresh() {
        runner.submit("Reading agent profiles", progress -> profiles.list(dir), TaskCallbacks.of(found -> {
            all = found;
            agents.setAll(found.stream().map(LessonsViewModel::row).toList());
            if (found.isEmpty()) {
                heading.set("No agent profiles in " + dir + " (each agent has <agent>/.profile/).");
            }
            select(found.isEmpty() ? null : found.get(0).agent());
        }, error -> heading.set("Could not read agent profiles: " + error.getMessage())));
    }

    private static AgentRow row(AgentProfiles.Profile p) {
        String size = String.format("%.1f KB of 2 KB", p.lessonsBytes() / 1024.0) + (p.overCap() ? " — over the cap" : "");
        String journal = p.journals().size() + " undigested" + (p.digestionDue() ? " — digestion due" : "");
        String flagged = p.flags().isEmpty() ? "" : " · " + p.flags().size() + " lines not abstract";
        return new AgentRow(p.agent(), size + flagged + " · " + journal, p.overCap() || p.digestionDue() || !p.flags().isEmpty());
    }

    public void select(String agent) {
        shown = agent == null ? null : all.stream().filter(p -> p.agent().equals(agent)).findFirst().orElse(null);
        if (shown == null) {
            flags.clear();
            journals.clear();
            lessons.set("");
            journalText.set("");
            status.set("");
            folder.set("");
            return;
        }
        // the agent, and its folder on a line of its own: a path has no spaces, so wrapped with the name it broke
        // mid-word (".profi le")
        heading.set(shown.agent());
        folder.set(shown.dir().toString());
        status.set(row(shown).summary() + " · " + shown.archived() + " archived");
        flags.setAll(shown.flags().stream().map(f -> "line " + f.line() + ": " + f.why() + " — " + lineText(f.text())).toList());
        lessons.set(shown.lessons().isBlank() ? "_No lessons-learned.md yet._" : shown.lessons());
        journals.setAll(shown.journals().stream().map(AgentProfiles.Journal::name).toList());
        journalText.set("");
    }

    public void openJournal(String name) {
        if (shown != null) {
            shown.journals().stream().filter(j -> j.name().equals(name)).findFirst()
                    .ifPresent(j -> journalText.set(j.text()));
        }
    }

    public ObservableList<AgentRow> agents() {
        return agentsView;
    }

    public ObservableList<String> flags() {
        return flagsView;
    }

    public ObservableList<String> journals() {
        return journalsView;
    }

    /** A flagged line as read, without its list marker: "— In lib/…", not "— - In lib/…". */
    static String lineText(String line) {
        return line.strip().replaceFirst("^(?:[-*+]|\\d+[.)])\\s+", "");
    }

    /** The shown agent's profile folder. */
    public ReadOnlyStringProperty folderProperty() {
        return folder.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lessonsProperty() {
        return lessons.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty journalTextProperty() {
        return journalText.getReadOnlyProperty();
    }
}
