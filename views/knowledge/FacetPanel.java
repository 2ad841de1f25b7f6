package views.knowledge;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.VBox;
import viewmodels.knowledge.FacetValue;
import viewmodels.knowledge.KnowledgeViewModel;
import views.components.FocusInView;

/**
 * The Knowledge browser's facet column: a titled box per facet (Type, Project, Status, Tags — Tags folded) with a
 * check box per value and its count; ticking one filters the results. The boxes are made anew with each result.
 */
final class FacetPanel {

    private FacetPanel() {
    }

    static Node of(KnowledgeViewModel vm) {
        VBox box = new VBox(6);
        box.setPadding(new Insets(8));
        for (String facet : vm.facetNames()) {
            VBox values = new VBox(2);
            values.setId("facet-" + facet);
            Runnable fill = () -> {
                // the boxes are made anew with each result: the one that had the focus (just ticked with Space or a
                // click) gets it back, instead of the focus jumping to the section's button in the rail
                Node focused = values.getScene() == null ? null : values.getScene().getFocusOwner();
                String focusedId = focused != null && focused.getParent() == values ? focused.getId() : null;
                values.getChildren().setAll(vm.facet(facet).stream().map(v -> box(vm, v)).toList());
                if (values.getChildren().isEmpty()) { // never an empty box without a word
                    Label none = new Label("None in these results");
                    none.getStyleClass().add("facet-none");
                    values.getChildren().add(none);
                }
                if (focusedId != null) {
                    values.getChildren().stream().filter(n -> focusedId.equals(n.getId())).findFirst()
                            .ifPresent(Node::requestFocus);
                }
            };
            vm.facet(facet).addListener((ListChangeListener<FacetValue>) c -> fill.run());
            fill.run();
            TitledPane pane = new TitledPane(title(facet), values);
            pane.setExpanded(!"tags".equals(facet));
            box.getChildren().add(pane);
        }
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        // wide enough for a facet name and its count on one line ("course-builder (19)", "implementing (2)") at
        // 1100×700 and 1280×800; a longer name (a tag) wraps, never cut
        scroll.setMinWidth(240);
        SplitPane.setResizableWithParent(scroll, false);
        return FocusInView.on(scroll); // a box tabbed to below the fold scrolls into sight
    }

    private static Node box(KnowledgeViewModel vm, FacetValue value) {
        CheckBox box = new CheckBox(value.label());
        box.setMnemonicParsing(false);
        box.setId("facet-" + value.facet() + "-" + value.value());
        box.setSelected(value.selected());
        box.setWrapText(true); // a long name wraps in a narrow pane; it is never cut
        box.setOnAction(e -> vm.toggleFacet(value.facet(), value.value()));
        return box;
    }

    private static String title(String facet) {
        return switch (facet) {
            case "type" -> "Type";
            case "project" -> "Project";
            case "status" -> "Status";
            default -> "Tags";
        };
    }
}
