package views.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Styles;
import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import javafx.application.Application;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import viewmodels.shell.SectionItem;
import viewmodels.shell.ShellViewModel;

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
    private final VBox rail = new VBox();
    private final ToggleGroup railGroup = new ToggleGroup();
    private final StackPane content = new StackPane();
    private final Map<String, Node> built = new HashMap<>();
    private final Label statusLeft = new Label();
    private final Toast toast = new Toast();
    private Function<String, Node> sectionViews = id -> new Label("Opening workspace…");

    public ShellView(ShellViewModel vm) {
        this.vm = vm;
        rail.getStyleClass().add("nav-rail");
        content.getStyleClass().add("section-content");
        VBox center = new VBox(banner(), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        root.setTop(menuBar());
        root.setLeft(rail);
        root.setCenter(center);
        root.setBottom(statusBar());
        vm.sections().addListener((ListChangeListener<SectionItem>) change -> rebuildRail());
        vm.selectedSectionProperty().addListener((obs, old, id) -> showSection(id));
        // the rail's arrow keys select a button without firing it: the selected button is the section shown, so
        // selecting one shows it, and the shown one cannot be unselected (a click on it, or the group emptied)
        railGroup.selectedToggleProperty().addListener((obs, was, now) -> {
            if (now == null) {
                if (was != null && rail.getChildren().contains((Node) was)
                        && was.getUserData().equals(vm.selectedSectionProperty().get())) {
                    was.setSelected(true);
                }
            } else if (!now.getUserData().equals(vm.selectedSectionProperty().get())) {
                vm.select((String) now.getUserData());
            }
        });
        vm.darkThemeProperty().addListener((obs, old, dark) -> applyTheme(dark));
        applyTheme(vm.darkThemeProperty().get());
        rebuildRail();
    }

    public Scene createScene() {
        StackPane layers = new StackPane(root, toast.node());
        StackPane.setAlignment(root, Pos.TOP_LEFT); // a section taller than the window overflows at the bottom, not the top
        Scene scene = new Scene(layers, 1280, 800);
        scene.getStylesheets().add(ShellView.class.getResource("/views/shell/shell.css").toExternalForm());
        // Section navigation is global: a filter sees the keys before any control (a list eats Ctrl+PgDn).
        KeyCodeCombination next = new KeyCodeCombination(KeyCode.PAGE_DOWN, KeyCombination.SHORTCUT_DOWN);
        KeyCodeCombination previous = new KeyCodeCombination(KeyCode.PAGE_UP, KeyCombination.SHORTCUT_DOWN);
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
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
        railGroup.getToggles().stream().filter(t -> id.equals(t.getUserData())).findFirst()
                .ifPresent(t -> {
                    t.setSelected(true);
                    if (!(node.getProperties().get(INITIAL_FOCUS) instanceof Node) && focusAdrift()) {
                        focusWhenShown((Node) t); // at start-up: the section's button, not whatever came first
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
            if (n == rail || n == content) {
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
        focus.sceneProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends javafx.scene.Scene> obs,
                                javafx.scene.Scene old, javafx.scene.Scene scene) {
                if (scene != null) {
                    obs.removeListener(this);
                    focus.requestFocus();
                }
            }
        });
    }

    private void rebuildRail() {
        rail.getChildren().clear();
        railGroup.getToggles().clear();
        int position = 1;
        for (SectionItem item : vm.sections()) {
            ToggleButton button = new ToggleButton(item.title());
            button.setId("nav-" + item.id());
            button.setUserData(item.id());
            button.setToggleGroup(railGroup);
            button.setMaxWidth(Double.MAX_VALUE);
            button.setAlignment(Pos.CENTER_LEFT);
            button.getStyleClass().add("nav-button");
            String hint = item.hint() + (position <= 10 ? "  (Ctrl+" + position % 10 + ")" : "");
            // a section with unsaved edits (Settings) says so in the rail, whichever section is shown
            javafx.collections.ObservableSet<String> unsaved = vm.unsaved().sections();
            button.textProperty().bind(Bindings.createStringBinding(
                    () -> unsaved.contains(item.id()) ? item.title() + "  ●" : item.title(), unsaved));
            Tooltip tip = new Tooltip();
            tip.textProperty().bind(Bindings.createStringBinding(
                    () -> unsaved.contains(item.id()) ? hint + "\n● Unsaved changes" : hint, unsaved));
            button.setTooltip(tip);
            button.setOnAction(e -> {
                vm.select(item.id());
                button.setSelected(true);
            });
            rail.getChildren().add(button);
            position++;
        }
        showSection(vm.selectedSectionProperty().get());
    }

    private Node banner() {
        Label error = new Label();
        error.setId("error-banner");
        error.setWrapText(true);
        error.textProperty().bind(vm.errorMessageProperty());
        Button dismiss = new Button("Dismiss");
        dismiss.setOnAction(e -> vm.dismissError());
        javafx.scene.control.Button rebuild = new javafx.scene.control.Button("Rebuild index");
        rebuild.setId("rebuild-index");
        rebuild.setOnAction(e -> vm.rebuildIndex());
        rebuild.visibleProperty().bind(vm.rebuildOfferedProperty());
        rebuild.managedProperty().bind(rebuild.visibleProperty());
        HBox errorBox = new HBox(12, error, rebuild, dismiss);
        HBox.setHgrow(error, Priority.ALWAYS);
        errorBox.getStyleClass().addAll("banner", "banner-error");
        errorBox.visibleProperty().bind(vm.errorMessageProperty().isNotEmpty());
        errorBox.managedProperty().bind(errorBox.visibleProperty());

        Label notice = new Label();
        notice.setId("notice-banner");
        notice.setWrapText(true);
        notice.textProperty().bind(vm.noticeProperty());
        Button ok = new Button("Dismiss");
        ok.setId("notice-dismiss");
        ok.setMinWidth(Region.USE_PREF_SIZE);
        ok.setOnAction(e -> vm.dismissNotice());
        HBox noticeBox = new HBox(12, notice, ok);
        HBox.setHgrow(notice, Priority.ALWAYS);
        noticeBox.getStyleClass().addAll("banner", "banner-notice");
        noticeBox.visibleProperty().bind(vm.noticeProperty().isNotEmpty());
        noticeBox.managedProperty().bind(noticeBox.visibleProperty());

        Label warnings = new Label();
        warnings.setId("warning-banner");
        warnings.setWrapText(true);
        warnings.textProperty().bind(Bindings.createStringBinding(
                () -> "Workspace settings to check:\n• " + String.join("\n• ", vm.warnings()), vm.warnings()));
        HBox warningBox = new HBox(warnings);
        warningBox.getStyleClass().addAll("banner", "banner-warning");
        warningBox.visibleProperty().bind(Bindings.isNotEmpty(vm.warnings()));
        warningBox.managedProperty().bind(warningBox.visibleProperty());
        Label frozen = new Label();
        frozen.setId("policy-banner");
        frozen.setWrapText(true);
        frozen.textProperty().bind(vm.policyBannerProperty());
        HBox frozenBox = new HBox(frozen);
        frozenBox.getStyleClass().addAll("banner", "banner-warning");
        frozenBox.visibleProperty().bind(vm.policyBannerProperty().isNotEmpty());
        frozenBox.managedProperty().bind(frozenBox.visibleProperty());
        return new VBox(errorBox, noticeBox, warningBox, frozenBox);
    }

    private Node statusBar() {
        statusLeft.setId("status-index");
        ProgressBar progress = new ProgressBar();
        progress.setPrefWidth(140);
        progress.progressProperty().bind(vm.tasks().progressProperty());
        Label task = new Label();
        task.setId("status-task");
        task.textProperty().bind(vm.tasks().messageProperty());
        task.setMinWidth(120); // a long file name in the task gives way ("Sync: system/brain/…") before the path
        // one width whatever the task says: the progress bar and Cancel stay put as the file names go by (they moved
        // with every new label, so a click meant for Cancel could miss)
        task.setPrefWidth(320);
        task.setMaxWidth(320);
        progress.setId("status-progress");
        Button cancel = new Button("Cancel");
        cancel.setId("status-cancel");
        cancel.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        // a click cancels; the keyboard never lands here by itself (it showed up focused at start-up, so a Space in
        // the first seconds cancelled the first sync) — Knowledge's Sync now has its own Cancel for the keyboard
        cancel.setFocusTraversable(false);
        cancel.setOnAction(e -> vm.tasks().cancelAll());
        cancel.setMinWidth(Region.USE_PREF_SIZE); // never "C…": the task text gives way first
        progress.setMinWidth(Region.USE_PREF_SIZE);
        HBox taskBox = new HBox(8, task, progress, cancel);
        taskBox.setAlignment(Pos.CENTER_RIGHT);
        taskBox.visibleProperty().bind(vm.tasks().runningProperty());
        taskBox.managedProperty().bind(taskBox.visibleProperty());
        statusLeft.setMinWidth(Region.USE_PREF_SIZE);
        Label workspace = new Label();
        workspace.setId("status-workspace");
        workspace.getStyleClass().add(Styles.TEXT_MUTED);
        workspace.textProperty().bind(vm.workspacePathProperty());
        workspace.setTextOverrun(javafx.scene.control.OverrunStyle.LEADING_ELLIPSIS); // a long path keeps its end
        workspace.setMinWidth(240); // never cut to "…orkspace": at least the last folders of the path show
        Tooltip path = new Tooltip();
        path.textProperty().bind(vm.workspacePathProperty());
        workspace.setTooltip(path);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(16, statusLeft, spacer, taskBox, workspace);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("status-bar");
        return bar;
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
            window.fireEvent(new javafx.stage.WindowEvent(window, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    /**
     * Whether the user may leave what is open ({@code leaving}: "closing the window", "opening another workspace").
     * With unsaved edits (Settings) it asks: Save saves them — and stays, showing why, when a save fails —, Discard
     * leaves without them, Cancel (or Escape) stays.
     */
    public boolean mayLeave(String leaving) {
        viewmodels.shell.UnsavedEdits edits = vm.unsaved();
        if (!edits.any()) {
            return true;
        }
        javafx.scene.control.ButtonType save = new javafx.scene.control.ButtonType("Save",
                javafx.scene.control.ButtonBar.ButtonData.YES);
        javafx.scene.control.ButtonType discard = new javafx.scene.control.ButtonType("Discard",
                javafx.scene.control.ButtonBar.ButtonData.NO);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, edits.choices(), save, discard,
                javafx.scene.control.ButtonType.CANCEL);
        ask.initOwner(window());
        ask.setTitle("Unsaved changes");
        ask.setHeaderText(edits.question(leaving));
        ask.getDialogPane().setId("unsaved-dialog");
        javafx.scene.control.ButtonType chosen = ask.showAndWait().orElse(javafx.scene.control.ButtonType.CANCEL);
        if (chosen == save) {
            return edits.saveAll();
        }
        return chosen == discard;
    }

    private void showShortcuts() {
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(window());
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        alert.getDialogPane().setMinWidth(window() == null ? 780 : Math.min(920, window().getWidth() - 40));
        String text = viewmodels.shell.Shortcuts.sheet();
        javafx.scene.control.Label sheet = new javafx.scene.control.Label(text);
        sheet.setId("shortcuts-sheet");
        sheet.setStyle("-fx-font-family: monospace;");
        sheet.setWrapText(true); // a long line wraps within the sheet: no sideways scroll, nothing cut
        sheet.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(sheet);
        scroll.setId("shortcuts-scroll");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        // the sheet scrolls inside a dialog that fits the window (its header and OK button stay in view)
        double room = window() == null ? 560 : Math.max(200, window().getHeight() - 230);
        scroll.setPrefViewportHeight(Math.min(room, text.lines().count() * 17.0 + 8));
        alert.getDialogPane().setContent(scroll);
        alert.show();
    }

    /** Ctrl+K: every section, action and setting by name, with its shortcut. */
    private void showPalette() {
        java.util.List<viewmodels.shell.CommandPaletteViewModel.Entry> window = java.util.List.of(
                new viewmodels.shell.CommandPaletteViewModel.Entry("Open a workspace…", "Window", "Ctrl+O",
                        this::chooseWorkspace),
                new viewmodels.shell.CommandPaletteViewModel.Entry("Open the demo workspace", "Window", "", () -> {
                    if (mayLeave("opening the demo workspace")) {
                        vm.openDemo();
                    }
                }),
                new viewmodels.shell.CommandPaletteViewModel.Entry("Light / dark theme", "Window", "Ctrl+Shift+T",
                        vm::toggleTheme),
                new viewmodels.shell.CommandPaletteViewModel.Entry("Next section", "Window", "Ctrl+PgDn", vm::selectNext),
                new viewmodels.shell.CommandPaletteViewModel.Entry("Previous section", "Window", "Ctrl+PgUp",
                        vm::selectPrevious),
                new viewmodels.shell.CommandPaletteViewModel.Entry("Keyboard shortcuts", "Help", "F1", this::showShortcuts),
                new viewmodels.shell.CommandPaletteViewModel.Entry("Quit", "Window", "Ctrl+Q", this::quit));
        java.util.List<String> sheets = new java.util.ArrayList<>(root.getScene().getStylesheets());
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
