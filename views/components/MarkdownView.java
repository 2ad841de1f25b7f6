package views.components;

import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;

/**
 * Renders markdown (commonmark-java, with GFM tables) as JavaFX nodes: headings, paragraphs with emphasis and
 * code, lists, code blocks, quotes and tables. Lightweight — no WebView — and selectable per block.
 */
public final class MarkdownView extends VBox {

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    public MarkdownView() {
        setSpacing(8);
        getStyleClass().add("markdown");
    }

    public void setMarkdown(String markdown) {
        getChildren().clear();
        if (markdown == null || markdown.isBlank()) {
            return;
        }
        for (org.commonmark.node.Node block = PARSER.parse(markdown).getFirstChild(); block != null; block = block.getNext()) { // qualified: javafx's Node is imported
            getChildren().add(block(block));
        }
    }

    private Node block(org.commonmark.node.Node node) { // qualified: javafx's Node is imported
        if (node instanceof Heading h) {
            TextFlow flow = inline(h);
            flow.getStyleClass().addAll("md-heading", "md-h" + Math.min(h.getLevel(), 4));
            return flow;
        }
        if (node instanceof Paragraph p) {
            return inline(p);
        }
        if (node instanceof BulletList || node instanceof OrderedList) {
            VBox list = new VBox(4);
            int number = node instanceof OrderedList ol && ol.getMarkerStartNumber() != null ? ol.getMarkerStartNumber() : 1;
            for (org.commonmark.node.Node item = node.getFirstChild(); item != null; item = item.getNext()) { // qualified: javafx's Node is imported
                String marker = node instanceof OrderedList ? (number++) + "." : "•";
                VBox body = new VBox(4);
                for (org.commonmark.node.Node child = item.getFirstChild(); child != null; child = child.getNext()) { // qualified: javafx's Node is imported
                    body.getChildren().add(block(child));
                }
                Label bullet = new Label(marker);
                bullet.setMinWidth(18);
                list.getChildren().add(new HBox(6, bullet, body));
            }
            list.setPadding(new Insets(0, 0, 0, 8));
            return list;
        }
        if (node instanceof FencedCodeBlock code) {
            return codeBlock(code.getLiteral());
        }
        if (node instanceof IndentedCodeBlock code) {
            return codeBlock(code.getLiteral());
        }
        if (node instanceof BlockQuote quote) {
            VBox box = new VBox(4);
            for (org.commonmark.node.Node child = quote.getFirstChild(); child != null; child = child.getNext()) { // qualified: javafx's Node is imported
                box.getChildren().add(block(child));
            }
            box.getStyleClass().add("md-quote");
            return box;
        }
        if (node instanceof ThematicBreak) {
            return new Separator();
        }
        if (node instanceof TableBlock table) {
            return table(table);
        }
        if (node instanceof ListItem item) {
            return inline(item);
        }
        return inline(node);
    }

    private static Node codeBlock(String literal) {
        Label code = new Label(literal.stripTrailing());
        code.getStyleClass().add("md-code-block");
        code.setWrapText(false);
        code.setMaxWidth(Double.MAX_VALUE);
        return code;
    }

    private Node table(TableBlock table) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("md-table");
        grid.setHgap(12);
        grid.setVgap(4);
        int row = 0;
        for (org.commonmark.node.Node section = table.getFirstChild(); section != null; section = section.getNext()) { // qualified: javafx's Node is imported
            for (org.commonmark.node.Node tr = section.getFirstChild(); tr != null; tr = tr.getNext()) { // qualified: javafx's Node is imported
                int col = 0;
                for (org.commonmark.node.Node cell = tr.getFirstChild(); cell != null; cell = cell.getNext()) { // qualified: javafx's Node is imported
                    TextFlow flow = inline(cell);
                    if (cell instanceof TableCell tc && tc.isHeader()) {
                        flow.getStyleClass().add("md-table-header");
                    }
                    keepWords(flow);
                    grid.add(flow, col++, row);
                }
                row++;
            }
        }
        // a table wider than the pane scrolls sideways; its cells wrap between words, never inside one
        ScrollPane scroll = new ScrollPane(grid);
        scroll.getStyleClass().add("md-table-scroll");
        scroll.setFitToHeight(true);
        scroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        scroll.minViewportHeightProperty().bind(grid.heightProperty());
        return scroll;
    }

    /** A cell is at least as wide as its longest word and at most about 320 px before it wraps. */
    private static void keepWords(TextFlow flow) {
        StringBuilder all = new StringBuilder();
        flow.getChildren().forEach(n -> {
            if (n instanceof Text t) {
                all.append(t.getText());
            }
        });
        double longest = 0;
        for (String word : all.toString().split("\\s+")) {
            longest = Math.max(longest, measure(word));
        }
        double whole = measure(all.toString());
        flow.setMinWidth(Math.ceil(longest * 1.1) + 4);
        flow.setPrefWidth(Math.max(flow.getMinWidth(), Math.min(Math.ceil(whole * 1.1) + 4, 320)));
    }

    /**
     * The width of a text in bold at the default size: a header cell is bold, and the theme's size is a little larger
     * than the default, so a regular measure let "result" break as "resul / t"; the 10 % above covers the size.
     */
    private static double measure(String text) {
        Text t = new Text(text);
        Font base = Font.getDefault();
        t.setFont(Font.font(base.getFamily(), FontWeight.BOLD, base.getSize()));
        return t.getLayoutBounds().getWidth();
    }

    private TextFlow inline(org.commonmark.node.Node parent) { // qualified: javafx's Node is imported
        TextFlow flow = new TextFlow();
        appendInline(parent, flow, "");
        return flow;
    }

    private void appendInline(org.commonmark.node.Node parent, TextFlow flow, String style) { // qualified: javafx's Node is imported
        for (org.commonmark.node.Node n = parent.getFirstChild(); n != null; n = n.getNext()) { // qualified: javafx's Node is imported
            if (n instanceof org.commonmark.node.Text t) { // qualified: javafx's Node is imported
                flow.getChildren().add(text(t.getLiteral(), style));
            } else if (n instanceof Code c) {
                flow.getChildren().add(text(c.getLiteral(), style + " md-code"));
            } else if (n instanceof StrongEmphasis) {
                appendInline(n, flow, style + " md-strong");
            } else if (n instanceof Emphasis) {
                appendInline(n, flow, style + " md-em");
            } else if (n instanceof SoftLineBreak) {
                flow.getChildren().add(text(" ", style));
            } else if (n instanceof HardLineBreak) {
                flow.getChildren().add(text("\n", style));
            } else if (n instanceof Paragraph && flow.getChildren().size() > 0) {
                flow.getChildren().add(text("\n", style));
                appendInline(n, flow, style);
            } else {
                appendInline(n, flow, style);
            }
        }
    }

    private static Text text(String literal, String style) {
        Text text = new Text(literal);
        text.getStyleClass().add("md-text");
        for (String s : style.strip().split(" ")) {
            if (!s.isEmpty()) {
                text.getStyleClass().add(s);
            }
        }
        return text;
    }
}
