package views.reach;

import atlantafx.base.theme.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.reach.ReachViewModel;
import views.components.WrappingCell;
import views.shell.ShellView;

/** Knowledge reach: the window, Run / Cancel with progress, the four lists; lesson states as a badge column. */
public final class ReachView {

    private final VBox root = new VBox(10);

    public ReachView(ReachViewModel vm) {
        root.setPadding(new Insets(16));
        root.getStylesheets().add(ReachView.class.getResource("/views/reach/reach.css").toExternalForm());
        Label title = new Label("Knowledge reach");
        title.getStyleClass().add(Styles.TITLE_3);
        Label intro = new Label("The implementor's injection replayed for every story of the loops of the window "
                + "(retros, and Redis PRDs for descriptions): what reached stories, what never did and why, what went "
                + "to stories that failed. Lessons: candidate → established (2 loops) → proven (5 stories, first-attempt "
                + "rate 20 points over the projects') → deprecated.");
        intro.setWrapText(true);
        intro.setMinHeight(Region.USE_PREF_SIZE); // wraps to its lines, never squeezed into "…"
        intro.getStyleClass().add(Styles.TEXT_MUTED);
        TextField days = new TextField();
        days.setId("reach-days");
        days.setPrefColumnCount(4);
        days.textProperty().bindBidirectional(vm.daysProperty());
        days.setOnAction(e -> vm.run());
        Button run = new Button("Run");
        run.setId("reach-run");
        run.setDefaultButton(true);
        run.disableProperty().bind(vm.runningProperty());
        run.setOnAction(e -> vm.run());
        Button cancel = new Button("Cancel");
        cancel.setId("reach-cancel");
        cancel.disableProperty().bind(vm.runningProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.runningProperty());
        HBox controls = new HBox(8, new Label("Last"), days, new Label("days"), run, cancel, bar);
        controls.setAlignment(Pos.CENTER_LEFT);
        Label summary = new Label();
        summary.setId("reach-summary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE); // every line of the summary, never "…"
        summary.textProperty().bind(vm.summaryProperty());
        summary.visibleProperty().bind(vm.summaryProperty().isNotEmpty());
        summary.managedProperty().bind(summary.visibleProperty());

        ComboBox<String> state = new ComboBox<>();
        state.setId("reach-state");
        state.getItems().addAll(vm.stateChoices()); // "Any state" first: the filter never shows blank
        state.setPromptText(ReachViewModel.ANY_STATE);
        state.valueProperty().bindBidirectional(vm.stateFilterProperty());
        HBox filter = new HBox(8, new Label("State"), state);
        filter.setAlignment(Pos.CENTER_LEFT);
        VBox lessons = new VBox(6, filter, table("reach-lessons", vm.lessons(), vm.emptyLessonsTextProperty()));
        lessons.setPadding(new Insets(6, 0, 0, 0));
        TabPane tabs = new TabPane(
                new Tab("Most reached", table("reach-most", vm.mostReached(), vm.emptyTextProperty())),
                new Tab("Never reached", table("reach-never", vm.neverReached(), vm.emptyTextProperty())),
                new Tab("Reached, then failed", table("reach-failed", vm.reachedFailed(), vm.emptyTextProperty())),
                new Tab("Lessons", lessons));
        tabs.setId("reach-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        VBox.setVgrow(lessons.getChildren().get(1), Priority.ALWAYS);
        root.getChildren().addAll(title, intro, controls, summary, tabs);
        root.getProperties().put(ShellView.INITIAL_FOCUS, days);
    }

    private static TableView<ReachViewModel.Row> table(String id, ObservableList<ReachViewModel.Row> rows,
                                                       ObservableValue<String> empty) {
        TableView<ReachViewModel.Row> table = new TableView<>(rows);
        table.setId(id);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        // State and Type hold one word each ("established", "failed_target"): never narrower than it, so it is
        // never broken mid-word at 1100 px; Title and Figures give way and wrap by words
        TableColumn<ReachViewModel.Row, String> state = column("State", ReachViewModel.Row::state, 110);
        state.setCellFactory(x -> new TableCell<>() { // a lesson's state as a badge, as in Review
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(null);
                if (empty || text == null || text.isBlank()) {
                    setGraphic(null);
                    return;
                }
                Label badge = new Label(text);
                badge.getStyleClass().addAll("lesson-badge", "lesson-" + text);
                badge.setMinWidth(Region.USE_PREF_SIZE);
                setGraphic(badge);
            }
        });
        table.getColumns().add(state);
        table.getColumns().add(column("Type", ReachViewModel.Row::type, 125));
        table.getColumns().forEach(c -> c.setMinWidth(c.getPrefWidth()));
        table.getColumns().add(column("Title", ReachViewModel.Row::title, 380));
        table.getColumns().add(column("Figures / why", ReachViewModel.Row::figures, 380));
        Label placeholder = new Label();
        placeholder.textProperty().bind(empty);
        table.setPlaceholder(placeholder);
        return table;
    }

    private static TableColumn<ReachViewModel.Row, String> column(String name,
            Function<ReachViewModel.Row, String> value, double width) {
        TableColumn<ReachViewModel.Row, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        c.setCellFactory(x -> new WrappingCell<>()); // a long title or figure wraps, never "…"
        return c;
    }

    public Node root() {
        return root;
    }
}
