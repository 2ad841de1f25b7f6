package services.vault;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The {@code ## } sections of a markdown body, by lower-cased heading, and the bullet lines of a section. */
record MarkdownSections(Map<String, String> sections) {

    static MarkdownSections of(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        String current = null;
        StringBuilder text = new StringBuilder();
        for (String line : body.split("\n", -1)) {
            if (line.startsWith("## ")) {
                if (current != null) {
                    out.putIfAbsent(current, text.toString().strip());
                }
                current = line.substring(3).strip().toLowerCase(Locale.ROOT);
                text.setLength(0);
            } else if (current != null) {
                text.append(line).append('\n');
            }
        }
        if (current != null) {
            out.putIfAbsent(current, text.toString().strip());
        }
        return new MarkdownSections(out);
    }

    String get(String heading) {
        return sections.getOrDefault(heading.toLowerCase(Locale.ROOT), "");
    }

    /** Lines starting with "-", "*" or "•", without the marker. */
    List<String> bullets(String heading) {
        List<String> out = new ArrayList<>();
        for (String line : get(heading).split("\n")) {
            String t = line.strip();
            if (t.startsWith("- ") || t.startsWith("* ") || t.startsWith("•")) {
                out.add(t.substring(t.startsWith("•") ? 1 : 2).strip());
            }
        }
        return out;
    }
}
