package viewmodels.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import testsupport.Fixtures;

/** Leaving a section reads its messages (docs/design.md, Messages): they go, and only that section's. */
class SectionMessagesTest {

    @TempDir
    Path tmp;

    @Test
    void leavingASectionReadsItsMessagesOnly() {
        ShellViewModel vm = new ShellViewModel(Fixtures.loader(), new RecentWorkspaces(new AppDirs(tmp.resolve("config"),
                tmp.resolve("data"))),
                new SynchronousTaskRunner());
        vm.setSections(List.of(new SectionItem("review", "Review", ""), new SectionItem("failed", "Failed", ""),
                new SectionItem("health", "Health", "")));
        List<String> read = new ArrayList<>();
        vm.messages().track("review", () -> read.add("review"));
        vm.messages().track("failed", () -> read.add("failed"));
        vm.select("review");
        vm.select("failed");
        assertThat(read).containsExactly("review");
        vm.select("failed"); // staying is not leaving
        vm.select("health");
        assertThat(read).containsExactly("review", "failed");

        vm.setSections(List.of(new SectionItem("review", "Review", ""))); // another workspace: its own sections
        vm.select("review");
        assertThat(read).containsExactly("review", "failed");
    }
}
