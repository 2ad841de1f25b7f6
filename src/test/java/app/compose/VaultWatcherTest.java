package app.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The vault watch hears changes in the folders the sync reads, including a skill folder created after it started. */
class VaultWatcherTest {

    @TempDir
    Path tmp;

    @Test
    void changesInTheSyncedFoldersAreHeard() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Semaphore heard = new Semaphore(0);
        try (VaultWatcher watcher = new VaultWatcher(ws, heard::release)) {
            Files.writeString(ws.adrDir().resolve("0300-new-decision.md"), "# New\n");
            assertThat(heard.tryAcquire(20, TimeUnit.SECONDS)).isTrue();
            Path skill = Files.createDirectory(ws.skillsDir().resolve("brand-new"));
            assertThat(heard.tryAcquire(20, TimeUnit.SECONDS)).isTrue();
            // the new folder is registered once its creation is heard: a write inside it is heard soon after
            boolean inside = false;
            for (int attempt = 0; attempt < 10 && !inside; attempt++) {
                heard.drainPermits();
                Files.writeString(skill.resolve("SKILL.md"), "---\nname: brand-new\n---\n" + attempt);
                inside = heard.tryAcquire(2, TimeUnit.SECONDS);
            }
            assertThat(inside).isTrue();
        }
    }
}
