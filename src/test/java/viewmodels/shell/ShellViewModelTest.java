package viewmodels.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import services.workspace.WorkspaceLoader;

class ShellViewModelTest {

    @TempDir
    Path tmp;

    private ShellViewModel vm;
    private RecentWorkspaces recents;

    @BeforeEach
    void setUp() {
        recents = new RecentWorkspaces(new AppDirs(tmp.resolve("config"), tmp.resolve("data")));
        vm = new ShellViewModel(new WorkspaceLoader(), recents, new SynchronousTaskRunner());
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
        assertThat(vm.errorMessageProperty().get()).startsWith("Could not open " + bad)
                .contains("key 'name': expected text, found a number 3.");
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
}
