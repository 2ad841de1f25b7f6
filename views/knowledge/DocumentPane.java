package views.knowledge;

import atlantafx.base.theme.Styles;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.knowledge.DocumentDetailViewModel;
import viewmodels.knowledge.LinkRow;
import views.components.FocusInView;
import views.components.MarkdownView;

/**
 * The Knowledge browser's detail pane: Back and Forward, the document's title (a heading, or a quiet message when
 * none is shown), its metadata, a link to its source file, its provenance, and the document as markdown. The pane
 * itself takes the focus (Tab), so the arrows and Page Up / Down scroll the document.
 */
final class DocumentPane {

    private DocumentPane() {
    }

    /** {@code follow}: a provenance line was followed; {@code openFile}: the source file's path to open. */
    static Node of(DocumentDetailViewModel d, Consumer<LinkRow> follow, Consumer<String> openFile) {
        Label title = new Label();
        title.setId("detail-title");
        title.setWrapText(true);
        title.textProperty().bind(d.titleProperty());
        // a document's title is a heading; "Select a document to read it here." and the other messages are quiet
        Runnable titleStyle = () -> {
            title.getStyleClass().removeAll(Styles.TITLE_3, "detail-placeholder");
            title.getStyleClass().add(d.showingProperty().get() ? Styles.TITLE_3 : "detail-placeholder");
        };
        d.showingProperty().addListener((o, was, now) -> titleStyle.run());
        titleStyle.run();
        Label meta = new Label();
        meta.setId("detail-meta");
        meta.setWrapText(true);
        meta.getStyleClass().add(Styles.TEXT_MUTED);
        meta.textProperty().bind(d.metadataProperty());
        Hyperlink source = new Hyperlink();
        source.setId("detail-source");
        source.textProperty().bind(Bindings.concat("Open source file: ", d.sourceFileProperty()));
        source.visibleProperty().bind(d.sourceFileProperty().isNotEmpty());
        source.managedProperty().bind(source.visibleProperty());
        source.setOnAction(e -> openFile.accept(d.sourceFileProperty().get()));
        MarkdownView markdown = new MarkdownView();
        markdown.setId("detail-markdown");
        d.markdownProperty().addListener((obs, old, text) -> markdown.setMarkdown(text));
        markdown.setMarkdown(d.markdownProperty().get());

        ListView<LinkRow> provenance = ProvenanceList.of(d.provenance(), follow);
        Label provenanceTitle = new Label();
        provenanceTitle.textProperty().bind(d.provenanceHeadingProperty());
        provenanceTitle.getStyleClass().add(Styles.TITLE_4);
        provenanceTitle.setWrapText(true); // wraps in the narrow pane, never cut
        provenanceTitle.setMinHeight(Region.USE_PREF_SIZE);
        VBox provenanceBox = new VBox(4, provenanceTitle, provenance);
        provenanceBox.visibleProperty().bind(Bindings.isNotEmpty(d.provenance()));
        provenanceBox.managedProperty().bind(provenanceBox.visibleProperty());

        Button back = new Button("← Back");
        back.setId("detail-back");
        back.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        back.setMinWidth(Region.USE_PREF_SIZE);
        back.setTooltip(new Tooltip("Back to the document before (Alt+Left, mouse back button)"));
        back.disableProperty().bind(d.canGoBackProperty().not());
        back.setOnAction(e -> d.back());
        Button forward = new Button("Forward →");
        forward.setId("detail-forward");
        forward.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        forward.setMinWidth(Region.USE_PREF_SIZE);
        forward.setTooltip(new Tooltip("Forward again (Alt+Right, mouse forward button)"));
        forward.disableProperty().bind(d.canGoForwardProperty().not());
        forward.setOnAction(e -> d.forward());
        HBox nav = new HBox(4, back, forward);
        VBox body = new VBox(10, nav, title, meta, source, provenanceBox, markdown);
        body.setPadding(new Insets(12));
        ScrollPane scroll = new ScrollPane(body);
        scroll.setId("knowledge-detail");
        scroll.setFitToWidth(true);
        // Tab reaches the document itself, and the arrows and Page Up / Down then scroll it; a line of its
        // provenance tabbed to scrolls into sight
        scroll.setFocusTraversable(true);
        return FocusInView.on(scroll);
    }
}
