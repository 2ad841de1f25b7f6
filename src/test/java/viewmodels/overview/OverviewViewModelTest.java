package viewmodels.overview;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;
import services.workspace.WorkspaceLoader;

class OverviewViewModelTest {

    @TempDir
    Path tmp;

    @Test
    void showsFoldersAndCounts() {
        Path dir = new DemoWorkspace(Clock.fixed(Instant.parse("2026-11-01T00:00:00Z"), ZoneOffset.UTC))
                .write(tmp.resolve("demo")).dir();
        Workspace ws = new WorkspaceLoader().load(dir);
        OverviewViewModel vm = new OverviewViewModel(ws, new WorkspaceInventory(), new SynchronousTaskRunner());
        vm.refresh();
        assertEquals("demo", vm.headingProperty().get());
        assertThat(vm.locations()).extracting(OverviewViewModel.LocationRow::key)
                .containsExactly("vault", "skillsRepo", "behaviourRepo", "dreamDir", "profilesDir");
        assertThat(vm.locations()).allMatch(OverviewViewModel.LocationRow::usable);
        assertThat(vm.figures()).contains(new OverviewViewModel.Figure("Skills", "12"),
                new OverviewViewModel.Figure("Brain notes", "10"));
    }
}
