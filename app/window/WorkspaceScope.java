package app.window;

import app.compose.AppContext;
import app.compose.WorkspaceServices;
import app.warm.WarmOwner;
import app.warm.WarmProtocol;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.scene.Node;
import org.slf4j.LoggerFactory;
import services.embedding.EmbeddingBackfill;
import services.inbox.InboxService;
import services.workspace.Workspace;
import services.workspace.WorkspaceChanges.Area;
import viewmodels.amendments.AmendmentsViewModel;
import viewmodels.brief.BriefViewModel;
import viewmodels.failed.FailedTargetsViewModel;
import viewmodels.inbox.InboxViewModel;
import viewmodels.knowledge.DocumentDetailViewModel;
import viewmodels.knowledge.EmbeddingsViewModel;
import viewmodels.knowledge.KnowledgeViewModel;
import viewmodels.knowledge.KnowledgeWorkspaceViewModel;
import viewmodels.knowledge.SyncViewModel;
import viewmodels.policy.SurfacesViewModel;
import viewmodels.review.ReviewViewModel;
import viewmodels.shell.LiveWorkspaceViewModel;
import viewmodels.shell.SectionMessages;
import viewmodels.shell.ReviewSharingViewModel;
import viewmodels.shell.SectionAction;
import viewmodels.shell.SectionItem;
import viewmodels.shell.UnsavedEdits;

/**
 * The window's side of one open workspace: its {@link WorkspaceServices} (wired once), the view models that live as
 * long as it is open (Knowledge, sync, embeddings, the live change poll), and the views of its {@link Sections},
 * each built the first time the user opens it. Closed when another workspace is opened.
 */
public final class WorkspaceScope implements AutoCloseable {

    /** Answers the command line's read commands for an open workspace (the CLI's warm commands), or null. */
    public interface WarmAnswers extends Function<WorkspaceServices, Function<WarmProtocol.Request, WarmProtocol.Answer>> {
    }

    private final AppContext app;
    private final WorkspaceServices services;
    private final Workspace workspace;
    private final SyncViewModel sync;
    private final KnowledgeViewModel knowledge;
    private final EmbeddingsViewModel embeddings;
    private final Map<String, Section> sections;
    private final ScheduledJobs jobs;
    private final LiveWorkspaceViewModel live;
    private final WarmAnswers warmAnswers;
    private final UnsavedEdits unsaved;
    private final SectionMessages messages;
    private final InboxViewModel inbox;
    private final ReviewSharingViewModel reviewSharing;
    private final Consumer<String> selectSection;
    private final Map<String, Consumer<String>> subjects = new HashMap<>();
    private ScheduledExecutorService changesPoll;
    private WarmOwner warmOwner;

    WorkspaceScope(AppContext app, WorkspaceServices services, Consumer<String> openFile,
                   Consumer<String> selectSection, Runnable reopen, UnsavedEdits unsaved, SectionMessages messages,
                   WarmAnswers warmAnswers, List<Sections.Added> added, Consumer<Map<String, Integer>> waiting) {
        this.app = app;
        this.selectSection = selectSection;
        this.services = services;
        this.workspace = services.workspace();
        this.warmAnswers = warmAnswers;
        this.unsaved = unsaved;
        this.messages = messages;
        var index = services.index(); // opened now: a damaged index is offered a rebuild before any screen shows
        app.otel().useWorkspaceEndpoint(workspace.settings().telemetry().otlpEndpoint());
        KnowledgeWorkspaceViewModel browser = new KnowledgeWorkspaceViewModel(workspace, index, services.sync(),
                services.backfill(), services.embeddingsOffReason(), app.runner(), app.clock(),
                KnowledgeViewModel.SEMANTIC_SETTLE_MILLIS);
        this.sync = browser.sync();
        this.knowledge = browser.knowledge();
        this.embeddings = browser.embeddings();
        Consumer<String> openDocument = id -> {
            selectSection.accept("knowledge");
            knowledge.openFromElsewhere(id); // what was shown before stays one Back away
        };
        this.jobs = new ScheduledJobs(services, app, item -> {
            if (item.documentId() != null) {
                openDocument.accept(item.documentId());
            } else if (item.file() != null) {
                openFile.accept(item.file().toString());
            }
        }, sync::indexChangedElsewhere);
        this.live = new LiveWorkspaceViewModel(services.changes());
        live.on(Area.INDEX, "status", sync::indexChangedElsewhere);
        live.on(Area.HEALTH, "health", jobs::refreshHealth);
        // the inbox follows every area it gathers from: a decision, a clear, a watchdog run, a sync
        InboxService inboxService = services.inbox();
        this.inbox = new InboxViewModel(inboxService::read, app.runner(), this::openAt, waiting);
        for (Area area : Area.values()) {
            live.on(area, "inbox", inbox::refresh);
        }
        sync.syncsFinishedProperty().addListener((o, was, now) -> inbox.refresh());
        // the shared review branch: a decision adds to what waits, each push (after a decision, the scheduler's, Sync
        // now) says where it stands — in the status bar and the inbox
        this.reviewSharing = new ReviewSharingViewModel(services.reviewSharing()::pending, services.reviewSharing()::sync,
                app.runner(), workspace.readOnly());
        live.on(Area.PROPOSALS, "review-sharing", reviewSharing::refresh);
        live.on(Area.AMENDMENTS, "review-sharing", reviewSharing::refresh);
        services.reviewSharing().onSynced(report -> Platform.runLater(() -> {
            reviewSharing.show(report);
            inbox.refresh();
        }));
        List<Section> all = new ArrayList<>(Sections.of(this, app, services, openFile, openDocument, reopen));
        added.forEach(a -> all.add(new Section(a.id(), a.title(), a.hint(), () -> a.view().apply(services))));
        this.sections = all.stream()
                .collect(Collectors.toMap(Section::id, s -> s, (a, b) -> {
                    throw new IllegalArgumentException("Two sections with the id " + a.id());
                }, LinkedHashMap::new));
    }

    SyncViewModel sync() {
        return sync;
    }

    KnowledgeViewModel knowledge() {
        return knowledge;
    }

    EmbeddingsViewModel embeddings() {
        return embeddings;
    }

    /** Where a section's form tells the window it holds unsaved edits (the rail's marker, the question on leaving). */
    UnsavedEdits unsaved() {
        return unsaved;
    }

    Node healthView() {
        onSubject("health", jobs::openAt);
        return jobs.view();
    }

    /** Where a section's view model says what goes when the section is left (its messages, read). */
    SectionMessages messages() {
        return messages;
    }

    InboxViewModel inbox() {
        return inbox;
    }

    /** The shared review branch as the status bar shows it. */
    ReviewSharingViewModel reviewSharing() {
        return reviewSharing;
    }

    /**
     * Opens {@code section} at {@code subject} (a proposal id, a failed target's key; null for the section): the
     * inbox's Enter. The section's view is built first, so its view model has registered how it shows a subject.
     */
    void openAt(String section, String subject) {
        selectSection.accept(section);
        Consumer<String> shows = subjects.get(section);
        if (shows != null && subject != null) {
            shows.accept(subject);
        }
    }

    /** How {@code section} shows one subject when the inbox opens it there (its view model's own method). */
    void onSubject(String section, Consumer<String> shows) {
        subjects.put(section, shows);
    }

    /** Registers a screen's view model to be refreshed when another process changes its area. */
    <T> T live(Area area, String who, T viewModel) {
        Runnable refresh;
        if (viewModel instanceof ReviewViewModel vm) {
            refresh = vm::refresh;
        } else if (viewModel instanceof AmendmentsViewModel vm) {
            refresh = vm::refresh;
        } else if (viewModel instanceof FailedTargetsViewModel vm) {
            refresh = vm::refresh;
        } else if (viewModel instanceof BriefViewModel vm) {
            refresh = vm::refresh;
        } else if (viewModel instanceof SurfacesViewModel vm) {
            refresh = vm::refresh;
        } else {
            throw new IllegalArgumentException(who);
        }
        live.on(area, who, refresh);
        return viewModel;
    }

    /**
     * Starts the workspace's background work: index status, a first sync when the index is empty, then the
     * scheduled jobs (see {@link ScheduledJobs}).
     */
    public void start() {
        // The command line's searches and failed lists are answered by this window, warm (see WarmOwner).
        if (warmAnswers != null) {
            warmOwner = WarmOwner.start(workspace.dir(), warmAnswers.apply(services));
        }
        inbox.refresh();
        reviewSharing.refresh();
        sync.start(() -> {
            jobs.start();
            embeddings.embedMissing(); // documents written by others, or before semantic search existed
        });
        // What a command, another window or the scheduler changed shows within two seconds, without a click.
        changesPoll = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bc-workspace-changes");
            t.setDaemon(true);
            return t;
        });
        long every = Long.getLong("brainconsole.changesMillis", 1_000);
        changesPoll.scheduleWithFixedDelay(() -> {
            try {
                Set<Area> changed = live.poll();
                if (!changed.isEmpty()) {
                    Platform.runLater(() -> live.apply(changed));
                }
            } catch (RuntimeException e) {
                LoggerFactory.getLogger(WorkspaceScope.class).debug("Change poll: {}", e.getMessage());
            }
        }, every, every, TimeUnit.MILLISECONDS);
        // "last sync 3 min ago" follows the clock (it stayed as first said until the document count changed)
        changesPoll.scheduleWithFixedDelay(() -> Platform.runLater(sync::tick), 30, 30,
                TimeUnit.SECONDS);
    }

    /** New watchdog warnings and errors, for a desktop notification. */
    public ReadOnlyStringProperty alerts() {
        return jobs.alerts();
    }

    public Workspace workspace() {
        return workspace;
    }

    public List<SectionItem> sections() {
        return sections.values().stream().map(Section::item).toList();
    }

    public Node view(String sectionId) {
        Section section = sections.get(sectionId);
        if (section == null) {
            throw new IllegalArgumentException("No section " + sectionId);
        }
        return section.view().get();
    }

    /** Turns Semantic on in the Knowledge browser when semantic search is available (the memory benchmark). */
    void semanticIfAvailable() {
        if (embeddings.available()) {
            knowledge.semanticProperty().set(true);
        }
    }

    /** Searches in the Knowledge browser (used by the memory benchmark). */
    void search(String text) {
        knowledge.queryProperty().set(text);
    }

    /**
     * The actions the command palette runs itself, not only goes to: Sync now (none on a read-only workspace, whose
     * Knowledge has no Sync now).
     */
    public List<SectionAction> paletteActions() {
        return workspace.readOnly() ? List.of() : List.of(new SectionAction("knowledge",
                "Sync now: the Vault's ADRs, retros, brain notes and the skills into the index", sync::syncNow));
    }

    /** The status bar's text: index backend, document count, last sync. */
    public ReadOnlyStringProperty statusText() {
        return sync.statusProperty();
    }

    @Override
    public void close() {
        if (warmOwner != null) {
            warmOwner.close();
        }
        if (changesPoll != null) {
            changesPoll.shutdownNow();
        }
        jobs.close();
        sync.cancel();
        services.close();
    }
}
