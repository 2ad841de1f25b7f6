package services.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecentWorkspacesTest {

    @TempDir
    Path home;

    @Test
    void newestFirstWithoutDuplicatesAndBounded() {
        RecentWorkspaces recents = new RecentWorkspaces(new AppDirs(home.resolve("config"), home.resolve("data")));
        assertTrue(recents.last().isEmpty());
        for (int i = 0; i < 12; i++) {
            recents.remember(home.resolve("ws" + i));
        }
        recents.remember(home.resolve("ws5"));
        assertEquals(home.resolve("ws5"), recents.last().orElseThrow());
        assertEquals(RecentWorkspaces.LIMIT, recents.list().size());
        assertEquals(1, recents.list().stream().filter(p -> p.endsWith("ws5")).count());
    }

    @Test
    void aCorruptFileIsTreatedAsEmpty() throws Exception {
        AppDirs dirs = new AppDirs(home.resolve("config"), home.resolve("data"));
        Files.createDirectories(dirs.config());
        Files.writeString(dirs.config().resolve("recent-workspaces.json"), "{not json");
        RecentWorkspaces recents = new RecentWorkspaces(dirs);
        assertTrue(recents.list().isEmpty());
        recents.remember(home);
        assertEquals(home, recents.last().orElseThrow());
    }

    @Test
    void xdgFoldersAreHonouredAndRelativeValuesIgnored() {
        AppDirs xdg = AppDirs.from(Map.of("XDG_CONFIG_HOME", "/cfg", "XDG_DATA_HOME", "relative"), "/home/j", null);
        assertEquals(Path.of("/cfg/brain-console"), xdg.config());
        assertEquals(Path.of("/home/j/.local/share/brain-console"), xdg.data());
        assertEquals(Path.of("/x/config"), AppDirs.from(Map.of(), "/home/j", "/x").config());
    }
}
