package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A document's content as one line of prose for a result's snippet — our rendering, the document stays as it is:
 * a heading ends with a dash before what follows it; a markdown table's rows read as their cells joined by " · "
 * (its header row and the {@code | --- |} line under it left out); a turn note's {@code summary:} label is left
 * out, its other labels read "Decision:", "Evidence:", and its {@code context:} JSON is left out; emphasis and
 * code marks and a quote's {@code >} go, and nothing else: a pipe escaped or inside a cell and an underscore inside
 * a word ({@code system_knowledge}) stay as written.
 */
final class SnippetText {

    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#+\\s*(.*?)\\s*#*\\s*$");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\s*\\|?\\s*:?-{3,}:?\\s*(\\|\\s*:?-{3,}:?\\s*)*\\|?\\s*$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\s*\\|.*\\|\\s*$");
    /** A turn note's section label on a line of its own (running-system.md part 7: "summary:\n<text>"). */
    private static final Pattern LABEL = Pattern.compile("^([a-z][a-z_]*):\\s*$");
    private static final Pattern CELL_SPLIT = Pattern.compile("(?<!\\\\)\\|");
    private static final Pattern QUOTE = Pattern.compile("^\\s{0,3}(>\\s?)+");
    /** A list item's mark at a line's start ("- ", "* ", "+ ", "1. "), followed by its text. */
    private static final Pattern LIST_MARK = Pattern.compile("^\\s*(?:[-*+]|\\d{1,3}[.)])\\s+(?=\\S)");
    /** The characters markdown lets a backslash escape. */
    private static final String ESCAPABLE = "\\`*_{}[]()#+-.!|>";

    private SnippetText() {
    }

    static String of(String content) {
        if (content == null) {
            return "";
        }
        String[] lines = content.split("\\R", -1);
        List<String> out = new ArrayList<>();
        boolean skipBlock = false;
        boolean lastWasItem = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            boolean afterItem = lastWasItem; // only a list item right after another one is joined by "·"
            lastWasItem = false;
            if (skipBlock) {
                skipBlock = !line.isBlank();
                continue;
            }
            if (TABLE_RULE.matcher(line).matches() && line.contains("-")) {
                continue;
            }
            if (TABLE_ROW.matcher(line).matches()) {
                boolean header = i + 1 < lines.length && TABLE_RULE.matcher(lines[i + 1]).matches();
                if (!header) {
                    out.add(cells(line) + ";");
                }
                continue;
            }
            var label = LABEL.matcher(line);
            if (label.matches()) {
                String key = label.group(1);
                if (key.equals("context")) {
                    skipBlock = true; // the note's machine context (JSON), not for reading
                } else if (!key.equals("summary")) {
                    out.add(key.substring(0, 1).toUpperCase(Locale.ROOT) + key.substring(1).replace('_', ' ') + ":");
                }
                continue;
            }
            var heading = HEADING.matcher(line);
            if (heading.matches() && !heading.group(1).isEmpty()) {
                out.add(prose(heading.group(1)) + " —");
                continue;
            }
            // a list item reads as its text, the next ones after a "·": "Analysis — Writing the retro… · Small
            // PRDs…", not "Analysis — - Writing the retro… - Small PRDs…"
            String text = QUOTE.matcher(line).replaceFirst("");
            var item = LIST_MARK.matcher(text);
            boolean isItem = item.find();
            out.add((isItem && afterItem ? "· " : "") + prose(isItem ? text.substring(item.end()) : text));
            lastWasItem = isItem;
            continue;
        }
        String flat = String.join(" ", out).replaceAll("\\s+", " ").strip();
        return flat.replaceAll("[\\s—;]+$", ""); // no dash or semicolon left hanging at the end
    }

    /**
     * Text without its emphasis and code marks, every other character as written: {@code *} and {@code `} go;
     * {@code _} goes only where it opens or closes emphasis — inside a word ({@code system_knowledge}) it is part
     * of the word; a backslash-escaped mark ({@code \\|}, {@code \\_}) reads as the mark itself; a {@code |} is
     * text (a table's own pipes never get here).
     */
    private static String prose(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && ESCAPABLE.indexOf(text.charAt(i + 1)) >= 0) {
                out.append(text.charAt(++i));
            } else if (c == '_') {
                if (inWord(text, i - 1, -1) && inWord(text, i + 1, 1)) {
                    out.append(c);
                }
            } else if (c != '*' && c != '`') {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Whether the first character from {@code i} on in direction {@code step} that is no {@code _} is a letter or digit. */
    private static boolean inWord(String text, int i, int step) {
        while (i >= 0 && i < text.length() && text.charAt(i) == '_') {
            i += step;
        }
        return i >= 0 && i < text.length() && Character.isLetterOrDigit(text.charAt(i));
    }

    private static String cells(String row) {
        List<String> cells = new ArrayList<>();
        for (String cell : CELL_SPLIT.split(row.strip())) {
            String text = prose(cell).strip(); // an escaped pipe (retro.ts escapeCell) reads as the pipe
            if (!text.isEmpty()) {
                cells.add(text);
            }
        }
        return String.join(" · ", cells);
    }
}
