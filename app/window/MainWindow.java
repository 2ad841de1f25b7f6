package app.window;

import app.compose.WorkspaceServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.animation.PauseTransition;
import javafx.animation.SequentialTransition;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.stage.Screen;
import javafx.stage.Stage;
import app.compose.AppContext;
import app.compose.ErrorReporter;
import javafx.util.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeIndexCorrupt;
import services.tasks.TaskCallbacks;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;
import viewmodels.shell.SectionItem;
import viewmodels.shell.ShellViewModel;
import views.shell.ShellView;

/**
 * Assembles the main window on a stage and swaps the sections whenever the shell opens another workspace.
 * Used by {@link ConsoleApplication} and by the UI tests.
 */
public final class MainWindow {

    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);

    private final AppContext app;
    private final ShellViewModel shell;
    private final ShellView view;
    private WorkspaceScope scope;
    private Runnable onInteractive = () -> { };

    private final Consumer<String> openFile;
    private final WorkspaceScope.WarmAnswers warmAnswers;
    private final List<Sections.Added> added = new ArrayList<>();

    public MainWindow(AppContext app, Stage stage, Consumer<String> openFile) {
        this(app, stage, openFile, null);
    }

    /** With {@code warmAnswers}, the open workspace answers the command line's read commands (see WarmOwner). */
    public MainWindow(AppContext app, Stage stage, Consumer<String> openFile,
                      WorkspaceScope.WarmAnswers warmAnswers) {
        this.app = app;
        this.warmAnswers = warmAnswers;
        this.openFile = openFile;
        this.shell = new ShellViewModel(app.loader(), app.recents(), app.runner());
        this.view = new ShellView(shell);
        stage.setScene(view.createScene());
        stage.titleProperty().bind(shell.titleProperty());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        fitToScreen(stage);
        shell.workspaceProperty().addListener((obs, old, workspace) -> show(workspace));
        shell.setDemoOpener(() -> openDemo(false));
        // the inbox is read again each time it is shown (it also follows every change of the workspace)
        shell.selectedSectionProperty().addListener((obs, old, id) -> {
            if ("inbox".equals(id) && scope != null) {
                scope.inbox().refresh();
            }
        });
        // A first workspace that cannot be opened still leaves an interactive window (with its way out): start-up
        // ends there, not whenever the user later opens a workspace by hand.
        shell.errorMessageProperty().addListener((obs, old, message) -> {
            if (message != null && !message.isEmpty() && scope == null) {
                Runnable interactive = onInteractive;
                onInteractive = () -> { };
                interactive.run();
            }
        });
        // closing with unsaved Settings asks first: Save, Discard or Cancel (which keeps the window open)
        stage.setOnCloseRequest(e -> {
            if (!view.mayLeave("closing the window")) {
                e.consume();
            }
        });
        stage.setOnHidden(e -> closeScope());
    }

    /**
     * Adds a section after the shipped ones (see {@link Sections}), in every workspace this window opens from now
     * on: its view is built from the workspace's services the first time the user opens it. For a sample or a test;
     * the console's own sections are the list in {@link Sections}.
     */
    public void addSection(String id, String title, String hint,
                           Function<WorkspaceServices, Node> view) {
        added.add(new Sections.Added(id, title, hint, view));
    }

    /**
     * The window opens at 1280 × 800; on a smaller screen (1100 × 700, a laptop with a dock) it takes the screen's
     * usable area instead, so no part of it starts off-screen.
     */
    static void fitToScreen(Stage stage) {
        Rectangle2D area = Screen.getPrimary().getVisualBounds();
        double width = stage.getScene().getWidth();
        double height = stage.getScene().getHeight();
        if (width <= area.getWidth() && height <= area.getHeight()) {
            return;
        }
        stage.setWidth(Math.min(width, area.getWidth()));
        stage.setHeight(Math.min(height, area.getHeight()));
        stage.setX(area.getMinX());
        stage.setY(area.getMinY());
        stage.setMinWidth(Math.min(stage.getMinWidth(), area.getWidth()));
        stage.setMinHeight(Math.min(stage.getMinHeight(), area.getHeight()));
    }

    /**
     * For the memory benchmark: shows every section in turn and searches a few queries in Knowledge, giving each
     * step time to load, then runs {@code done}.
     */
    public void browseEverySection(Runnable done) {
        List<Runnable> steps = new ArrayList<>();
        for (SectionItem section : scope.sections()) {
            steps.add(() -> shell.select(section.id()));
            if ("knowledge".equals(section.id())) {
                steps.add(scope::semanticIfAvailable); // with semantic search on, the questions are searched by meaning
                for (String q : List.of("retry", "idempotency email", "typesense filter", "")) {
                    steps.add(() -> scope.search(q));
                }
            }
        }
        SequentialTransition sequence = new SequentialTransition();
        for (Runnable step : steps) {
            PauseTransition pause = new PauseTransition(Duration.millis(1500));
            pause.setOnFinished(e -> step.run());
            sequence.getChildren().add(pause);
        }
        PauseTransition last = new PauseTransition(Duration.millis(2500));
        last.setOnFinished(e -> done.run());
        sequence.getChildren().add(last);
        sequence.play();
    }

    /**
     * For the benchmark: {@code started} runs when the open workspace's first embedding run starts (after the
     * first sync of an empty index, or when the workspace opens), {@code done} gets its status line when it ends.
     */
    public void whenEmbedding(Runnable started, Consumer<String> done) {
        var running = scope.embeddings().runningProperty();
        ChangeListener<Boolean> first = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> obs, Boolean was, Boolean now) {
                if (now) {
                    started.run();
                } else {
                    running.removeListener(this); // the first run only: later runs are not watched
                    done.accept(scope.embeddings().statusProperty().get());
                }
            }
        };
        if (running.get()) {
            started.run();
        }
        running.addListener(first);
    }

    /** Called once the first workspace's sections are in the window. */
    public void setOnInteractive(Runnable action) {
        this.onInteractive = action;
    }

    public ShellViewModel shell() {
        return shell;
    }

    /**
     * Opens {@code requested}; without one, the last opened workspace; without that, the demo workspace in the
     * user's data folder, written on first start, so a new user sees a populated console.
     */
    public void openInitial(Optional<Path> requested, boolean demo) {
        if (demo) {
            openDemo(true);
            return;
        }
        Optional<Path> target = requested.or(() -> app.recents().last().filter(Files::isDirectory));
        if (target.isPresent()) {
            shell.openWorkspace(target.get());
        } else {
            openDemo(false);
        }
    }

    /** Opens the demo in the data folder: written when missing, or written afresh when {@code refresh}. */
    private void openDemo(boolean refresh) {
        Path dir = app.dirs().demoWorkspace();
        shell.openingDemo(dir);
        app.runner().submit("Writing the demo workspace", progress -> {
            boolean missing = !Files.exists(dir.resolve(Workspace.FILE_NAME));
            if (missing) {
                app.demo().write(dir);
            } else if (refresh && Files.exists(dir.resolve(DemoWorkspace.MARKER))) {
                try {
                    app.demo().write(dir);
                } catch (WorkspaceException kept) {
                    // It holds files the demo did not write (or an older demo): opened as it is, nothing deleted.
                    LOG.warn("Demo not refreshed: {}", kept.getMessage());
                }
            }
            return dir;
        }, TaskCallbacks.of(shell::openWorkspace,
                error -> shell.couldNotOpen(ErrorReporter.userMessage(error, app.dirs().logs()))));
    }

    /**
     * Rebuilds a damaged index (as {@code sync --rebuild}): checks the sources, moves the index aside and opens the
     * workspace again, whose empty index is then synced in full — turn notes from their log included.
     */
    private void rebuild(Workspace workspace) {
        app.runner().submit("Rebuilding the index", progress -> {
            return app.moveIndexAsideForRebuild(workspace, false);
        }, TaskCallbacks.of(aside -> show(workspace),
                error -> shell.reportError(ErrorReporter.userMessage(error, app.dirs().logs()))));
    }

    private void show(Workspace workspace) {
        closeScope();
        LOG.info("Opened workspace {} ({})", workspace.name(), workspace.dir());
        WorkspaceServices services = app.open(workspace);
        try {
            scope = new WorkspaceScope(app, services, new FileOpener(openFile, FileOpener::handlerAvailable,
                    shell::reportNotice, FileOpener::copyToClipboard), shell::select, () -> {
                        // only Settings' Save reopens: say so in a notice that outlives the reopened screens
                        shell.reportNotice("Settings saved in " + workspace.dir().resolve(Workspace.FILE_NAME)
                                + " (only the changed keys); the workspace was reopened with them.");
                        shell.openWorkspace(workspace.dir());
                    }, shell.unsaved(), shell.messages(), warmAnswers, List.copyOf(added), shell::setWaitingCounts);
        } catch (RuntimeException e) {
            closeQuietly(services);
            notOpened(workspace, e);
            return;
        }
        shell.setSections(scope.sections());
        shell.setSectionActions(scope.paletteActions());
        view.showSections(scope::view);
        view.statusLabel().textProperty().bind(scope.statusText());
        view.showReviewSharing(scope.reviewSharing());
        scope.alerts().addListener((o, before, text) -> notify(text));
        scope.start();
        Runnable interactive = onInteractive;
        onInteractive = () -> { };
        interactive.run();
    }

    private static void closeQuietly(WorkspaceServices services) {
        try {
            services.close();
        } catch (RuntimeException e) {
            LOG.debug("Closing a workspace that did not open: {}", e.getMessage());
        }
    }

    /** A workspace that did not open: a damaged index is offered a rebuild, anything else is reported. */
    private void notOpened(Workspace workspace, RuntimeException failure) {
        if (failure instanceof KnowledgeIndexCorrupt damaged) {
            LOG.warn("The index of workspace {} is damaged", workspace.dir(), damaged);
            shell.offerRebuild(damaged.getMessage(), () -> rebuild(workspace));
            return;
        }
        LOG.warn("Could not open workspace {}", workspace.dir(), failure);
        shell.couldNotOpen(ErrorReporter.userMessage(failure, app.dirs().logs()));
    }

    /**
     * A notification inside the window for new watchdog warnings and errors, whichever screen is open; it leads to
     * the Health screen.
     */
    private void notify(String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        view.showToast("Watchdog", text, "Open Health", () -> shell.select("health"));
    }

    private void closeScope() {
        view.statusLabel().textProperty().unbind();
        view.showReviewSharing(null);
        shell.setSectionActions(List.of());
        if (scope != null) {
            scope.close();
            scope = null;
        }
    }
}
