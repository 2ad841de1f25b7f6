package views.policy;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import viewmodels.policy.PolicyViewModel;
import views.components.WrappingListCell;
import views.components.OpensAt;

/** The trust dial's panel in Settings: levels, protected paths, the kill switch, the would-have table, to confirm. */
public final class PolicyView {

    private final VBox root = new VBox(10);

    public PolicyView(PolicyViewModel vm) {
        root.setId("policy-panel");
        root.setPadding(new Insets(8, 0, 0, 0));
        Label title = new Label("Trust dial");
        title.getStyleClass().add(Styles.TITLE_4);
        Label version = new Label(); // "version 09ba98b0ed15": named, and what it is on hover
        version.setId("policy-version");
        version.getStyleClass().add(Styles.TEXT_MUTED);
        version.textProperty().bind(vm.versionLineProperty());
        Tooltip about = new Tooltip("The dial's version, a fingerprint of its settings: each approval the dial makes"
                + " carries it in its commit (Policy-Version), and the decision log keeps it before and after each change.");
        about.setWrapText(true);
        about.setMaxWidth(380);
        version.setTooltip(about);
        TextField prot = new TextField();
        prot.setId("policy-protected");
        prot.textProperty().bindBidirectional(vm.protectedPathsProperty());
        TextField days = new TextField();
        days.setId("policy-days");
        days.setPrefColumnCount(4);
        days.textProperty().bindBidirectional(vm.daysProperty());
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(6);
        int row = 0;
        for (String r : vm.risks()) {
            grid.addRow(row++, new Label("risk " + r), choice("policy-risk-" + r, vm.riskProperty(r), false));
        }
        grid.addRow(row++, new Label("protected"), prot);
        grid.addRow(row++, new Label("confirm within (days)"), days);
        // the kinds in the same grid, two to a row: every name in a column of names, every choice in one of choices
        // (a flow of name-choice pairs wrapped in ragged rows), named as every other screen names them
        Label byKind = new Label("by kind");
        byKind.getStyleClass().add(Styles.TEXT_MUTED);
        grid.add(byKind, 0, row++, 4, 1);
        int column = 0;
        for (String k : vm.kinds()) {
            Label name = new Label(vm.kindWords(k));
            name.setId("policy-kind-label-" + k);
            name.setMinWidth(Region.USE_PREF_SIZE);
            Node box = choice("policy-kind-" + k, vm.kindProperty(k), true);
            GridPane.setValignment(name, VPos.BASELINE); // the name on the line of its choice's text
            GridPane.setValignment(box, VPos.BASELINE);
            grid.add(name, column, row);
            grid.add(box, column + 1, row);
            column = column == 0 ? 2 : 0;
            row += column == 0 ? 1 : 0;
        }
        row += column == 0 ? 0 : 1;
        TextField why = new TextField();
        why.setId("policy-why");
        why.setPromptText("why (kept in the decision log)");
        why.setPrefColumnCount(24); // the prompt is read whole
        why.textProperty().bindBidirectional(vm.whyProperty());
        Button save = new Button("Preview / save trust dial");
        save.setId("policy-save");
        save.setOnAction(e -> vm.save());
        Button freeze = new Button();
        freeze.setId("policy-freeze");
        freeze.getStyleClass().add(Styles.DANGER);
        freeze.textProperty().bind(Bindings.when(vm.frozenProperty()).then("Lift the freeze")
                .otherwise("Freeze: everything manual"));
        freeze.setOnAction(e -> vm.setFrozen(!vm.frozenProperty().get()));
        HBox actions = new HBox(8, why, save, freeze);
        actions.setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.setId("policy-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        vm.messageIsProblemProperty().addListener((obs, was, problem) -> {
            message.getStyleClass().remove(Styles.DANGER);
            if (problem) {
                message.getStyleClass().add(Styles.DANGER); // what is wrong in red, as a Settings field's message
            }
        });
        ListView<String> wouldHave = wrapping(new ListView<>(vm.wouldHave()));
        wouldHave.setId("policy-would-have");
        wouldHave.setPrefHeight(110);
        Label nothing = placeholder("");
        nothing.setId("policy-would-have-empty");
        nothing.textProperty().bind(vm.wouldHaveEmptyProperty());
        wouldHave.setPlaceholder(nothing);
        ListView<String> toConfirm = wrapping(new ListView<>(vm.toConfirm()));
        toConfirm.setId("policy-to-confirm");
        OpensAt.follow(vm.openAt(), toConfirm, PolicyViewModel::idOf);
        toConfirm.setPrefHeight(130); // two approvals of two lines each at 1100 px
        toConfirm.setPlaceholder(placeholder("No supervised approval waits for a person."));
        Button confirm = new Button("Confirm selected");
        confirm.setId("policy-confirm");
        confirm.setOnAction(e -> vm.confirm(toConfirm.getSelectionModel().getSelectedIndex()));
        // nothing selected, nothing to confirm: the button says so by being disabled (it did nothing)
        confirm.disableProperty().bind(toConfirm.getSelectionModel().selectedIndexProperty().lessThan(0));
        HBox head = new HBox(10, title, version);
        head.setAlignment(Pos.BASELINE_LEFT);
        root.getChildren().addAll(head, grid, actions, message,
                new Label("Would have gone differently (last 30 days)"), wouldHave,
                new Label("Supervised approvals to confirm"), toConfirm, confirm);
        vm.load();
    }

    private static Label placeholder(String text) {
        Label label = new Label(text);
        label.setWrapText(true);
        return label;
    }

    /** A list whose rows wrap by words within its width: never cut, never scrolled sideways. */
    private static ListView<String> wrapping(ListView<String> list) {
        list.setCellFactory(l -> new WrappingListCell());
        return list;
    }

    private static Node choice(String id, StringProperty value, boolean inherit) {
        ChoiceBox<String> box = new ChoiceBox<>();
        box.setId(id);
        if (inherit) {
            box.getItems().add("");
        }
        box.getItems().addAll("auto", "supervised", "manual");
        box.setConverter(new StringConverter<>() { // the empty choice inherits: say so, never a blank
            @Override
            public String toString(String mode) {
                return mode == null || mode.isEmpty() ? "by risk" : mode;
            }

            @Override
            public String fromString(String text) {
                return "by risk".equals(text) ? "" : text;
            }
        });
        box.valueProperty().bindBidirectional(value);
        return box;
    }

    public Node root() {
        return root;
    }
}
