package viewmodels.knowledge;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.vault.AdrDateReader;
import services.vault.AdrDates;
import services.workspace.BrainSettings;
import services.workspace.Workspace;
import viewmodels.text.Moments;

/**
 * The detail pane: one document rendered as markdown with its metadata, the file it came from, and its
 * provenance — for a lesson, pattern or failed target, the retro it came from and the other documents of the same
 * loop, each one click away.
 */
public final class DocumentDetailViewModel {

    static final String NOTHING_SELECTED = "Select a document to read it here.";
    static final String NO_RESULTS = "No document to show: the search found nothing.";
    static final String NOT_IN_RESULTS = "No document to show: the one shown is not among the results. Select one.";
    private static final int HISTORY = 100;

    private final KnowledgeIndex index;
    private final Workspace workspace;
    private final AdrDateReader adrDates;
    private final TaskRunner runner;
    private final Moments moments;
    private final ReadOnlyStringWrapper id = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(NOTHING_SELECTED);
    private final ReadOnlyStringWrapper metadata = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper markdown = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper sourceFile = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(false);
    private final ObservableList<LinkRow> provenance = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper provenanceHeading =
            new ReadOnlyStringWrapper("Provenance — the loop this came from");
    private final ObservableList<LinkRow> provenanceView = FXCollections.unmodifiableObservableList(provenance);
    private final ReadOnlyBooleanWrapper canGoBack = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper canGoForward = new ReadOnlyBooleanWrapper(false);
    private final ReadingHistory history = new ReadingHistory(HISTORY);
    private long generation;

    public DocumentDetailViewModel(KnowledgeIndex index, Workspace workspace, TaskRunner runner, ZoneId zone) {
        this.index = index;
        this.workspace = workspace;
        this.adrDates = new AdrDateReader(workspace.adrDir());
        this.runner = runner;
        this.moments = Moments.in(zone);
    }

    /**
     * Shows the document with this id (and loads its provenance); an unknown id clears the pane. Opened from the
     * result list: moving through the results does not fill the history, but a document reached by provenance stays
     * one Back away.
     */
    public void open(String docId) {
        history.openFromResults(docId);
        display(docId);
    }

    /**
     * Opens a document from another section (Failed targets, Health): like following a link, the document shown
     * before stays one Back away, and moving through the results afterwards does not replace it.
     */
    public void openFromElsewhere(String docId) {
        history.add(docId);
        display(docId);
    }

    /** Follows a provenance link: the document shown now is one Back away. */
    public void follow(String docId) {
        if (docId == null || docId.isBlank()) {
            return; // a link to a page that is not indexed opens nothing
        }
        history.add(docId);
        display(docId);
    }

    /** Back to the document shown before (Alt+Left, the mouse's back button). */
    public void back() {
        String before = history.back();
        if (before != null) {
            display(before);
        }
    }

    /** Forward again after Back (Alt+Right, the mouse's forward button). */
    public void forward() {
        String after = history.forward();
        if (after != null) {
            display(after);
        }
    }

    private void display(String docId) {
        canGoBack.set(history.canGoBack());
        canGoForward.set(history.canGoForward());
        long mine = ++generation; // the newest request wins over one still loading
        runner.submit("Opening " + docId, progress -> load(docId), TaskCallbacks.of(loaded -> {
            if (mine == generation) {
                show(loaded);
            }
        }, error -> {
            if (mine == generation) {
                clear("Could not open " + docId + ": " + error.getMessage());
            }
        }));
    }

    private Loaded load(String docId) {
        KnowledgeDoc doc = index.get(docId).orElse(null);
        if (doc == null) {
            return new Loaded(null, List.of(), null);
        }
        List<LinkRow> links = ProvenanceLinks.of(index, doc);
        String dated = "adr".equals(doc.type()) ? adrDates.of(doc.source(), doc.content())
                : null;
        return new Loaded(doc, links, dated);
    }

    /** {@code dated}: an ADR's own date (its file's frontmatter or body), else null. */
    private record Loaded(KnowledgeDoc doc, List<LinkRow> links, String dated) {
    }

    private void show(Loaded loaded) {
        KnowledgeDoc doc = loaded.doc();
        if (doc == null) {
            clear("This document is no longer in the index.");
            return;
        }
        id.set(doc.id());
        title.set(doc.title().isBlank() ? doc.id() : doc.title());
        List<String> meta = new ArrayList<>();
        meta.add(doc.type());
        meta.add(doc.id());
        if (doc.project() != null) {
            meta.add("project " + doc.project());
        }
        if (doc.status() != null) {
            meta.add("status " + doc.status());
        }
        if (doc.score() != null) {
            meta.add("score " + doc.score());
        }
        String dated = loaded.dated();
        if (dated != null) { // the ADR's own date: "written" is when the sync last wrote it
            meta.add("dated " + dated);
        }
        meta.add("written " + moments.moment(Instant.ofEpochSecond(doc.createdAt())));
        if (doc.id().startsWith("brain:") && doc.tags().contains("private")) {
            meta.add("private page (never copied to another backend)");
        }
        List<String> tags = doc.tags().stream().filter(t -> !ProvenanceLinks.isLinkTag(t)).toList();
        if (!tags.isEmpty()) {
            meta.add("tags " + String.join(", ", tags));
        }
        metadata.set(String.join(" · ", meta));
        markdown.set(doc.content());
        sourceFile.set(sourcePath(doc.source()));
        provenance.setAll(loaded.links());
        provenanceHeading.set(doc.loopId() == null && doc.id().startsWith("brain:")
                ? "Provenance — its parent and blockers" : "Provenance — the loop this came from");
        showing.set(true);
    }


    /**
     * Results arrived again: a pane still saying the search found nothing (a word half typed a moment ago) asks
     * for a selection instead, and so does one saying the document shown is not among the results once another
     * search is shown ({@code newSearch}: the text or a filter changed, or Esc cleared them) — nothing is shown
     * then. A document shown, or another message, stays.
     */
    public void resultsShown(boolean newSearch) {
        if (id.get().isEmpty() && (NO_RESULTS.equals(title.get()) || newSearch && NOT_IN_RESULTS.equals(title.get()))) {
            title.set(NOTHING_SELECTED);
        }
    }

    /** Empties the pane with a message (a search with no results); the history stays. */
    public void clear(String message) {
        generation++;
        id.set("");
        title.set(message);
        metadata.set("");
        markdown.set("");
        sourceFile.set("");
        provenance.clear();
        showing.set(false);
    }

    /** The file behind a {@code source} such as {@code vault:docs/decisions/0001-x.md}, or empty when not a file. */
    String sourcePath(String source) {
        if (source == null) {
            return "";
        }
        Path file = null;
        if (source.startsWith("vault:")) {
            file = workspace.vault().resolve(source.substring(6));
        } else if (source.startsWith("skills:")) {
            file = workspace.skillsDir().resolve(source.substring(7));
        } else if (source.startsWith("brain:") && source.contains("/.brain/")) { // a Brain page, in its folder
            String folder = source.substring(6, source.indexOf("/.brain/"));
            String inside = source.substring(source.indexOf("/.brain/") + 8);
            for (BrainSettings.Root root : workspace.brain().roots()) {
                if (root.name().equals(folder) && file == null) {
                    file = root.brainDir().resolve(inside);
                }
            }
        } else if (source.startsWith("skills/")) { // the running writers' form, which the console's sync writes too
            file = workspace.skillsDir().resolve(source.substring(7));
        }
        return file == null ? "" : file.normalize().toString();
    }

    public ReadOnlyStringProperty idProperty() {
        return id.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty metadataProperty() {
        return metadata.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty markdownProperty() {
        return markdown.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty sourceFileProperty() {
        return sourceFile.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canGoBackProperty() {
        return canGoBack.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canGoForwardProperty() {
        return canGoForward.getReadOnlyProperty();
    }

    /** What the provenance lines are: a loop's documents, or a Brain page's parent and blockers. */
    public ReadOnlyStringProperty provenanceHeadingProperty() {
        return provenanceHeading.getReadOnlyProperty();
    }

    public ObservableList<LinkRow> provenance() {
        return provenanceView;
    }

    /** An ADR's own date as the detail shows it (its file, read once while unchanged); null when it has none. */
    String adrDate(KnowledgeDoc doc) {
        return adrDates.of(doc.source(), doc.content());
    }
}
