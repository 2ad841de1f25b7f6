package app;

import app.cli.WarmCommands;
import app.warm.WarmOwner;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.scene.Node;
import services.knowledge.KnowledgeIndex;
import services.recall.RecallService;
import services.workspace.Workspace;
import viewmodels.knowledge.DocumentDetailViewModel;
import viewmodels.knowledge.KnowledgeViewModel;
import viewmodels.knowledge.RecallViewModel;
import viewmodels.knowledge.SyncViewModel;
import viewmodels.overview.OverviewViewModel;
import viewmodels.shell.SectionItem;
import views.knowledge.KnowledgeView;
import views.knowledge.RecallView;
import views.overview.OverviewView;
import views.review.ReviewView;
import views.notes.NoteView;
import views.brief.BriefView;
import viewmodels.brief.BriefViewModel;
import views.profiles.LessonsView;
import viewmodels.profiles.LessonsViewModel;
import viewmodels.notes.NoteViewModel;
import services.notes.TurnNotes;
import services.notes.TurnEvents;
import views.failed.FailedTargetsView;
import viewmodels.failed.FailedTargetsViewModel;
import services.failed.FailedTargetsService;
import views.amendments.AmendmentsView;
import viewmodels.amendments.AmendmentsViewModel;
import services.amendments.AmendmentImpact;
import viewmodels.review.ReviewViewModel;
import services.workspace.WorkspaceChanges.Area;
import java.util.Set;

/**
 * Everything that belongs to one open workspace: its index, its view models, and the views of its sections,
 * each view built the first time the user opens it. Closed when another workspace is opened.
 */
public final class WorkspaceScope implements AutoCloseable {

    private final Workspace workspace;
    private final KnowledgeIndex index;
    private final SyncViewModel sync;
    private final KnowledgeViewModel knowledge;
    private final viewmodels.knowledge.EmbeddingsViewModel embeddings;
    private final Map<String, Supplier<Node>> views;
    private final List<SectionItem> sections;

    private final services.failed.FailedTargets redis;
    private final ScheduledJobs jobs;
    private final viewmodels.shell.LiveWorkspaceViewModel live;
    private java.util.concurrent.ScheduledExecutorService changesPoll;
    private final AppContext app;
    private WarmOwner warmOwner;

    WorkspaceScope(Workspace workspace, AppContext app, Consumer<String> openFile, Consumer<String> selectSection,
                   Runnable reopen) {
        this.workspace = workspace;
        this.app = app;
        this.index = app.openIndex(workspace);
        this.redis = app.openFailedTargets(workspace);
        app.otel().useWorkspaceEndpoint(workspace.settings().telemetry().otlpEndpoint());
        ZoneId zone = app.clock().getZone();
        services.sync.VaultSync vaultSync = app.sync(workspace, index);
        this.sync = new SyncViewModel(index, vaultSync, app.runner(), app.clock(), workspace.readOnly());
        this.knowledge = new KnowledgeViewModel(index,
                new DocumentDetailViewModel(index, workspace, app.runner(), zone), app.runner(), zone);
        services.embedding.EmbeddingBackfill backfill = app.backfill(workspace, index);
        this.embeddings = new viewmodels.knowledge.EmbeddingsViewModel(index, workspace.readOnly() ? null : backfill,
                backfill == null ? app.embeddingsOffReason(index) : null, app.runner());
        knowledge.setSemanticAvailable(embeddings.available());
        sync.setAfterSync(() -> {
            knowledge.search();
            embeddings.embedMissing();
        });
        embeddings.setAfterEmbedding(() -> {
            if (knowledge.semanticProperty().get()) {
                knowledge.search();
            }
        });
        this.sections = List.of(
                new SectionItem("overview", "Overview", "The workspace's folders and what they hold"),
                new SectionItem("knowledge", "Knowledge", "Browse brain notes, retros, lessons, ADRs and skills"),
                new SectionItem("recall", "Recall preview", "What an agent would get injected, per budget"),
                new SectionItem("review", "Review", "Approve or reject skill-update and dream proposals"),
                new SectionItem("amendments", "Amendments", "Dream amendments applied automatically: diff, impact, revert"),
                new SectionItem("failed", "Failed targets", "Work planners must not retry yet: list, clear, prune"),
                new SectionItem("health", "Health", "Watchdog findings and trends; the scheduled sync and watchdog"),
                new SectionItem("note", "Knowledge note", "Write a turn note: what was decided and why"),
                new SectionItem("lessons", "Agent lessons", "Each agent's lessons-learned.md and journal"),
                new SectionItem("brief", "Mise brief", "What a pitch sees before deciding, and the verdict"),
                new SectionItem("telemetry", "Telemetry", "The console's own spans: what it did, how long it took"),
                new SectionItem("settings", "Settings", "Connections: index backend, Typesense, Redis, read-only"),
                new SectionItem("reach", "Knowledge reach", "Which knowledge reached the stories of recent loops; lessons' states"));
        Consumer<String> openDocument = id -> {
            selectSection.accept("knowledge");
            knowledge.detail().open(id);
        };
        this.jobs = new ScheduledJobs(workspace, app, index, vaultSync, redis, item -> {
            if (item.documentId() != null) {
                openDocument.accept(item.documentId());
            } else if (item.file() != null) {
                openFile.accept(item.file().toString());
            }
        }, sync::indexChangedElsewhere);
        services.failed.FailedTargets failedStore = redis;
        this.live = new viewmodels.shell.LiveWorkspaceViewModel(new services.workspace.WorkspaceChanges(workspace,
                index::changeStamp, failedStore == null ? null : () -> failedStore.members().members()));
        live.on(Area.INDEX, "status", sync::indexChangedElsewhere);
        live.on(Area.HEALTH, "health", jobs::refreshHealth);
        Map<String, Supplier<Node>> sectionViews = new java.util.HashMap<>();
        sectionViews.put("overview", () -> new OverviewView(new OverviewViewModel(workspace, app.inventory(), app.runner())).root());
        sectionViews.put("knowledge", () -> new KnowledgeView(knowledge, sync, embeddings, openFile).root());
        sectionViews.put("recall", () -> new RecallView(new RecallViewModel(app.recall(index), app.runner())).root());
        services.policy.PolicyService policy = app.policy(workspace);
        sectionViews.put("review", () -> new ReviewView(live(Area.PROPOSALS, "review", new ReviewViewModel(
                app.review(workspace), app.runner(), reviewer(workspace), workspace.readOnly(), policy::applying,
                id -> policy.recallEffect(id, services.policy.RecallEffect.DEFAULT_DAYS),
                app.similarLessons(index)::forProposal))).root());
        sectionViews.put("amendments", () -> new AmendmentsView(live(Area.AMENDMENTS, "amendments", new AmendmentsViewModel(
                app.amendments(workspace), new AmendmentImpact(index), app.runner(), reviewer(workspace), zone))).root());
        sectionViews.put("failed", () -> new FailedTargetsView(live(Area.FAILED, "failed", new FailedTargetsViewModel(
                app.failedTargets(workspace, index, redis), app.runner(), app.clock(), reviewer(workspace),
                openDocument))).root());
        sectionViews.put("note", () -> new NoteView(new NoteViewModel(new TurnNotes(index, TurnEvents.of(workspace,
                        app.clock()), app.clock(), new services.notes.TurnNoteLog(workspace.stateDir())), app.runner(),
                        workspace.readOnly())).root());
        sectionViews.put("lessons", () -> new LessonsView(new LessonsViewModel(new services.profiles.AgentProfiles(),
                        workspace.profilesDir(), app.runner())).root());
        sectionViews.put("health", jobs::view);
        sectionViews.put("brief", () -> new BriefView(new BriefViewModel(app.brief(workspace, index, redis), app.runner())).root());
        sectionViews.put("telemetry", () -> new views.telemetry.TelemetryView(new viewmodels.telemetry.TelemetryViewModel(
                        app.recentSpans(), app.otel().exportingTo(), zone)).root());
        sectionViews.put("settings", () -> withPolicy(new views.settings.SettingsView(new viewmodels.settings.SettingsViewModel(
                workspace, app.connections(), app.runner(), System.getenv(), reopen)).root(),
                new views.policy.PolicyView(new viewmodels.policy.PolicyViewModel(policy, app.runner(),
                        reviewer(workspace))).root()));
        sectionViews.put("reach", () -> new views.reach.ReachView(new viewmodels.reach.ReachViewModel(
                app.knowledgeReach(workspace, index), app.runner())).root());
        this.views = Map.copyOf(sectionViews);
    }

    /** Settings above, the trust dial's panel below (each scrolls on its own). */
    private static Node withPolicy(Node settings, Node policy) {
        javafx.scene.control.ScrollPane dial = new javafx.scene.control.ScrollPane(policy);
        dial.setFitToWidth(true);
        dial.setPrefHeight(360);
        javafx.scene.layout.VBox box = new javafx.scene.layout.VBox(settings, dial);
        javafx.scene.layout.VBox.setVgrow(settings, javafx.scene.layout.Priority.ALWAYS);
        box.setPadding(new javafx.geometry.Insets(0, 16, 8, 16));
        return box;
    }

    private <T> T live(Area area, String who, T viewModel) {
        Runnable refresh;
        if (viewModel instanceof ReviewViewModel vm) {
            refresh = vm::refresh;
        } else if (viewModel instanceof AmendmentsViewModel vm) {
            refresh = vm::refresh;
        } else if (viewModel instanceof FailedTargetsViewModel vm) {
            refresh = vm::refresh;
        } else {
            throw new IllegalArgumentException(who);
        }
        live.on(area, who, refresh);
        return viewModel;
    }

    /** Who decides: the workspace's {@code reviewer} key, else the operating-system user. */
    public static String reviewer(Workspace workspace) {
        String reviewer = workspace.settings().reviewer();
        return reviewer != null ? reviewer : System.getProperty("user.name", "reviewer");
    }

    /**
     * Starts the workspace's background work: index status, a first sync when the index is empty, then the
     * scheduled jobs (see {@link ScheduledJobs}).
     */
    public void start() {
        // The command line's searches and failed lists are answered by this window, warm (see WarmOwner).
        warmOwner = WarmOwner.start(workspace.dir(), new WarmCommands(app, workspace, index,
                System.getenv()));
        sync.start(() -> {
            jobs.start();
            embeddings.embedMissing(); // documents written by others, or before semantic search existed
        });
        // What a command, another window or the scheduler changed shows within two seconds, without a click.
        changesPoll = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bc-workspace-changes");
            t.setDaemon(true);
            return t;
        });
        long every = Long.getLong("brainconsole.changesMillis", 1_000);
        changesPoll.scheduleWithFixedDelay(() -> {
            try {
                Set<Area> changed = live.poll();
                if (!changed.isEmpty()) {
                    javafx.application.Platform.runLater(() -> live.apply(changed));
                }
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(WorkspaceScope.class).debug("Change poll: {}", e.getMessage());
            }
        }, every, every, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** New watchdog warnings and errors, for a desktop notification. */
    public ReadOnlyStringProperty alerts() {
        return jobs.alerts();
    }

    public Workspace workspace() {
        return workspace;
    }

    public List<SectionItem> sections() {
        return sections;
    }

    public Node view(String sectionId) {
        Supplier<Node> view = views.get(sectionId);
        if (view == null) {
            throw new IllegalArgumentException("No section " + sectionId);
        }
        return view.get();
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
        index.close();
        if (redis != null) {
            redis.close();
        }
    }
}
