package views.health;

import atlantafx.base.theme.Styles;
import java.util.List;
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
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
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
import javafx.scene.text.Text;
import viewmodels.health.EvidenceRow;
import viewmodels.health.FindingRow;
import viewmodels.health.HealthViewModel;
import viewmodels.health.JobRow;
import viewmodels.health.JobsViewModel;
import views.components.ColumnHeaders;
import views.components.WrappingCell;
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

    public HealthView(HealthViewModel vm, JobsViewModel jobs) {
        this.vm = vm;
        this.jobs = jobs;
        root.getStylesheets().addAll(HealthView.class.getResource("/views/review/review.css").toExternalForm(),
                HealthView.class.getResource("/views/health/health.css").toExternalForm());
        root.setPadding(new Insets(12));
        root.setTop(header());
        SplitPane lower = new SplitPane(evidencePane(), jobsPane());
        lower.setDividerPositions(0.28);
        SplitPane split = new SplitPane(findingsPane(), lower);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.58); // the findings first: at 1100 × 700 two of them in view, not one and a half
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
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<FindingRow, String> severity = HealthView.<FindingRow>column("Severity", FindingRow::severity, 140);
        severity.setMinWidth(140);
        severity.setCellFactory(c -> graphicCell(row -> {
            Label badge = new Label(row.severity() + (row.isNew() ? " · new" : ""));
            badge.getStyleClass().addAll("severity-badge", "sev-" + row.severity());
            return badge;
        }));
        table.getColumns().add(severity);
        TableColumn<FindingRow, String> check = HealthView.<FindingRow>column("Check", FindingRow::check, 170);
        check.setMinWidth(190); // "turn-write-compliance" whole, never "…"
        table.getColumns().add(check);
        for (TableColumn<FindingRow, String> text : List.of(HealthView.<FindingRow>column("Finding", FindingRow::message, 420),
                HealthView.<FindingRow>column("Figures", FindingRow::figures, 220))) {
            text.setCellFactory(c -> new WrappingCell<>()); // a long finding wraps whole, every line shown
            table.getColumns().add(text);
            if ("Figures".equals(text.getText())) {
                text.setMinWidth(190); // squeezed to 130 px at 1100, eight figures made a row seven lines tall
            }
        }
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
        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> vm.select(row));

        VBox.setVgrow(table, Priority.ALWAYS);
        Label title = new Label("Findings of the latest run, worst first");
        title.getStyleClass().add(Styles.TITLE_4);
        return new VBox(6, title, table);
    }

    private Node evidencePane() {
        ListView<EvidenceRow> evidence = new ListView<>(vm.evidence());
        evidence.setId("health-evidence");
        Label none = new Label("Select a finding to see the documents or events behind it.");
        none.setWrapText(true); // a narrow pane wraps it by words
        none.setPadding(new Insets(8));
        evidence.setPlaceholder(none);
        evidence.setCellFactory(l -> {
            // an event line wraps within the pane, every line shown: no sideways scroll, nothing cut
            Text text = new Text();
            text.wrappingWidthProperty().bind(evidence.widthProperty().subtract(36));
            ListCell<EvidenceRow> cell = new ListCell<>() {
                @Override
                protected void updateItem(EvidenceRow item, boolean empty) {
                    super.updateItem(item, empty);
                    text.setText(empty || item == null ? "" : item.text());
                    setGraphic(empty || item == null ? null : text);
                    setTooltip(empty || item == null ? null : new Tooltip(item.ref()));
                }
            };
            text.fillProperty().bind(cell.textFillProperty());
            text.fontProperty().bind(cell.fontProperty());
            cell.setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
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
        Label title = new Label("Evidence (Enter or double-click opens)");
        title.getStyleClass().add(Styles.TITLE_4);
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        VBox.setVgrow(evidence, Priority.ALWAYS);
        VBox box = new VBox(6, title, evidence);
        box.setPadding(new Insets(8, 8, 0, 0));
        return box;
    }

    private Node jobsPane() {
        jobTable.setId("health-jobs");
        jobTable.setItems(jobs.rows());
        // the columns fit the pane: each text wraps by words within its column, never cut and never sideways
        jobTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        for (TableColumn<JobRow, String> c : List.of(HealthView.<JobRow>column("Job", JobRow::title, 150),
                HealthView.<JobRow>column("Schedule", r -> r.problem().isEmpty() ? r.schedule() : "⚠ " + r.schedule(), 105),
                HealthView.<JobRow>column("Next run", JobRow::next, 150),
                HealthView.<JobRow>column("State", r -> r.state() + (r.overran() ? " · overran" : ""), 90),
                HealthView.<JobRow>column("Last run", JobRow::last, 260))) {
            c.setMinWidth(c.getPrefWidth() * 0.6); // narrow enough to fit at 1100 px: the texts wrap by words
            c.setCellFactory(x -> new WrappingCell<>());
            jobTable.getColumns().add(c);
        }
        ColumnHeaders.keepWhole(jobTable);
        jobTable.setPrefHeight(300); // the four jobs with their wrapped lines; a short window scrolls the pane
        jobTable.setMinHeight(240);
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
        history.setPrefHeight(120);
        history.setMinHeight(96); // at least three runs, whatever the window's height
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
