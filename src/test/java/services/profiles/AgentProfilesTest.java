package services.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.Fixtures;

/** The lessons checks on fixtures that pass them and fixtures that fail them. */
class AgentProfilesTest {

    @TempDir
    Path tmp;

    private final AgentProfiles profiles = new AgentProfiles();

    @Test
    void theDemoHasOneProfileOverTheCapWithPathsAndOneDueForDigestion() {
        List<AgentProfiles.Profile> found = profiles.list(Fixtures.demo(tmp).profilesDir());
        assertThat(found).extracting(AgentProfiles.Profile::agent).containsExactly("dev-qwen", "planner");
        AgentProfiles.Profile qwen = found.get(0);
        assertTrue(qwen.overCap());
        assertThat(qwen.lessonsBytes()).isGreaterThan(AgentProfiles.LESSONS_CAP_BYTES);
        assertThat(qwen.flags()).extracting(AgentProfiles.Flag::why).containsExactly(
                "names a file path (lib/formula-session.sh)", "names an issue (Issue #86)",
                "names a file path (dev/dev-agent.sh)");
        assertEquals(3, qwen.journals().size());
        assertEquals(1, qwen.archived());
        assertFalse(qwen.digestionDue());
        AgentProfiles.Profile planner = found.get(1);
        assertFalse(planner.overCap());
        assertThat(planner.flags()).isEmpty();
        assertEquals(12, planner.journals().size());
        assertTrue(planner.digestionDue());
    }

    @Test
    void abstractLessonsPassAndConcreteOnesAreFlagged() {
        assertThat(AgentProfiles.flags("- Plan the smallest slice first.\n- Version 2.0 keeps ratios like 3/4 stable.\n"))
                .isEmpty();
        assertThat(AgentProfiles.flags("- see PR 12\n- fixed in ~/code/app/main.py\n- update src/index.ts first"))
                .extracting(AgentProfiles.Flag::line).containsExactly(1, 2, 3);
    }

    @Test
    void theThresholdsAreExact() throws Exception {
        Path p = tmp.resolve("agents/bot/.profile");
        Files.createDirectories(p.resolve("knowledge"));
        Files.write(p.resolve("knowledge/lessons-learned.md"), new byte[AgentProfiles.LESSONS_CAP_BYTES]);
        Files.createDirectories(p.resolve("journal"));
        for (int i = 0; i < AgentProfiles.DIGESTION_THRESHOLD; i++) {
            Files.writeString(p.resolve("journal/j" + i + ".md"), "x");
        }
        AgentProfiles.Profile bot = profiles.list(tmp.resolve("agents")).get(0);
        assertFalse(bot.overCap(), "exactly 2 KB is within the cap");
        assertFalse(bot.digestionDue(), "10 journals are not yet more than 10");
        Files.writeString(p.resolve("journal/j10.md"), "x");
        assertTrue(profiles.list(tmp.resolve("agents")).get(0).digestionDue());
        assertThat(profiles.list(tmp.resolve("nowhere"))).isEmpty();
    }

    @Test
    void journalsAreNewestFirstAlsoOnEqualModificationTimes() throws Exception {
        Path journal = Files.createDirectories(tmp.resolve("agents/bot/.profile/journal"));
        FileTime same = FileTime.fromMillis(1_700_000_000_000L);
        for (String name : List.of("2026-11-18-a.md", "2026-11-20-c.md", "2026-11-19-b.md")) {
            Files.setLastModifiedTime(Files.writeString(journal.resolve(name), "x"), same);
        }
        Files.setLastModifiedTime(Files.writeString(journal.resolve("2026-11-17-newer-file.md"), "x"),
                FileTime.fromMillis(1_700_000_001_000L));
        assertThat(profiles.list(tmp.resolve("agents")).get(0).journals()).extracting(AgentProfiles.Journal::name)
                .containsExactly("2026-11-17-newer-file.md", "2026-11-20-c.md", "2026-11-19-b.md", "2026-11-18-a.md");
    }
}
