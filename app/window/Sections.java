package app.window;

import app.compose.AppContext;
import app.compose.WorkspaceServices;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.Node;
import javafx.scene.layout.VBox;
import services.policy.PolicyService;
import services.policy.RecallEffect;
import services.sync.SyncSources;
import services.workspace.Workspace;
import services.workspace.WorkspaceChanges.Area;
import viewmodels.amendments.AmendmentsViewModel;
import viewmodels.brief.BriefViewModel;
import viewmodels.failed.FailedTargetsViewModel;
import viewmodels.knowledge.RecallViewModel;
import viewmodels.notes.NoteViewModel;
import viewmodels.overview.OverviewViewModel;
import viewmodels.policy.PolicyViewModel;
import viewmodels.policy.SurfacesViewModel;
import viewmodels.profiles.LessonsViewModel;
import viewmodels.reach.ReachViewModel;
import viewmodels.review.ReviewViewModel;
import viewmodels.settings.SettingsViewModel;
import viewmodels.telemetry.TelemetryViewModel;
import views.amendments.AmendmentsView;
import views.brief.BriefView;
import views.failed.FailedTargetsView;
import views.inbox.InboxView;
import views.knowledge.KnowledgeView;
import views.knowledge.RecallView;
import views.notes.NoteView;
import views.overview.OverviewView;
import views.policy.PolicyView;
import views.policy.SurfacesView;
import views.profiles.LessonsView;
import views.reach.ReachView;
import views.review.ReviewView;
import views.settings.SettingsView;
import views.telemetry.TelemetryView;

/**
 * The sections of the window, in the order of the navigation rail (and so of Ctrl+1 … Ctrl+0), each with how its
 * view and view model are built from the workspace's services. Adding a section is one entry here plus the
 * feature's own view, view model and service.
 */
final class Sections {

    private Sections() {
    }

    /** A section added to the window after the shipped ones (a sample, a test): built from the workspace's services. */
    record Added(String id, String title, String hint,
                 Function<WorkspaceServices, Node> view) {
    }

    /** The Overview, its figures read again after every sync (the first one at start included). */
    private static Node overview(Workspace workspace, AppContext app, WorkspaceScope scope, WorkspaceServices services) {
        OverviewViewModel vm = new OverviewViewModel(workspace, app.inventory(), () -> SyncSources.of(workspace),
                () -> services.review().proposals(), app.runner()).withEra(services::era);
        scope.sync().syncsFinishedProperty().addListener((o, was, now) -> vm.refresh());
        return new OverviewView(vm).root();
    }

    /** The mise brief, gathered again when what it reads changes elsewhere (a clear, a sync, a watchdog run). */
    private static Node brief(WorkspaceScope scope, AppContext app, WorkspaceServices services) {
        BriefViewModel vm = new BriefViewModel(services.brief(), app.runner(), app.clock().getZone());
        for (Area area : List.of(Area.FAILED, Area.INDEX, Area.HEALTH, Area.PROPOSALS)) {
            scope.live(area, "brief", vm);
        }
        return new BriefView(vm).root();
    }

    /** The knowledge note; closing the window with typed text in it asks first, as with unsaved Settings. */
    private static Node note(WorkspaceScope scope, AppContext app, WorkspaceServices services) {
        NoteViewModel vm = new NoteViewModel(services.turnNotes(), app.runner(), services.workspace().readOnly());
        scope.unsaved().track("note", vm.unsavedProperty(), vm::saveBeforeLeaving);
        return new NoteView(vm).root();
    }

    /** Review; the inbox opens it at a proposal. */
    private static Node review(WorkspaceScope scope, AppContext app, WorkspaceServices services) {
        PolicyService policy = services.policy();
        ReviewViewModel vm = scope.live(Area.PROPOSALS, "review", new ReviewViewModel(services.review(), app.runner(),
                services.reviewer(), services.workspace().readOnly(), policy::applying,
                id -> policy.recallEffect(id, RecallEffect.DEFAULT_DAYS), services.similarLessons()::forProposal,
                app.clock().getZone()));
        scope.onSubject("review", vm::open);
        scope.messages().track("review", vm::messagesRead);
        return new ReviewView(vm).root();
    }

    /** Failed targets; leaving the section is reading its message ("Cleared …"), which then goes. */
    private static Node failed(WorkspaceScope scope, AppContext app, WorkspaceServices services, String reviewer,
                               Consumer<String> openDocument) {
        FailedTargetsViewModel vm = scope.live(Area.FAILED, "failed", new FailedTargetsViewModel(
                services.failedTargets(), app.runner(), app.clock(), reviewer, openDocument));
        scope.messages().track("failed", vm::messagesRead);
        scope.onSubject("failed", vm::open);
        return new FailedTargetsView(vm).root();
    }

    /** Settings and, below it, the trust dial; the rail marks Settings while its form differs from workspace.json. */
    private static Node settings(WorkspaceScope scope, AppContext app, WorkspaceServices services, Runnable reopen) {
        SettingsViewModel vm = new SettingsViewModel(services.workspace(), app.connections(), app.runner(),
                System.getenv(), reopen, app.indexBackends().all());
        PolicyViewModel policy = new PolicyViewModel(services.policy(), app.runner(), services.reviewer(),
                app.clock().getZone(), app.clock());
        scope.onSubject("settings", policy::open);
        // the ladder follows a sign-off, a revert or a dial saved elsewhere (the command line, the dial's job)
        SurfacesViewModel ladder = scope.live(Area.POLICY, "ladder", new SurfacesViewModel(services.policy(),
                app.runner(), services.reviewer(), app.clock().getZone(), app.clock()));
        // a reason typed for the trust dial or the ladder and not used yet counts as unsaved: Save cannot act on a
        // reason alone, so it stays and shows Settings, where the reason waits for its action
        BooleanBinding typed = policy.reasonTypedProperty().or(ladder.reasonTypedProperty());
        scope.unsaved().track("settings", vm.unsavedProperty().or(typed),
                () -> vm.saveBeforeLeaving() && !typed.get());
        return new SettingsView(vm, new VBox(16, new PolicyView(policy).root(), new SurfacesView(ladder).root())).root();
    }

    static List<Section> of(WorkspaceScope scope, AppContext app, WorkspaceServices services,
                            Consumer<String> openFile, Consumer<String> openDocument, Runnable reopen) {
        Workspace workspace = services.workspace();
        ZoneId zone = app.clock().getZone();
        String reviewer = services.reviewer();
        PolicyService policy = services.policy();
        return List.of(
                new Section("inbox", "Inbox", "What needs you now, most urgent first",
                        () -> new InboxView(scope.inbox()).root()),
                new Section("knowledge", "Knowledge", "Browse brain notes, retros, lessons, ADRs and skills",
                        () -> new KnowledgeView(scope.knowledge(), scope.sync(), scope.embeddings(), openFile).root()),
                new Section("recall", "Recall preview", "What an agent would get injected, per budget",
                        () -> new RecallView(new RecallViewModel(services.recall(), app.runner(), services.critical())).root()),
                new Section("review", "Review", "Approve or reject skill-update and dream proposals",
                        () -> review(scope, app, services)),
                new Section("amendments", "Amendments", "Dream amendments applied automatically: diff, impact, revert",
                        () -> new AmendmentsView(scope.live(Area.AMENDMENTS, "amendments", new AmendmentsViewModel(
                                services.amendments(), services.amendmentImpact(), app.runner(), reviewer,
                                zone))).root()),
                new Section("failed", "Failed targets", "Work planners must not retry yet: list, clear, prune",
                        () -> failed(scope, app, services, reviewer, openDocument)),
                new Section("health", "Health", "Watchdog findings and trends; the scheduled sync and watchdog",
                        scope::healthView),
                new Section("note", "Knowledge note", "Write a turn note: what was decided and why",
                        () -> note(scope, app, services)),
                new Section("lessons", "Agent lessons", "Each agent's lessons-learned.md and journal",
                        () -> new LessonsView(new LessonsViewModel(services.agentProfiles(), workspace.profilesDir(),
                                app.runner())).root()),
                new Section("brief", "Mise brief", "What a pitch sees before deciding, and the verdict",
                        () -> brief(scope, app, services)),
                new Section("overview", "Overview", "The workspace's folders and what they hold",
                        () -> overview(workspace, app, scope, services)),
                new Section("telemetry", "Telemetry", "The console's own spans: what it did, how long it took",
                        () -> new TelemetryView(new TelemetryViewModel(app.recentSpans(), app.otel().exportingTo(),
                                zone)).root()),
                new Section("settings", "Settings", "Connections: index backend, Typesense, Redis, read-only",
                        () -> settings(scope, app, services, reopen)),
                new Section("reach", "Knowledge reach",
                        "Which knowledge reached the stories of recent loops; lessons' states",
                        () -> new ReachView(new ReachViewModel(services.knowledgeReach(), app.runner(), zone)).root()));
    }
}
