package services.review.caps;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * The list items under one heading of a markdown file, as CommonMark reads it. The heading's section runs to the next
 * heading of the same or a higher level (its subheadings belong to it); every item of a list in the section counts —
 * bulleted or numbered, inside a block quote too — except an item nested in another item, which is part of it.
 * Every section with that heading counts. The heading is matched ignoring case, spacing and Unicode form.
 */
public final class CappedItems {

    /** One item: its text as written (the marker and nested lists left out, lines joined) and its first line (0-based). */
    public record Item(String text, int line) {
        /** The text compared: NFC, runs of white space as one space. NFD and NFC of one text are one item. */
        public String key() {
            return key(text);
        }

        public static String key(String text) {
            return Normalizer.normalize(text, Normalizer.Form.NFC).replaceAll("\\s+", " ").strip();
        }
    }

    private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS).build();

    private CappedItems() {
    }

    /** Whether {@code markdown} has the heading (matched as {@link #under} matches it). */
    public static boolean hasHeading(String markdown, String heading) {
        String wanted = headingKey(heading);
        for (Node n = PARSER.parse(markdown).getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Heading h && headingKey(literal(h)).equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /** The items under {@code heading} in {@code markdown}, in order; none when the heading is absent. */
    public static List<Item> under(String markdown, String heading) {
        String[] lines = markdown.split("\n", -1);
        Node doc = PARSER.parse(markdown);
        String wanted = headingKey(heading);
        List<Item> out = new ArrayList<>();
        int level = 0;
        for (Node n = doc.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Heading h) {
                if (level > 0 && h.getLevel() <= level) {
                    level = 0;
                }
                if (level == 0 && headingKey(literal(h)).equals(wanted)) {
                    level = h.getLevel();
                }
                continue;
            }
            if (level > 0) {
                collect(n, lines, out);
            }
        }
        return out;
    }

    /** The items of every list in {@code n} that is not inside an item. */
    private static void collect(Node n, String[] lines, List<Item> out) {
        if (n instanceof ListBlock list) {
            for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
                if (item instanceof ListItem li) {
                    out.add(item(li, lines));
                }
            }
            return;
        }
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
            collect(c, lines, out);
        }
    }

    private static Item item(ListItem li, String[] lines) {
        StringBuilder text = new StringBuilder();
        int first = li.getSourceSpans().isEmpty() ? -1 : li.getSourceSpans().get(0).getLineIndex();
        for (Node c = li.getFirstChild(); c != null; c = c.getNext()) {
            if (c instanceof ListBlock) {
                continue;
            }
            for (SourceSpan s : c.getSourceSpans()) {
                String line = lines[s.getLineIndex()];
                int from = Math.min(s.getColumnIndex(), line.length());
                text.append(line, from, Math.min(line.length(), from + s.getLength())).append(' ');
            }
        }
        return new Item(text.toString().replaceAll("\\s+", " ").strip(), first);
    }

    private static String literal(Node n) {
        StringBuilder b = new StringBuilder();
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
            if (c instanceof Text t) {
                b.append(t.getLiteral());
            } else if (c instanceof Code code) {
                b.append(code.getLiteral());
            } else {
                b.append(literal(c));
            }
        }
        return b.toString();
    }

    private static String headingKey(String text) {
        return Item.key(text).toLowerCase(Locale.ROOT);
    }
}
