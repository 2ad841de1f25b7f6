package views.overview;

import atlantafx.base.theme.Styles;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.beans.property.ReadOnlyStringWrapper;
import viewmodels.overview.OverviewViewModel;
import viewmodels.overview.OverviewViewModel.LocationRow;
import views.components.ColumnHeaders;

/** The Overview section: the open workspace's folders and what it holds. */
public final class OverviewView {

    /** Wide enough for "not synced yet" and "12 not indexed" under a five-digit count. */
    private static final double CARD_WIDTH = 150;

    private final VBox root = new VBox(16);

    public OverviewView(OverviewViewModel vm) {
        root.setPadding(new Insets(20));
        Label heading = new Label();
        heading.getStyleClass().add("section-title");
        heading.textProperty().bind(vm.headingProperty());
        Label place = new Label();
        place.getStyleClass().add(Styles.TEXT_MUTED);
        place.setTextOverrun(OverrunStyle.LEADING_ELLIPSIS); // a path keeps the end that tells folders apart
        place.textProperty().bind(vm.folderProperty());
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(vm.folderProperty());
        place.setTooltip(whole);
        Label details = new Label();
        details.getStyleClass().add(Styles.TEXT_MUTED);
        details.textProperty().bind(vm.detailsProperty());

        FlowPane figures = new FlowPane(12, 12);
        figures.setId("overview-figures");
        Runnable fill = () -> figures.getChildren().setAll(vm.figures().stream().map(f -> {
            Label value = new Label(f.value());
            value.getStyleClass().add("figure-value");
            // every card keeps its line for the note, empty or not, and one width: a sync that adds or drops
            // "not synced yet" / "3 not indexed" moves nothing
            Label note = new Label(f.note());
            note.getStyleClass().addAll(Styles.TEXT_SMALL, f.detail().isEmpty() ? Styles.TEXT_MUTED : Styles.WARNING);
            note.setMinHeight(Region.USE_PREF_SIZE);
            VBox card = new VBox(2, value, new Label(f.label()), note);
            card.getStyleClass().add("figure-card");
            card.setMinWidth(CARD_WIDTH);
            if (!f.detail().isEmpty()) {
                Tooltip.install(card, new Tooltip(f.detail()));
            }
            return (Node) card;
        }).toList());
        vm.figures().addListener((ListChangeListener<OverviewViewModel.Figure>) c -> fill.run());
        fill.run();

        TableView<LocationRow> table = new TableView<>(vm.locations());
        table.setId("overview-locations");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("Setting", "key", 140));
        TableColumn<LocationRow, String> status = column("Status", "status", 130);
        status.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
                LocationRow row = empty ? null : getTableRow().getItem();
                getStyleClass().remove("location-bad");
                if (row != null && !row.usable()) {
                    getStyleClass().add("location-bad");
                }
            }
        });
        table.getColumns().add(status);
        TableColumn<LocationRow, String> folder = column("Folder", "path", 500);
        folder.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String path, boolean empty) {
                super.updateItem(path, empty);
                setText(empty ? null : path);
                // a narrow window cuts the start, which the folders share, never the end that tells them apart
                setTextOverrun(OverrunStyle.LEADING_ELLIPSIS);
                setTooltip(empty || path == null ? null : new Tooltip(path));
            }
        });
        table.getColumns().add(folder);
        ColumnHeaders.keepWhole(table);
        table.setPrefHeight(220);
        VBox.setVgrow(table, Priority.SOMETIMES);
        Label eraTitle = new Label("What is current");
        eraTitle.getStyleClass().add(Styles.TITLE_4);
        VBox eraLines = new VBox(4);
        eraLines.setId("overview-era");
        Runnable era = () -> {
            eraLines.getChildren().setAll(vm.era().stream().map(line -> {
                Label l = new Label(line);
                l.setWrapText(true);
                l.setMinHeight(Region.USE_PREF_SIZE);
                return (Node) l;
            }).toList());
            eraTitle.setVisible(!vm.era().isEmpty());
            eraTitle.setManaged(!vm.era().isEmpty());
        };
        vm.era().addListener((ListChangeListener<String>) c -> era.run());
        era.run();
        Label folders = new Label("Folders");
        folders.getStyleClass().add(Styles.TITLE_4);
        root.getChildren().addAll(heading, new VBox(2, place, details), figures, eraTitle, eraLines, folders, table);
        // read again each time the section is shown: a sync or a new proposal since changes the figures
        root.parentProperty().addListener((o, was, now) -> {
            if (now != null) {
                vm.refresh();
            }
        });
    }

    private static TableColumn<LocationRow, String> column(String title, String field, double width) {
        TableColumn<LocationRow, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(switch (field) {
            case "key" -> cell.getValue().key();
            case "status" -> cell.getValue().status();
            default -> cell.getValue().path();
        }));
        column.setPrefWidth(width);
        return column;
    }

    public Node root() {
        return root;
    }
}
