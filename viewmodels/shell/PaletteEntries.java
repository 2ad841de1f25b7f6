package viewmodels.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What the command palette lists: every section (with its key), the window's actions, the sections' actions that
 * run from the palette ({@link SectionAction}: Sync now), each section's keys and buttons by name (they go to the
 * section, and say so: "Go to Review, then a: approve the selected proposal", "Go to Amendments to revert …" — an
 * entry never looks like an action it does not do), and every setting by name (it goes to Settings).
 */
final class PaletteEntries {

    /**
     * The sections' buttons the palette cannot press for you (they need a selection, or ask first): named for
     * where they take you, so "sync" also finds what it leads to.
     */
    private static final List<Shortcut> BUTTONS = List.of(
            new Shortcut("knowledge", "", "Go to Knowledge: the problems the last sync reported"),
            new Shortcut("review", "", "Go to Review to approve, reject or request changes on a proposal"),
            new Shortcut("amendments", "", "Go to Amendments to revert dream amendments (select them, then Revert "
                    + "selected…)"),
            new Shortcut("failed", "", "Go to Failed targets to clear targets (select them, then Clear selected…)"),
            new Shortcut("failed", "", "Go to Failed targets to prune expired targets (Prune expired… lists them "
                    + "first)"),
            new Shortcut("health", "", "Go to Health: the scheduled jobs — run now, pause / resume, cancel, edit the "
                    + "schedule"),
            new Shortcut("reach", "", "Go to Knowledge reach to run the replay"),
            new Shortcut("settings", "", "Go to Settings: the trust dial — preview / save (what approves by itself, "
                    + "by risk and kind)"),
            new Shortcut("settings", "", "Go to Settings to freeze the trust dial — everything manual (the kill "
                    + "switch)"),
            new Shortcut("settings", "", "Go to Settings to confirm a supervised approval (trust dial)"));

    private static final List<String> SETTINGS = List.of("Index backend (Lucene / Typesense)", "Typesense nodes",
            "Typesense API key source", "Typesense collection", "Typesense timeout", "Redis mode (standalone, Sentinel, "
            + "Cluster)", "Redis URL", "Redis Sentinels and master name", "Redis Cluster nodes", "Redis ACL user",
            "Redis TLS", "Redis password variable", "Read-only workspace", "Semantic search on / off",
            "Go to Settings to test the Typesense connection", "Go to Settings to test the Redis connection");

    private PaletteEntries() {
    }

    static List<CommandPaletteViewModel.Entry> of(List<SectionItem> sections,
                                                  List<CommandPaletteViewModel.Entry> windowActions,
                                                  List<SectionAction> sectionActions, Consumer<String> select) {
        List<CommandPaletteViewModel.Entry> out = new ArrayList<>();
        for (int i = 0; i < sections.size(); i++) {
            SectionItem s = sections.get(i);
            String keys = i < 10 ? "Ctrl+" + (i + 1) % 10 : "settings".equals(s.id()) ? "Ctrl+," : "";
            out.add(new CommandPaletteViewModel.Entry("Go to " + s.title(), "Section · " + s.hint(), keys,
                    () -> select.accept(s.id())));
        }
        out.addAll(windowActions);
        for (SectionAction a : sectionActions) {
            if (has(sections, a.section())) {
                out.add(new CommandPaletteViewModel.Entry(a.name(), Shortcuts.sectionTitle(a.section()) + " · runs now",
                        "", () -> {
                            select.accept(a.section());
                            a.action().run();
                        }));
            }
        }
        for (Shortcut k : Stream.concat(Shortcuts.ALL.stream(), BUTTONS.stream()).toList()) {
            if (k.section() != null && has(sections, k.section())) {
                String what = k.keys().isEmpty() ? Character.toUpperCase(k.what().charAt(0)) + k.what().substring(1)
                        : "Go to " + Shortcuts.sectionTitle(k.section()) + ", then " + k.keys() + ": " + k.what();
                out.add(new CommandPaletteViewModel.Entry(what, Shortcuts.sectionTitle(k.section()), k.keys(),
                        () -> select.accept(k.section())));
            }
        }
        if (has(sections, "settings")) {
            for (String setting : SETTINGS) {
                out.add(new CommandPaletteViewModel.Entry(setting, "Settings", "Ctrl+,", () -> select.accept("settings")));
            }
        }
        return out;
    }

    private static boolean has(List<SectionItem> sections, String id) {
        return sections.stream().anyMatch(s -> s.id().equals(id));
    }
}
