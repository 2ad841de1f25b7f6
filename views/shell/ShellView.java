package views.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.application.Application;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import viewmodels.shell.CommandPaletteViewModel;
import viewmodels.shell.ReviewSharingViewModel;
import viewmodels.shell.SectionItem;
import viewmodels.shell.ShellViewModel;
import views.components.DialogEdges;

/**
 * The main window's frame: menu bar, navigation rail, message banners, the current section, and the status bar.
 * It binds to {@link ShellViewModel} and forwards user actions; the sections' own views are supplied per workspace.
 */
public final class ShellView {

    private static final KeyCode[] DIGITS = {KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4,
        KeyCode.DIGIT5, KeyCode.DIGIT6, KeyCode.DIGIT7, KeyCode.DIGIT8, KeyCode.DIGIT9, KeyCode.DIGIT0};

    /** Key in a section root's properties naming the node to focus when the section is shown. */
    public static final String INITIAL_FOCUS = "brainconsole.initialFocus";

    private final ShellViewModel vm;
    private final BorderPane root = new BorderPane();
    private final NavRail rail;
    private final StackPane content = new StackPane();
    private final Map<String, Node> built = new HashMap<>();
    private final Label statusLeft = new Label();
    private final SharingStatus sharing = new SharingStatus();
    private final Toast toast = new Toast();
    private Function<String, Node> sectionViews = id -> new Label("Opening workspace…");

    public ShellView(ShellViewModel vm) {
        this.vm = vm;
        this.rail = new NavRail(vm);
        content.getStyleClass().add("section-content");
        VBox center = new VBox(MessageBanners.of(vm), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        root.setTop(menuBar());
        root.setLeft(rail.node());
        root.setCenter(center);
        Region statusBar = (Region) StatusBar.of(vm, statusLeft, sharing.node());
        root.setBottom(statusBar);
        toast.keepClear(center, statusBar); // the Overview's table, a screen's last rows: never under the notification
        vm.sections().addListener((ListChangeListener<SectionItem>) change -> rebuildRail());
        vm.selectedSectionProperty().addListener((obs, old, id) -> showSection(id));
        vm.darkThemeProperty().addListener((obs, old, dark) -> applyTheme(dark));
        applyTheme(vm.darkThemeProperty().get());
        rebuildRail();
    }

    public Scene createScene() {
        StackPane layers = new StackPane(root, toast.node());
        StackPane.setAlignment(root, Pos.TOP_LEFT); // a section taller than the window overflows at the bottom, not the top
        Scene scene = new Scene(layers, 1280, 800);
        scene.getStylesheets().add(ShellView.class.getResource("/views/shell/shell.css").toExternalForm());
        // the design language every screen shares (docs/design.md): the scale, the palette of meanings
        scene.getStylesheets().add(ShellView.class.getResource("/views/design.css").toExternalForm());
        // a dialog gets the design language too, and with it an edge that shows on the dark theme
        DialogEdges.follow(List.of(ShellView.class.getResource("/views/design.css").toExternalForm()));
        // Section navigation is global: a filter sees the keys before any control (a list eats Ctrl+PgDn).
        KeyCodeCombination next = new KeyCodeCombination(KeyCode.PAGE_DOWN, KeyCombination.SHORTCUT_DOWN);
        KeyCodeCombination previous = new KeyCodeCombination(KeyCode.PAGE_UP, KeyCombination.SHORTCUT_DOWN);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (next.match(e)) {
                vm.selectNext();
                e.consume();
            } else if (previous.match(e)) {
                vm.selectPrevious();
                e.consume();
            } else {
                for (int i = 0; i < DIGITS.length; i++) {
                    if (new KeyCodeCombination(DIGITS[i], KeyCombination.SHORTCUT_DOWN).match(e)) {
                        vm.selectAt(i);
                        e.consume();
                    }
                }
            }
        });
        return scene;
    }

    /** Installs the views of a newly opened workspace; earlier ones are dropped. */
    public void showSections(Function<String, Node> views) {
        this.sectionViews = views;
        built.clear();
        showSection(vm.selectedSectionProperty().get());
    }

    public Node root() {
        return root;
    }

    /**
     * A notification over the window's bottom-right corner, whichever section is showing: {@code action} is the label
     * of its button, which (like a click on the notification) runs {@code onOpen}. A newer one replaces it.
     */
    public void showToast(String heading, String message, String action, Runnable onOpen) {
        toast.show(heading, message, action, onOpen);
    }

    /** Shows the open workspace's shared review branch in the status bar (null: none open). */
    public void showReviewSharing(ReviewSharingViewModel state) {
        sharing.bind(state);
    }

    /** Sets the status bar's left text (index backend, document count, last sync). */
    public Label statusLabel() {
        return statusLeft;
    }

    private void showSection(String id) {
        if (id == null) {
            content.getChildren().setAll(StartScreen.of(vm, this::chooseWorkspace));
            return;
        }
        Node node = built.computeIfAbsent(id, sectionViews);
        content.getChildren().setAll(node);
        if (node.getProperties().get(INITIAL_FOCUS) instanceof Node focus) {
            focusWhenShown(focus);
        }
        rail.select(id).ifPresent(button -> {
            if (!(node.getProperties().get(INITIAL_FOCUS) instanceof Node) && focusAdrift()) {
                focusWhenShown(button); // at start-up: the section's button, not whatever came first
            }
        });
    }

    /**
     * Whether the keyboard focus is nowhere the user put it: on nothing, on a node no longer in the window, or
     * outside the rail and the section (the status bar, a notification) — there a Space or Enter meant for the
     * screen would press a temporary button (the start-up sync's Cancel).
     */
    private boolean focusAdrift() {
        Scene scene = root.getScene();
        Node owner = scene == null ? null : scene.getFocusOwner();
        if (owner == null || owner.getScene() != scene) {
            return true;
        }
        for (Node n = owner; n != null; n = n.getParent()) {
            if (n == rail.node() || n == content) {
                return false;
            }
        }
        return true;
    }

    /** Focuses a node now, or as soon as it joins the scene (controls inside a SplitPane join on the first layout). */
    private static void focusWhenShown(Node focus) {
        if (focus.getScene() != null) {
            focus.requestFocus();
            return;
        }
        focus.sceneProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Scene> obs,
                                Scene old, Scene scene) {
                if (scene != null) {
                    obs.removeListener(this);
                    focus.requestFocus();
                }
            }
        });
    }

    private void rebuildRail() {
        rail.rebuild();
        showSection(vm.selectedSectionProperty().get());
    }

    private MenuBar menuBar() {
        MenuItem open = item("Open workspace…", new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN),
                this::chooseWorkspace);
        Menu recent = new Menu("Open recent");
        Runnable fillRecent = () -> recent.getItems().setAll(vm.recentWorkspaces().stream()
                .map(path -> item(path.toString(), null, () -> open(path))).toList());
        vm.recentWorkspaces().addListener((ListChangeListener<Path>) c -> fillRecent.run());
        fillRecent.run();
        MenuItem quit = item("Quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), this::quit);
        Menu file = new Menu("File", null, open, recent, quit);

        MenuItem theme = item("Toggle dark theme",
                new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                vm::toggleTheme);
        MenuItem settings = item("Workspace settings", new KeyCodeCombination(KeyCode.COMMA, KeyCombination.SHORTCUT_DOWN),
                () -> vm.select("settings"));
        MenuItem next = item("Next section", null, vm::selectNext);
        MenuItem previous = item("Previous section", null, vm::selectPrevious);
        Menu view = new Menu("View", null, settings, theme, next, previous);

        MenuItem palette = item("Command palette…", new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN),
                this::showPalette);
        MenuItem keys = item("Keyboard shortcuts", new KeyCodeCombination(KeyCode.F1), this::showShortcuts);
        Menu help = new Menu("Help", null, palette, keys);
        return new MenuBar(file, view, help);
    }

    private static MenuItem item(String text, KeyCombination accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setMnemonicParsing(false);
        item.setAccelerator(accelerator);
        item.setOnAction(e -> action.run());
        return item;
    }

    private void chooseWorkspace() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open a workspace folder (it holds workspace.json)");
        File chosen = chooser.showDialog(window());
        if (chosen != null) {
            open(chosen.toPath());
        }
    }

    /** Opens another workspace, once unsaved edits of this one are saved or discarded. */
    private void open(Path dir) {
        if (mayLeave("opening another workspace")) {
            vm.openWorkspace(dir);
        }
    }

    /** Ctrl+Q: closes the window as its close button does, so unsaved edits are asked about first. */
    private void quit() {
        Window window = window();
        if (window != null) {
            window.fireEvent(new WindowEvent(window, WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    /**
     * Whether the user may leave what is open ({@code leaving}: "closing the window", "opening another workspace").
     * With unsaved edits (Settings) it asks: Save saves them — and stays, showing why, when a save fails —, Discard
     * leaves without them, Cancel (or Escape) stays.
     */
    public boolean mayLeave(String leaving) {
        return UnsavedChangesDialog.mayLeave(window(), vm.unsaved(), leaving);
    }

    private void showShortcuts() {
        ShortcutsDialog.show(window());
    }

    /** Ctrl+K: every section, action and setting by name, with its shortcut. */
    private void showPalette() {
        List<CommandPaletteViewModel.Entry> window = List.of(
                new CommandPaletteViewModel.Entry("Open a workspace…", "Window", "Ctrl+O",
                        this::chooseWorkspace),
                new CommandPaletteViewModel.Entry("Open the demo workspace", "Window", "", () -> {
                    if (mayLeave("opening the demo workspace")) {
                        vm.openDemo();
                    }
                }),
                new CommandPaletteViewModel.Entry("Light / dark theme", "Window", "Ctrl+Shift+T",
                        vm::toggleTheme),
                new CommandPaletteViewModel.Entry("Next section", "Window", "Ctrl+PgDn", vm::selectNext),
                new CommandPaletteViewModel.Entry("Previous section", "Window", "Ctrl+PgUp",
                        vm::selectPrevious),
                new CommandPaletteViewModel.Entry("Keyboard shortcuts", "Help", "F1", this::showShortcuts),
                new CommandPaletteViewModel.Entry("Quit", "Window", "Ctrl+Q", this::quit));
        List<String> sheets = new ArrayList<>(root.getScene().getStylesheets());
        CommandPalette.show(window(), vm.palette(window), sheets);
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    private static void applyTheme(boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }
}
