package views.telemetry;

import atlantafx.base.theme.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import viewmodels.telemetry.TelemetryViewModel;
import viewmodels.telemetry.TelemetryViewModel.SpanRow;
import views.components.ColumnHeaders;
import views.components.OneLineCell;
import views.shell.ShellView;

/** Recent spans: filter, table, F5 or Refresh. */
public final class TelemetryView {

    private final VBox root = new VBox(8);

    public TelemetryView(TelemetryViewModel vm) {
        root.setPadding(new Insets(12));
        root.getStylesheets().add(TelemetryView.class.getResource("/views/telemetry/telemetry.css").toExternalForm());
        TextField filter = new TextField();
        filter.setId("telemetry-filter");
        filter.setPromptText("Filter by span name, status or attribute (e.g. proposal, ERROR, loop-…)");
        filter.textProperty().bindBidirectional(vm.filterProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);
        Button refresh = new Button("Refresh  (F5)");
        refresh.setOnAction(e -> vm.refresh());
        HBox bar = new HBox(8, filter, refresh);
        bar.setAlignment(Pos.CENTER_LEFT);
        Label summary = new Label();
        summary.setId("telemetry-summary");
        summary.getStyleClass().add(Styles.TEXT_MUTED);
        summary.textProperty().bind(vm.summaryProperty());
        TableView<SpanRow> table = new TableView<>(vm.rows());
        table.setId("telemetry-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("Time", SpanRow::time, 110));
        table.getColumns().add(column("Span", SpanRow::name, 170));
        table.getColumns().add(column("Duration", SpanRow::duration, 90));
        table.getColumns().add(column("Status", SpanRow::status, 70));
        TableColumn<SpanRow, String> attributes = column("Attributes", SpanRow::attributes, 400);
        // one line a row, as every table (docs/design.md, "Rows"): a long span's attributes end in "…", all of them in
        // the cell's tooltip (wrapped, the rows were of two heights)
        attributes.setCellFactory(c -> new OneLineCell<>());
        table.setFixedCellSize(28); // one height for every row, the rows built first too (they were 39 px, then 24)
        table.getColumns().add(attributes);
        // the short columns keep their width at 1100 px (the time was cut to "18:40…"); the attributes take the rest
        table.getColumns().stream().filter(c -> c != attributes).forEach(c -> c.setMinWidth(c.getPrefWidth()));
        ColumnHeaders.keepWhole(table);
        Label empty = new Label();
        empty.setId("telemetry-placeholder");
        empty.setWrapText(true);
        empty.textProperty().bind(vm.placeholderProperty());
        table.setPlaceholder(empty);
        VBox.setVgrow(table, Priority.ALWAYS);
        root.getChildren().addAll(bar, summary, table);
        root.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.F5) {
                vm.refresh();
            }
        });
        root.sceneProperty().addListener((o, a, scene) -> vm.refresh());
        root.getProperties().put(ShellView.INITIAL_FOCUS, filter);
        vm.refresh();
    }

    private static TableColumn<SpanRow, String> column(String title, Function<SpanRow, String> get, double width) {
        TableColumn<SpanRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(get.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    public Node root() {
        return root;
    }
}
