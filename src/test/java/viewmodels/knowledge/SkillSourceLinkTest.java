package viewmodels.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** A skill's source links to its file in both forms: the running writers' {@code skills/<dir>/SKILL.md} and {@code skills:}. */
class SkillSourceLinkTest {

    @TempDir
    Path tmp;

    @Test
    void bothSourceFormsLinkTheSkillFile() {
        Workspace ws = Fixtures.demo(tmp);
        DocumentDetailViewModel detail = new DocumentDetailViewModel(null, ws, new SynchronousTaskRunner(), ZoneOffset.UTC);
        String file = ws.skillsDir().resolve("agent-loop/SKILL.md").normalize().toString();
        assertEquals(file, detail.sourcePath("skills/agent-loop/SKILL.md"));
        assertEquals(file, detail.sourcePath("skills:agent-loop/SKILL.md"));
        assertEquals("", detail.sourcePath("turn:gateway"));
    }
}
