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
                String heading = line.substring(3).strip().toLowerCase(Locale.ROOT);
                if (heading.equals(current) && text.toString().isBlank()) {
                    continue; // the same heading written twice (the running retro template does): one section
                }
                if (current != null) {
                    out.putIfAbsent(current, text.toString().strip());
                }
                current = heading;
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

    /**
     * Bullet lines, nested ones included, as the running system reads them: a line starting with "-" or "•" (or a
     * "* " bullet), without its markers. Numbered lines are not bullets.
     */
    List<String> bullets(String heading) {
        List<String> out = new ArrayList<>();
        for (String line : get(heading).split("\n")) {
            String t = line.strip();
            if (t.startsWith("-") || t.startsWith("•")) {
                out.add(t.replaceFirst("^[\\s\\-•]+", "").strip());
            } else if (t.startsWith("* ")) {
                out.add(t.substring(2).strip());
            }
        }
        return out;
    }
}
