package viewmodels.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import testsupport.Fixtures;

class ShellViewModelTest {

    @TempDir
    Path tmp;

    private ShellViewModel vm;
    private RecentWorkspaces recents;

    @BeforeEach
    void setUp() {
        recents = new RecentWorkspaces(new AppDirs(tmp.resolve("config"), tmp.resolve("data")));
        vm = new ShellViewModel(Fixtures.loader(), recents, new SynchronousTaskRunner());
    }

    @Test
    void openingAWorkspaceSetsTitleWarningsAndRecents() throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("ws"));
        Files.writeString(ws.resolve("workspace.json"), "{\"name\": \"joel\", \"vault\": \"gone\", \"readOnly\": true}");
        vm.openWorkspace(ws);
        assertEquals("Brain Console — joel (read-only)", vm.titleProperty().get());
        assertEquals("joel", vm.workspaceProperty().get().name());
        assertThat(vm.warnings()).contains("vault: " + ws.resolve("gone") + " does not exist");
        assertEquals(List.of(ws), vm.recentWorkspaces());
        assertEquals(ws, recents.last().orElseThrow());
    }

    @Test
    void aFailedOpenKeepsTheCurrentWorkspaceAndExplains() throws Exception {
        Path good = Files.createDirectories(tmp.resolve("good"));
        Files.writeString(good.resolve("workspace.json"), "{\"name\": \"good\"}");
        vm.openWorkspace(good);
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(bad.resolve("workspace.json"), "{\"name\": 3}");
        vm.openWorkspace(bad);
        assertEquals("good", vm.workspaceProperty().get().name());
        assertThat(vm.errorMessageProperty().get()).startsWith("Could not open the workspace: ")
                .contains("key 'name': expected text, found a number 3.").contains(bad.toString());
        assertThat(vm.errorMessageProperty().get().split(Pattern.quote(bad.toString()), -1))
                .as("the folder named once").hasSize(2);
        vm.dismissError();
        assertEquals("", vm.errorMessageProperty().get());
    }

    @Test
    void sectionNavigationWrapsAndKeepsSelectionAcrossWorkspaces() {
        vm.setSections(List.of(new SectionItem("a", "A", ""), new SectionItem("b", "B", ""),
                new SectionItem("c", "C", "")));
        assertEquals("a", vm.selectedSectionProperty().get());
        vm.selectPrevious();
        assertEquals("c", vm.selectedSectionProperty().get());
        vm.selectNext();
        assertEquals("a", vm.selectedSectionProperty().get());
        vm.selectAt(1);
        assertEquals("b", vm.selectedSectionProperty().get());
        vm.selectAt(8);
        assertEquals("b", vm.selectedSectionProperty().get());
        vm.setSections(List.of(new SectionItem("b", "B", ""), new SectionItem("d", "D", "")));
        assertEquals("b", vm.selectedSectionProperty().get());
        vm.setSections(List.of());
        assertNull(vm.selectedSectionProperty().get());
    }

    @Test
    void themeToggles() {
        assertFalse(vm.darkThemeProperty().get());
        vm.toggleTheme();
        assertTrue(vm.darkThemeProperty().get());
    }

    private static final List<SectionItem> TWELVE = List.of(new SectionItem("overview", "Overview", "o"),
            new SectionItem("knowledge", "Knowledge", "k"), new SectionItem("recall", "Recall preview", "r"),
            new SectionItem("review", "Review", "r"), new SectionItem("amendments", "Amendments", "a"),
            new SectionItem("failed", "Failed targets", "f"), new SectionItem("health", "Health", "h"),
            new SectionItem("note", "Knowledge note", "n"), new SectionItem("lessons", "Agent lessons", "l"),
            new SectionItem("brief", "Mise brief", "b"), new SectionItem("telemetry", "Telemetry", "t"),
            new SectionItem("settings", "Settings", "s"));

    @Test
    void thePaletteFindsEverySectionActionAndSettingByNameWithItsKeys() {
        vm.setSections(TWELVE);
        boolean[] quit = {false};
        CommandPaletteViewModel palette = vm.palette(List.of(
                new CommandPaletteViewModel.Entry("Quit", "Window", "Ctrl+Q", () -> quit[0] = true)));
        List<String> names = palette.entries().stream().map(CommandPaletteViewModel.Entry::name).toList();
        for (SectionItem s : TWELVE) {
            assertThat(names).contains("Go to " + s.title());
        }
        palette.queryProperty().set("amend");
        assertEquals("Go to Amendments", palette.entries().get(0).name());
        assertEquals("Ctrl+5", palette.entries().get(0).keys());
        palette.run(null);
        assertEquals("amendments", vm.selectedSectionProperty().get());

        palette.queryProperty().set("semantic");
        assertThat(palette.entries()).anyMatch(e -> e.keys().equals("Ctrl+M") && e.where().equals("Knowledge"))
                .anyMatch(e -> e.where().equals("Settings"));
        palette.queryProperty().set("redis url");
        assertThat(palette.entries()).extracting(CommandPaletteViewModel.Entry::name).containsExactly("Redis URL");
        palette.run(palette.entries().get(0));
        assertEquals("settings", vm.selectedSectionProperty().get());
        palette.queryProperty().set("approve");
        assertThat(palette.entries()).anyMatch(e -> e.keys().equals("a") && e.where().equals("Review"));
        // the sections' buttons without a key are there by name too ("sync" found only "Go to Health"); those the
        // palette cannot press say where they lead, and show no key
        palette.queryProperty().set("sync");
        assertThat(palette.entries()).extracting(CommandPaletteViewModel.Entry::name)
                .contains("Go to Knowledge: the problems the last sync reported");
        palette.queryProperty().set("prune");
        assertThat(palette.entries()).anyMatch(e -> e.name().startsWith("Go to Failed targets to prune expired")
                && e.where().equals("Failed targets") && !e.hasKeys());
        palette.queryProperty().set("freeze");
        assertThat(palette.entries()).extracting(CommandPaletteViewModel.Entry::name)
                .anyMatch(n -> n.startsWith("Go to Settings to freeze the trust dial"));
        palette.run(null);
        assertEquals("settings", vm.selectedSectionProperty().get());
        palette.queryProperty().set("");
        assertThat(palette.entries()).as("an entry named for an action either runs it or says it goes somewhere")
                .filteredOn(e -> !e.hasKeys() && !e.where().equals("Window"))
                .allMatch(e -> e.name().startsWith("Go to "));
        palette.queryProperty().set("quit");
        palette.run(null);
        assertTrue(quit[0]);
        palette.queryProperty().set("nothing-of-the-kind");
        assertFalse(palette.run(null));
    }

    /** A key of a section is listed as where it works: "Go to Review, then a: …", never as an action it does not do. */
    @Test
    void aSectionsKeyInThePaletteSaysItGoesThereAndNamesTheKey() {
        vm.setSections(TWELVE);
        CommandPaletteViewModel palette = vm.palette(List.of());
        palette.queryProperty().set("approve");
        CommandPaletteViewModel.Entry approve = palette.entries().stream().filter(e -> e.keys().equals("a"))
                .findFirst().orElseThrow();
        assertEquals("Go to Review, then a: approve the selected proposal", approve.name());
        palette.queryProperty().set("reject");
        assertThat(palette.entries()).extracting(CommandPaletteViewModel.Entry::name)
                .contains("Go to Review, then r: reject it (asks for a reason)");
        palette.queryProperty().set("");
        assertThat(palette.entries()).as("every entry of a section runs now, goes there, or is a setting")
                .filteredOn(e -> !e.where().equals("Window") && !e.where().endsWith(" · runs now")
                        && !e.where().equals("Settings"))
                .allMatch(e -> e.name().startsWith("Go to "));
        palette.run(approve);
        assertEquals("review", vm.selectedSectionProperty().get());
        palette.queryProperty().set("test");
        assertThat(palette.entries()).as("a setting's button is named for where it is, not as an action the palette runs")
                .extracting(CommandPaletteViewModel.Entry::name)
                .contains("Go to Settings to test the Typesense connection", "Go to Settings to test the Redis connection")
                .noneMatch(n -> n.startsWith("Test "));
    }

    /** The F1 sheet and the palette use words only: no emoji, which a machine without an emoji font shows as boxes. */
    @Test
    void theSheetAndThePaletteHoldNoEmoji() {
        vm.setSections(TWELVE);
        Predicate<String> emoji = t -> t.codePoints().anyMatch(c -> c > 0xFFFF
                || c >= 0x2600 && c <= 0x27BF);
        assertFalse(emoji.test(Shortcuts.sheet()), Shortcuts.sheet());
        assertThat(vm.palette(List.of()).entries()).noneMatch(e -> emoji.test(e.name() + e.where() + e.keys()));
    }

    @Test
    void syncNowInThePaletteSyncsAndShowsKnowledge() {
        vm.setSections(TWELVE);
        int[] synced = {0};
        vm.setSectionActions(List.of(new SectionAction("knowledge", "Sync now: the Vault into the index",
                () -> synced[0]++)));
        CommandPaletteViewModel palette = vm.palette(List.of());
        palette.queryProperty().set("sync");
        CommandPaletteViewModel.Entry first = palette.entries().get(0);
        assertThat(first.name()).startsWith("Sync now");
        assertEquals("Knowledge · runs now", first.where());
        assertFalse(first.hasKeys());
        palette.run(null);
        assertEquals(1, synced[0], "choosing Sync now syncs");
        assertEquals("knowledge", vm.selectedSectionProperty().get());
        // a read-only workspace (no Sync now in Knowledge) brings no such action: none is listed
        vm.setSectionActions(List.of());
        CommandPaletteViewModel readOnly = vm.palette(List.of());
        readOnly.queryProperty().set("sync now");
        assertThat(readOnly.entries()).noneMatch(e -> e.name().startsWith("Sync now"));
    }

    @Test
    void theShortcutSheetListsEveryShortcut() {
        String sheet = Shortcuts.sheet();
        assertThat(sheet).contains("Ctrl+K", "Ctrl+M", "F5", "Ctrl+Enter", "Ctrl+R", "Ctrl+S", "Alt+Left", "Ctrl+,",
                "Ctrl+0", "Ctrl+PgDn", "Telemetry");
        for (Shortcut s : Shortcuts.ALL) {
            assertThat(sheet).contains(s.keys()).contains(s.what());
        }
        // the keys each screen handles itself: Recall's Enter, Telemetry's F5, Backspace beside Delete, Reach's Enter
        assertThat(sheet).contains("Recall preview", "Knowledge reach", "Delete / Backspace", "read the spans again");
    }
}
