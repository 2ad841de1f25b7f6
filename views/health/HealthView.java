package views.health;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import views.components.ColumnHeaders;
import views.components.OneLineCell;
import views.components.OpensAt;
import viewmodels.health.EvidenceRow;
import viewmodels.health.FindingRow;
import viewmodels.health.HealthViewModel;
import viewmodels.health.JobRow;
import viewmodels.health.JobsViewModel;
import views.shell.ShellView;

/**
 * Health: the watchdog's latest findings, worst first, with each check's trend over the last runs, figures and
 * evidence (Enter opens a document or an event file); and the scheduled jobs with run now, pause, cancel and a
 * schedule edit. Ctrl+R runs the watchdog now.
 */
public final class HealthView {

    private final HealthViewModel vm;
    private final JobsViewModel jobs;
    private final BorderPane root = new BorderPane();
    private final TableView<JobRow> jobTable = new TableView<>();
    private String scheduleFor;
    private Consumer<FindingRow> selectedFinding = row -> { };

    public HealthView(HealthViewModel vm, JobsViewModel jobs) {
        this.vm = vm;
        this.jobs = jobs;
        root.getStylesheets().addAll(HealthView.class.getResource("/views/review/review.css").toExternalForm(),
                HealthView.class.getResource("/views/health/health.css").toExternalForm());
        root.setPadding(new Insets(12));
        root.setTop(header());
        SplitPane lower = new SplitPane(evidencePane(), jobsPane());
        lower.setDividerPositions(0.22);
        SplitPane split = new SplitPane(findingsPane(), lower);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.55); // one line a finding: at 1280 × 800 every finding and every job in view
        root.setCenter(split);
        root.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN).match(e)) {
                vm.runWatchdogNow();
                e.consume();
            }
        });
    }

    private Node header() {
        Label title = new Label("Health");
        title.getStyleClass().add(Styles.TITLE_3);
        Label summary = new Label();
        summary.setId("health-summary");
        summary.textProperty().bind(vm.summaryProperty());
        summary.getStyleClass().add(Styles.TEXT_MUTED);
        Button run = new Button("Run watchdog now  (Ctrl+R)");
        run.setId("health-run");
        run.getStyleClass().add(Styles.ACCENT);
        run.setOnAction(e -> vm.runWatchdogNow());
        // the title and the button keep their width; a long summary (a blind run's) wraps instead of cutting them
        title.setMinWidth(Region.USE_PREF_SIZE);
        run.setMinWidth(Region.USE_PREF_SIZE);
        summary.setWrapText(true);
        summary.setMinWidth(0);
        HBox.setHgrow(summary, Priority.ALWAYS);
        HBox head = new HBox(12, title, run, summary);
        head.setAlignment(Pos.CENTER_LEFT);
        Label problems = banner("health-problems");
        problems.textProperty().bind(Bindings.createStringBinding(() -> Stream.of(
                vm.problemsProperty().get(), jobs.problemsProperty().get()).filter(t -> !t.isEmpty())
                .collect(Collectors.joining("\n")), vm.problemsProperty(), jobs.problemsProperty()));
        problems.visibleProperty().bind(vm.problemsProperty().isNotEmpty().or(jobs.problemsProperty().isNotEmpty()));
        problems.managedProperty().bind(problems.visibleProperty());
        VBox top = new VBox(8, head, problems);
        top.setPadding(new Insets(0, 0, 8, 0));
        root.getProperties().put(ShellView.INITIAL_FOCUS, run);
        return top;
    }

    private static Label banner(String id) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().add("review-notice");
        return label;
    }

    private Node findingsPane() {
        TableView<FindingRow> table = new TableView<>(vm.findings());
        table.setId("health-findings");
        OpensAt.follow(vm.openAt(), table, FindingRow::check);
        table.setFixedCellSize(26); // one line a finding, the badge's row as tall as the others
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<FindingRow, String> severity = HealthView.<FindingRow>column("Severity", FindingRow::severity, 140);
        severity.setMinWidth(140);
        severity.setCellFactory(c -> graphicCell(row -> {
            Label badge = new Label(severityWords(row.severity()) + (row.isNew() ? " · new" : ""));
            badge.getStyleClass().addAll("severity-badge", "sev-" + row.severity());
            return badge;
        }));
        table.getColumns().add(severity);
        // words, not codes: "turn write compliance"
        TableColumn<FindingRow, String> check = HealthView.<FindingRow>column("Check",
                r -> r.check().replace('-', ' ').replace('_', ' '), 170);
        check.setMinWidth(190); // "turn write compliance" whole, never "…"
        table.getColumns().add(check);
        // one line a finding (docs/design.md): the whole message and its figures are in the tooltip and in the
        // detail beside the evidence, never a five-line cell
        TableColumn<FindingRow, String> finding = HealthView.<FindingRow>column("Finding",
                r -> r.message() + (r.figures().isEmpty() ? "" : "\n" + r.figures()), 520);
        finding.setCellFactory(c -> new OneLineCell<>());
        table.getColumns().add(finding);
        TableColumn<FindingRow, String> trend = HealthView.<FindingRow>column("Trend", r -> "", 130);
        trend.setMinWidth(110);
        trend.setCellFactory(c -> graphicCell(row -> {
            HBox cells = new HBox(3);
            cells.setAlignment(Pos.CENTER_LEFT);
            for (String s : row.trend()) {
                Region cell = new Region();
                cell.getStyleClass().addAll("trend-cell", "sev-" + (s.isEmpty() ? "NONE" : s));
                Tooltip.install(cell, new Tooltip(s.isEmpty() ? "not checked" : s));
                cells.getChildren().add(cell);
            }
            return cells;
        }));
        table.getColumns().add(3, trend);
        ColumnHeaders.keepWhole(table);
        table.setPlaceholder(new Label("No watchdog run yet. Run it now with Ctrl+R."));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> {
            vm.select(row);
            selectedFinding.accept(row);
        });

        VBox.setVgrow(table, Priority.ALWAYS);
        Label title = new Label("Findings of the latest run, worst first");
        title.getStyleClass().add(Styles.TITLE_4);
        // the selected finding whole, under the table at its full width: its message, then its figures (muted)
        Label detail = new Label();
        detail.setId("health-finding-detail");
        detail.setWrapText(true);
        detail.setMinHeight(Region.USE_PREF_SIZE);
        Label figures = new Label();
        figures.setId("health-finding-figures");
        figures.setWrapText(true);
        figures.setMinHeight(Region.USE_PREF_SIZE);
        figures.getStyleClass().addAll(Styles.TEXT_SMALL, Styles.TEXT_MUTED);
        selectedFinding = row -> {
            detail.setText(row == null ? "" : row.message());
            figures.setText(row == null ? "" : row.figures());
        };
        return new VBox(6, title, table, detail, figures);
    }

    private Node evidencePane() {
        ListView<EvidenceRow> evidence = new ListView<>(vm.evidence());
        evidence.setId("health-evidence");
        Label none = new Label("Select a finding to see its evidence.");
        none.getStyleClass().add(Styles.TEXT_MUTED);
        none.setWrapText(true); // a narrow pane wraps it by words
        none.setPadding(new Insets(8));
        evidence.setPlaceholder(none);
        evidence.setCellFactory(l -> {
            // one line an item (a file name is never broken mid-word); the whole line and its reference in the tooltip
            ListCell<EvidenceRow> cell = new ListCell<>() {
                @Override
                protected void updateItem(EvidenceRow item, boolean empty) {
                    super.updateItem(item, empty);
                    setText(empty || item == null ? null : item.text().strip().replaceAll("\\s*\\n\\s*", " · "));
                    setTooltip(empty || item == null ? null : new Tooltip(item.text() + "\n" + item.ref()));
                }
            };
            cell.setWrapText(false);
            cell.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
            cell.setPrefWidth(0);
            return cell;
        });
        evidence.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                vm.open(evidence.getSelectionModel().getSelectedItem());
            }
        });
        evidence.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                vm.open(evidence.getSelectionModel().getSelectedItem());
            }
        });
        Label title = new Label("Evidence");
        title.getStyleClass().add(Styles.TITLE_4);
        Label keys = new Label("Enter or double-click opens");
        keys.getStyleClass().addAll(Styles.TEXT_SMALL, Styles.TEXT_MUTED);
        VBox.setVgrow(evidence, Priority.ALWAYS);
        VBox box = new VBox(6, title, evidence, keys);
        box.setPadding(new Insets(8, 8, 0, 0));
        return box;
    }

    private Node jobsPane() {
        jobTable.setId("health-jobs");
        jobTable.setItems(jobs.rows());
        OpensAt.follow(vm.openAt(), jobTable, JobRow::id);
        // the columns fit the pane, one line a job (docs/design.md): a long "last run" is whole in its tooltip and in
        // the job's runs below
        jobTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        for (TableColumn<JobRow, String> c : List.of(HealthView.<JobRow>column("Job", JobRow::title, 180),
                HealthView.<JobRow>column("Schedule", r -> r.problem().isEmpty() ? r.schedule() : "⚠ " + r.schedule(), 100),
                HealthView.<JobRow>column("Next run", JobRow::next, 150),
                HealthView.<JobRow>column("State", r -> r.state() + (r.overran() ? " · overran" : ""), 70),
                HealthView.<JobRow>column("Last run", JobRow::last, 260))) {
            // the short cells (a job's name, its schedule, the next run, its state) whole; the last run takes the rest
            c.setMinWidth("Last run".equals(c.getText()) ? 120 : c.getPrefWidth());
            c.setCellFactory(x -> new OneLineCell<>());
            jobTable.getColumns().add(c);
        }
        ColumnHeaders.keepWhole(jobTable);
        jobTable.setFixedCellSize(30);
        jobTable.setPrefHeight(30 * 4 + 44); // the four jobs, one line each, and the header
        jobTable.setMinHeight(30 * 4 + 44);
        TextField schedule = new TextField();
        schedule.setId("health-schedule");
        schedule.setPromptText("cron, e.g. 0 3 * * *"); // whole at 1100 px; the fields' order is in the tooltip
        schedule.setTooltip(new Tooltip("cron: minute hour day-of-month month day-of-week"));
        schedule.setPrefColumnCount(14);
        schedule.setMinWidth(150);
        Label description = new Label();
        description.getStyleClass().add(Styles.TEXT_MUTED);
        jobTable.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> {
            if (row == null) {
                return; // a row being replaced by its newer state; it is selected again below
            }
            jobs.select(row.id());
            if (!row.id().equals(scheduleFor)) {
                scheduleFor = row.id();
                schedule.setText(row.schedule());
            }
            description.setText(row.problem().isEmpty() ? row.description() : row.problem());
        });
        jobs.rows().addListener((ListChangeListener<JobRow>) c -> {
            for (int i = 0; i < jobTable.getItems().size(); i++) {
                if (jobTable.getItems().get(i).id().equals(scheduleFor)
                        && jobTable.getSelectionModel().getSelectedIndex() != i) {
                    jobTable.getSelectionModel().select(i);
                }
            }
        });
        Button apply = new Button("Save schedule");
        apply.setId("health-schedule-save");
        apply.setOnAction(e -> jobs.applySchedule(selectedId(), schedule.getText()));
        schedule.setOnAction(e -> jobs.applySchedule(selectedId(), schedule.getText()));
        Button run = new Button("Run now");
        run.setId("health-job-run");
        run.setOnAction(e -> jobs.runNow(selectedId()));
        Button pause = new Button("Pause / resume");
        pause.setId("health-job-pause");
        pause.setOnAction(e -> jobs.togglePause(jobTable.getSelectionModel().getSelectedItem()));
        Button cancel = new Button("Cancel run");
        cancel.setId("health-job-cancel");
        cancel.setOnAction(e -> jobs.cancel(selectedId()));
        jobTable.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                jobs.runNow(selectedId());
            } else if (e.getCode() == KeyCode.P) {
                jobs.togglePause(jobTable.getSelectionModel().getSelectedItem());
            } else if (e.getCode() == KeyCode.ESCAPE) {
                jobs.cancel(selectedId());
            }
        });
        apply.setMinWidth(Region.USE_PREF_SIZE);
        HBox scheduleEdit = new HBox(8, schedule, apply); // the field and its Save keep together on a line
        scheduleEdit.setAlignment(Pos.CENTER_LEFT);
        FlowPane actions = new FlowPane(8, 6, run, pause, cancel, scheduleEdit);
        actions.setAlignment(Pos.CENTER_LEFT);
        Label error = new Label();
        error.setId("health-schedule-error");
        error.setWrapText(true);
        error.setMinHeight(Region.USE_PREF_SIZE); // the whole reason, never "…: Cron ..."
        error.getStyleClass().add("review-problem");
        error.textProperty().bind(jobs.scheduleErrorProperty());
        error.visibleProperty().bind(jobs.scheduleErrorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        Label message = new Label();
        message.setId("health-jobs-message");
        message.textProperty().bind(jobs.messageProperty());
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.getStyleClass().add(Styles.TEXT_MUTED);
        ListView<String> history = new ListView<>(jobs.history());
        history.setId("health-job-history");
        history.setPlaceholder(new Label("Select a job to see its runs."));
        history.setPrefHeight(96);
        history.setMinHeight(72); // at least two runs, whatever the window's height
        VBox.setVgrow(history, Priority.ALWAYS);
        Label title = new Label("Scheduled jobs");
        title.getStyleClass().add(Styles.TITLE_4);
        for (Node n : actions.getChildren()) {
            if (n instanceof Button b) {
                b.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        description.setWrapText(true);
        description.setMinHeight(Region.USE_PREF_SIZE);
        // the job's actions above its table: in a short window they stay in view without scrolling the pane
        VBox box = new VBox(6, title, actions, error, jobTable, description, message, history);
        box.setPadding(new Insets(8, 8, 0, 8));
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true); // a short window scrolls the jobs pane rather than squeezing the runs list
        scroll.setFitToHeight(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMinHeight(0);
        return scroll;
    }

    private String selectedId() {
        JobRow row = jobTable.getSelectionModel().getSelectedItem();
        return row == null ? null : row.id();
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> get, double width) {
        TableColumn<R, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(get.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** A severity in words: "Warning", not "WARNING". */
    private static String severityWords(String severity) {
        if (severity == null || severity.isEmpty() || "OK".equals(severity)) {
            return severity == null ? "" : severity;
        }
        return severity.charAt(0) + severity.substring(1).toLowerCase(Locale.ROOT);
    }

    /** A cell showing a node made from its row (a badge, the trend squares). */
    private static TableCell<FindingRow, String> graphicCell(Function<FindingRow, Node> show) {
        return new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                FindingRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setGraphic(row == null ? null : show.apply(row));
            }
        };
    }

    public Node root() {
        return root;
    }
}
