package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A test never writes the user's own console files (the recent list of ~/.config/brain-console was full of
 * /tmp/junit-… workspaces): a command run in-process by a test resolves its folders with
 * {@link AppDirs#fromEnvironment()}, which surefire points into target/ — the system property for this JVM, the XDG
 * variables for what it starts.
 */
class TestsKeepOutOfTheHomeTest {

    private static final Path HOME = Path.of(UserHome.path()).toAbsolutePath().normalize();

    @Test
    void theConsolesFoldersInATestAreNotTheUsersOwn() {
        AppDirs dirs = AppDirs.fromEnvironment();
        for (Path dir : new Path[] {dirs.config(), dirs.data(), dirs.logs()}) {
            Path p = dir.toAbsolutePath().normalize();
            assertThat(inHome(p)).as(p + ": set brainconsole.home for the tests (surefire's systemPropertyVariables)")
                    .isFalse();
        }
    }

    @Test
    void aProcessATestStartsFindsItsFoldersOutsideTheHomeToo() {
        // a child JVM has no brainconsole.home: it reads the XDG variables it inherits
        AppDirs child = AppDirs.from(System.getenv(), UserHome.path(), null);
        assertThat(inHome(child.config())).as(child.config() + ": set XDG_CONFIG_HOME for the tests").isFalse();
        assertThat(inHome(child.data())).as(child.data() + ": set XDG_DATA_HOME for the tests").isFalse();
    }

    private static boolean inHome(Path dir) {
        Path p = dir.toAbsolutePath().normalize();
        return p.startsWith(HOME.resolve(".config")) || p.startsWith(HOME.resolve(".local"));
    }
}
