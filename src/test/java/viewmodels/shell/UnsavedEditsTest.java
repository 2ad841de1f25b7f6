package viewmodels.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import testsupport.Fixtures;

/** The window's list of sections with unsaved edits: what the rail marks and what closing the window asks about. */
class UnsavedEditsTest {

    @TempDir
    Path tmp;

    private ShellViewModel shell;

    @BeforeEach
    void setUp() {
        shell = new ShellViewModel(Fixtures.loader(), new RecentWorkspaces(new AppDirs(tmp.resolve("c"), tmp.resolve("d"))),
                new SynchronousTaskRunner());
        shell.setSections(List.of(new SectionItem("overview", "Overview", ""), new SectionItem("settings", "Settings", "")));
    }

    @Test
    void aSectionIsMarkedWhileItsFormIsUnsaved() {
        SimpleBooleanProperty unsaved = new SimpleBooleanProperty(false);
        shell.unsaved().track("settings", unsaved, () -> true);
        assertThat(shell.unsaved().sections()).isEmpty();
        assertThat(shell.unsaved().any()).isFalse();

        unsaved.set(true);
        assertThat(shell.unsaved().sections()).containsExactly("settings");
        assertThat(shell.unsaved().question("closing the window"))
                .isEqualTo("Save the changes in Settings before closing the window?");
        unsaved.set(false);
        assertThat(shell.unsaved().sections()).isEmpty();
    }

    @Test
    void saveAllSavesAndAFailedSaveShowsItsSection() {
        SimpleBooleanProperty unsaved = new SimpleBooleanProperty(true);
        boolean[] saves = {false};
        shell.unsaved().track("settings", unsaved, () -> saves[0]);
        shell.select("overview");

        assertThat(shell.unsaved().saveAll()).isFalse(); // a wrong field: the window stays, on Settings
        assertThat(shell.selectedSectionProperty().get()).isEqualTo("settings");

        saves[0] = true;
        assertThat(shell.unsaved().saveAll()).isTrue();
    }

    @Test
    void anotherWorkspacesSectionsForgetTheFormsBefore() {
        SimpleBooleanProperty unsaved = new SimpleBooleanProperty(true);
        shell.unsaved().track("settings", unsaved, () -> true);
        assertThat(shell.unsaved().any()).isTrue();

        shell.setSections(List.of(new SectionItem("settings", "Settings", ""))); // a workspace (re)opened
        assertThat(shell.unsaved().any()).isFalse();
        unsaved.set(false);
        unsaved.set(true); // the old form, gone with its workspace, marks nothing
        assertThat(shell.unsaved().any()).isFalse();
    }
}
