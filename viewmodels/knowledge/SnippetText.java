package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A document's content as one line of prose for a result's snippet — our rendering, the document stays as it is:
 * a heading ends with a dash before what follows it; a markdown table's rows read as their cells joined by " · "
 * (its header row and the {@code | --- |} line under it left out); a turn note's {@code summary:} label is left
 * out, its other labels read "Decision:", "Evidence:", and its {@code context:} JSON is left out; emphasis marks go.
 */
final class SnippetText {

    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#+\\s*(.*?)\\s*#*\\s*$");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\s*\\|?\\s*:?-{3,}:?\\s*(\\|\\s*:?-{3,}:?\\s*)*\\|?\\s*$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\s*\\|.*\\|\\s*$");
    /** A turn note's section label on a line of its own (running-system.md part 7: "summary:\n<text>"). */
    private static final Pattern LABEL = Pattern.compile("^([a-z][a-z_]*):\\s*$");
    private static final Pattern CELL_SPLIT = Pattern.compile("(?<!\\\\)\\|");

    private SnippetText() {
    }

    static String of(String content) {
        if (content == null) {
            return "";
        }
        String[] lines = content.split("\\R", -1);
        List<String> out = new ArrayList<>();
        boolean skipBlock = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
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
                out.add(heading.group(1) + " —");
                continue;
            }
            out.add(line);
        }
        String flat = String.join(" ", out).replaceAll("[*_`>|]+", "").replaceAll("\\s+", " ").strip();
        return flat.replaceAll("[\\s—;]+$", ""); // no dash or semicolon left hanging at the end
    }

    private static String cells(String row) {
        List<String> cells = new ArrayList<>();
        for (String cell : CELL_SPLIT.split(row.strip())) {
            String text = cell.replace("\\|", "|").strip();
            if (!text.isEmpty()) {
                cells.add(text);
            }
        }
        return String.join(" · ", cells);
    }
}
