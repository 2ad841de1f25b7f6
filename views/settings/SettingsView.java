package views.settings;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import viewmodels.settings.IndexChoice;
import viewmodels.settings.SettingsViewModel;
import views.components.TabMovesFocus;
import views.shell.ShellView;

/**
 * Settings: the knowledge index (the backend, and the fields the chosen backend brings), Redis
 * (none, standalone, Sentinel, Cluster; ACL user, TLS, password variable) and the read-only switch. Each field shows
 * what is wrong with it as it is typed; Test buttons show their one-line result; Ctrl+S saves.
 */
public final class SettingsView {

    private final SettingsViewModel vm;
    private final VBox root = new VBox(14);
    private int row;

    public SettingsView(SettingsViewModel vm) {
        this(vm, null);
    }

    /**
     * With {@code below} (the trust dial's panel, which saves on its own) after the connections, in the same
     * scrolling pane: one scroll bar for the whole screen.
     */
    public SettingsView(SettingsViewModel vm, Node below) {
        this.vm = vm;
        root.setPadding(new Insets(16));
        root.getStylesheets().add(SettingsView.class.getResource("/views/review/review.css").toExternalForm());
        root.getStylesheets().add(SettingsView.class.getResource("/views/settings/settings.css").toExternalForm());
        Label title = new Label("Settings");
        title.getStyleClass().add(Styles.TITLE_3);
        // "connections": the trust dial below has its own save, for another file (policy), with its own reason
        Button save = new Button("Save connections  (Ctrl+S)");
        save.setId("settings-save");
        save.getStyleClass().add(Styles.ACCENT);
        save.setOnAction(e -> vm.save());
        Button revert = new Button("Revert");
        revert.setId("settings-revert");
        revert.setTooltip(new Tooltip("Discard the edits: the fields as workspace.json has them"));
        revert.setOnAction(e -> vm.revert());
        revert.disableProperty().bind(vm.unsavedProperty().not());
        // after the buttons, so they never move when it comes and goes
        Label unsaved = new Label("● Unsaved changes");
        unsaved.setId("settings-unsaved");
        unsaved.getStyleClass().add("unsaved-badge");
        unsaved.setMinWidth(Region.USE_PREF_SIZE);
        unsaved.visibleProperty().bind(vm.unsavedProperty());
        unsaved.managedProperty().bind(unsaved.visibleProperty());
        Label message = new Label();
        message.setId("settings-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        HBox.setHgrow(message, Priority.ALWAYS);
        // a long message wraps beside them; the title and the buttons keep their size (they were squeezed to "…")
        for (Region keep : new Region[] {title, save, revert}) {
            keep.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox head = new HBox(12, title, save, revert, unsaved, message);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox body = new VBox(18, indexSection(), redisSection(), accessSection());
        if (below != null) {
            body.getChildren().addAll(new Separator(), below);
        }
        body.setPadding(new Insets(0, 12, 8, 0)); // clear of the scroll bar
        ScrollPane scroll = new ScrollPane(body);
        scroll.setId("settings-scroll");
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        root.getChildren().addAll(head, scroll);
        root.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN).match(e)) {
                vm.save();
                e.consume();
            }
        });
        // the first field, not Save: Enter on arrival saved (and reopened the workspace) with nothing changed
        root.getProperties().put(ShellView.INITIAL_FOCUS, body.lookup("#settings-backend"));
    }

    private Node indexSection() {
        GridPane grid = grid();
        row = 0;
        IndexChoice choice = vm.indexChoice();
        ChoiceBox<String> backend = choice("settings-backend", vm.index().backendProperty(), vm.backends().toArray(String[]::new));
        add(grid, "Index backend", backend, null, choice.hint());
        for (IndexChoice.Field f : choice.fields()) {
            var shown = choice.shownProperty(f.key());
            if (f.secretSource()) {
                keyRows(grid, f, shown);
            } else if (vm.index().text(f.key()) != null) {
                Control control;
                if (f.lines()) {
                    TextArea lines = TabMovesFocus.on(new TextArea());
                    lines.setId("settings-" + f.key());
                    lines.setPrefRowCount(3);
                    lines.setPromptText(f.prompt());
                    lines.textProperty().bindBidirectional(vm.index().text(f.key()));
                    control = lines;
                } else {
                    control = field("settings-" + f.key(), vm.index().text(f.key()), f.prompt());
                }
                showWhen(add(grid, f.label(), control, vm.errorProperty(f.key()), f.hint()), shown);
            }
        }
        // the ids are those of the first backend with a test (the UI tests and scripts find them)
        Node test = testRow("settings-test-typesense", choice.testLabelProperty(), vm::testIndex,
                vm.tests().indexResultProperty(), vm.tests().indexOkProperty(), "settings-typesense-result");
        test.visibleProperty().bind(choice.testShownProperty());
        test.managedProperty().bind(choice.testShownProperty());
        return section("Knowledge index", grid, test);
    }

    /** A secret's rows: where it comes from (a variable or a 0600 file), its status, and a new one to save. */
    private void keyRows(GridPane grid, IndexChoice.Field f, BooleanExpression shown) {
        ChoiceBox<String> source = choice("settings-key-source", vm.index().keySourceProperty(), "env", "file");
        TextField env = field("settings-key-env", vm.index().keyEnvProperty(), f.prompt());
        TextField file = field("settings-key-file", vm.index().keyFileProperty(), "state/typesense.key");
        env.visibleProperty().bind(vm.index().keySourceProperty().isEqualTo("env"));
        env.managedProperty().bind(env.visibleProperty());
        file.visibleProperty().bind(vm.index().keySourceProperty().isEqualTo("file"));
        file.managedProperty().bind(file.visibleProperty());
        HBox key = new HBox(8, source, env, file);
        showWhen(add(grid, f.label(), key, vm.errorProperty(f.key()), f.hint()), shown);
        Label status = new Label();
        status.setId("settings-key-status");
        status.getStyleClass().add(Styles.TEXT_MUTED);
        status.textProperty().bind(vm.keyStatusProperty());
        PasswordField newKey = new PasswordField();
        newKey.setId("settings-new-key");
        newKey.setPromptText("type a new key to save it (mode 0600 file); it is not shown again");
        newKey.textProperty().bindBidirectional(vm.index().newKeyProperty());
        showWhen(add(grid, "", new VBox(4, status, newKey), null, null), shown);
    }

    private Node redisSection() {
        GridPane grid = grid();
        row = 0;
        add(grid, "Redis", choice("settings-redis-mode", vm.redis().modeProperty(), "none", "standalone", "sentinel", "cluster"),
                null, "the loops' Redis: one server, Sentinel or a Cluster; none: failed targets live in the index only");
        var mode = vm.redis().modeProperty();
        showWhen(add(grid, "URL", field("settings-redis-url", vm.redis().urlProperty(), "redis://host:6379/0 (rediss:// for TLS)"),
                vm.errorProperty("redisUrl"), "an ACL user goes in the URL: redis://user@host:6379/0"), mode.isEqualTo("standalone"));
        showWhen(add(grid, "Sentinels", field("settings-sentinels", vm.redis().sentinelsProperty(), "host:26379, host2:26379"),
                vm.errorProperty("sentinels"), "host:port of each Sentinel, separated by commas"), mode.isEqualTo("sentinel"));
        showWhen(add(grid, "Master name", field("settings-master", vm.redis().masterNameProperty(), "mymaster"),
                vm.errorProperty("masterName"), "the name the Sentinels know the master by"), mode.isEqualTo("sentinel"));
        showWhen(add(grid, "Cluster nodes", field("settings-cluster", vm.redis().clusterProperty(), "host:7000, host:7001"),
                vm.errorProperty("cluster"), "host:port of one or more of its nodes, separated by commas"),
                mode.isEqualTo("cluster"));
        var sentinelOrCluster = mode.isEqualTo("sentinel").or(mode.isEqualTo("cluster"));
        showWhen(add(grid, "ACL user", field("settings-redis-user", vm.redis().userProperty(), "user name"), null, null),
                sentinelOrCluster);
        showWhen(add(grid, "TLS", check("settings-redis-tls", vm.redis().tlsProperty(), "use TLS"), null, null),
                sentinelOrCluster);
        showWhen(add(grid, "Password from", field("settings-redis-password-env", vm.redis().passwordEnvProperty(),
                "REDIS_PASSWORD"), vm.errorProperty("redisPasswordEnv"), "the name of an environment variable; never "
                + "the password"), mode.isNotEqualTo("none"));
        return section("Redis (failed targets, loop state, watchdog gate)", grid, testRow("settings-test-redis",
                new SimpleStringProperty("Test Redis connection"), vm::testRedis, vm.tests().redisResultProperty(), vm.tests().redisOkProperty(),
                "settings-redis-result"));
    }

    private Node accessSection() {
        GridPane grid = grid();
        row = 0;
        add(grid, "Read-only", check("settings-read-only", vm.readOnlyProperty(),
                "disable every write: sync, approve, reject, revert, clear, prune, notes (window and command line)"), null, null);
        add(grid, "Semantic search", check("settings-semantic", vm.semanticProperty(),
                "embed documents after each sync and rank by meaning as well as words (the model takes about 150 MB "
                        + "of memory once loaded)"), null, null);
        return section("Access", grid, null);
    }

    /**
     * The space below each row: in the row's own cell, not the grid's vertical gap, which a hidden row (another Redis
     * mode's fields, the Typesense fields on Lucene) kept — five hidden rows left 20 px of blank.
     */
    private static final double ROW_GAP = 4;

    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(12);
        return grid;
    }

    /**
     * Adds a row and returns its label and cell (to show them only when they apply). A field that can be wrong has
     * one line under it for its hint or, while there is one, its message in red: the line is as tall with either, so
     * nothing below moves when a message comes or goes (Test Redis jumped 20 px), and the message wraps within the
     * field's width rather than widening the form.
     */
    private Node[] add(GridPane grid, String label, Node control, ReadOnlyStringProperty error, String hint) {
        Label name = new Label(label);
        name.getStyleClass().add("settings-label");
        grid.add(name, 0, row);
        VBox cell = new VBox(2, control);
        cell.setPadding(new Insets(0, 0, ROW_GAP, 0));
        Label h = new Label(hint == null ? "" : hint);
        h.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        if (error == null) {
            if (hint != null) {
                cell.getChildren().add(h);
            }
        } else {
            Label e = new Label();
            e.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL);
            e.setWrapText(true);
            if (control instanceof Region field) {
                e.prefWidthProperty().bind(field.widthProperty());
            }
            e.textProperty().bind(error);
            e.visibleProperty().bind(error.isNotEmpty());
            h.visibleProperty().bind(error.isEmpty());
            if (control.getId() != null) {
                e.setId(control.getId() + "-error");
            }
            StackPane line = new StackPane(h, e);
            line.setAlignment(Pos.TOP_LEFT);
            cell.getChildren().add(line);
        }
        grid.add(cell, 1, row++);
        return new Node[] {name, cell};
    }

    /** Shows the row only while {@code when} holds (a Redis mode's own fields). */
    private static void showWhen(Node[] rowNodes, BooleanExpression when) {
        for (Node n : rowNodes) {
            n.visibleProperty().bind(when);
            n.managedProperty().bind(when);
        }
    }

    private static TextField field(String id, StringProperty property, String prompt) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(36);
        f.textProperty().bindBidirectional(property);
        return f;
    }

    private static CheckBox check(String id, BooleanProperty property, String text) {
        CheckBox c = new CheckBox(text);
        c.setId(id);
        c.setWrapText(true); // a long description wraps by words
        c.setMinHeight(Region.USE_PREF_SIZE);
        c.selectedProperty().bindBidirectional(property);
        return c;
    }

    private static ChoiceBox<String> choice(String id, StringProperty property, String... values) {
        ChoiceBox<String> c = new ChoiceBox<>(FXCollections.observableArrayList(values));
        c.setId(id);
        c.valueProperty().bindBidirectional(property);
        return c;
    }

    private static Node testRow(String id, ObservableValue<String> text, Runnable test, ReadOnlyStringProperty result,
                                ReadOnlyBooleanProperty ok, String resultId) {
        Button button = new Button();
        button.textProperty().bind(text);
        button.setId(id);
        button.setOnAction(e -> test.run());
        Label line = new Label();
        line.setId(resultId);
        line.setWrapText(true);
        line.textProperty().bind(result);
        ok.addListener((o, was, now) -> {
            line.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            line.getStyleClass().add(now ? Styles.SUCCESS : Styles.DANGER);
        });
        result.addListener((o, was, now) -> {
            line.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            if (!now.equals("Testing…")) {
                line.getStyleClass().add(ok.get() ? Styles.SUCCESS : Styles.DANGER);
            }
        });
        HBox box = new HBox(12, button, line);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static Node section(String title, Node grid, Node test) {
        Label t = new Label(title);
        t.getStyleClass().add(Styles.TITLE_4);
        VBox box = new VBox(8, t, grid);
        if (test != null) {
            box.getChildren().add(test);
        }
        return box;
    }

    public Node root() {
        return root;
    }
}
