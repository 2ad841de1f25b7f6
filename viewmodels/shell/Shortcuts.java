package viewmodels.shell;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every keyboard shortcut of the window, in one place: the F1 sheet and the command palette are made from it. Words
 * only, no emoji: a machine without an emoji font draws them as empty boxes.
 */
public final class Shortcuts {

    public static final List<Shortcut> ALL = List.of(
            new Shortcut(null, "Ctrl+K", "command palette: every section, action and setting by name"),
            new Shortcut(null, "Ctrl+1 … Ctrl+9, Ctrl+0", "go to section 1 … 10 (Overview … Mise brief)"),
            new Shortcut(null, "Ctrl+PgDn / Ctrl+PgUp", "next / previous section (all of them; Knowledge reach is last)"),
            new Shortcut(null, "Ctrl+,", "Settings"),
            new Shortcut(null, "Ctrl+Shift+T", "light / dark theme"),
            new Shortcut(null, "Ctrl+O", "open a workspace"),
            new Shortcut(null, "Ctrl+Q", "quit"),
            new Shortcut(null, "F1", "this list of shortcuts"),
            new Shortcut("inbox", "j / k", "next / previous item"),
            new Shortcut("inbox", "Enter", "open where the selected item is acted on"),
            new Shortcut("knowledge", "Ctrl+F", "search"),
            new Shortcut("knowledge", "Ctrl+M", "Semantic on / off (rank by meaning as well as words)"),
            new Shortcut("knowledge", "Down", "from the search box into the results"),
            new Shortcut("knowledge", "Enter / click", "follow a provenance line"),
            new Shortcut("knowledge", "Alt+Left / Alt+Right", "back / forward after following provenance"),
            new Shortcut("knowledge", "Esc", "clear the text and every filter"),
            new Shortcut("recall", "Enter", "preview the story (in the title, description or project field)"),
            new Shortcut("review", "j / k", "next / previous proposal"),
            new Shortcut("review", "a", "approve the selected proposal"),
            new Shortcut("review", "r", "reject it (asks for a reason)"),
            new Shortcut("review", "c", "request changes (asks for feedback)"),
            new Shortcut("review", "e", "edit the resulting text, then approve (Tab / Shift+Tab leave the text)"),
            new Shortcut("review", "d", "unified / side by side diff"),
            new Shortcut("review", "s", "show / hide the stories of the effect on recall"),
            new Shortcut("amendments", "Shift / Ctrl+click", "select several"),
            new Shortcut("amendments", "Delete / Backspace", "revert the selection (asks first)"),
            new Shortcut("failed", "Shift / Ctrl+click", "select several"),
            new Shortcut("failed", "Delete / Backspace", "clear the selection (asks for a reason)"),
            new Shortcut("failed", "Enter", "open the loop's retro in Knowledge"),
            new Shortcut("health", "Ctrl+R", "run the watchdog now"),
            new Shortcut("health", "Enter", "open the selected evidence"),
            new Shortcut("health", "Enter / P / Esc", "jobs: run now / pause or resume / cancel the run"),
            new Shortcut("note", "Tab / Shift+Tab", "next / previous field (out of a text box too)"),
            new Shortcut("note", "Ctrl+Enter", "write the note"),
            new Shortcut("brief", "F5", "gather the brief again"),
            new Shortcut("telemetry", "F5", "read the spans again"),
            new Shortcut("settings", "Ctrl+S", "save the settings"),
            new Shortcut("reach", "Enter", "run the replay"));

    private static final Map<String, String> SECTION_TITLES = Map.ofEntries(Map.entry("inbox", "Inbox"), Map.entry("knowledge", "Knowledge"),
            Map.entry("recall", "Recall preview"), Map.entry("telemetry", "Telemetry"), Map.entry("reach", "Knowledge reach"),
            Map.entry("review", "Review"), Map.entry("amendments", "Amendments"), Map.entry("failed", "Failed targets"),
            Map.entry("health", "Health"), Map.entry("note", "Knowledge note"), Map.entry("brief", "Mise brief"),
            Map.entry("settings", "Settings"));

    private Shortcuts() {
    }

    public static String sectionTitle(String id) {
        return id == null ? "Everywhere" : SECTION_TITLES.getOrDefault(id, id);
    }

    /** The F1 sheet: the shortcuts that work everywhere, then each section's, aligned in two columns. */
    public static String sheet() {
        Map<String, List<Shortcut>> bySection = ALL.stream().collect(Collectors.groupingBy(
                s -> String.valueOf(s.section()), LinkedHashMap::new, Collectors.toList()));
        int width = ALL.stream().mapToInt(s -> s.keys().length()).max().orElse(10) + 3;
        StringBuilder out = new StringBuilder();
        bySection.forEach((section, list) -> {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(sectionTitle("null".equals(section) ? null : section)).append('\n');
            for (Shortcut s : list) {
                out.append("  ").append(String.format("%-" + width + "s", s.keys())).append(s.what()).append('\n');
            }
        });
        out.append("\nOverview, Telemetry, Settings and Knowledge reach have no number key: Ctrl+K, Ctrl+PgDn / Ctrl+PgUp, or Ctrl+, "
                + "for Settings.");
        return out.toString();
    }
}
