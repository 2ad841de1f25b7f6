package services.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SkillAndRetroParserTest {

    private final SkillParser skills = new SkillParser();
    private final RetroParser retros = new RetroParser();

    @Test
    void descriptionsInEveryStyle() {
        String folded = "---\nname: agent-loop\ndescription: >-\n  Run a loop\n  from a PRD.\ndisable-model-invocation: true\n---\nBody";
        SkillParser.Skill skill = skills.parse("agent-loop", folded);
        assertEquals("Run a loop from a PRD.", skill.description());
        assertTrue(skill.modelInvocationDisabled());
        assertEquals("Line one line two", skills.parse("x", "---\ndescription: |\n  Line one\n  line two\n---\n").description());
        assertEquals("Quoted: yes", skills.parse("x", "---\ndescription: \"Quoted: yes\"\n---\n").description());
        assertEquals("x", skills.parse("x", "---\ndescription: d\n---\n").name());
    }

    @Test
    void skillWithoutFrontmatterOrDescriptionIsReported() {
        assertEquals("SKILL.md has no YAML frontmatter (name, description)",
                assertThrows(VaultFileException.class, () -> skills.parse("x", "# Skill\n")).reason());
        assertEquals("SKILL.md frontmatter has no 'description'",
                assertThrows(VaultFileException.class, () -> skills.parse("x", "---\nname: x\n---\n")).reason());
    }

    @Test
    void retroGivesStoriesPatternsAndLessonsLongerThanTwentyChars() {
        RetroParser.Retro retro = retros.parseRetro("loop-file", """
                ---
                loopId: loop-mm9q2k3f-a1b2c3
                project: joelclaw
                date: 2026-03-04T10:00:00Z
                storiesCompleted: 2
                storiesFailed: 1
                storiesSkipped: 0
                ---
                ## Summary

                Two of three.

                ## Story Outcomes

                | id | title | result | attempts | tool |
                |---|---|---|---|---|
                | S1 | Add keys | pass | 1 | codex |
                | S2 | Fix cron | FAIL | 3 | claude |

                ## Codebase Patterns

                - Steps are verb-noun and carry an idempotency key.

                ## Analysis

                - Every step that sends email must carry an idempotency key.
                • Bullets with a dot count too when they are long enough.
                - too short
                """);
        assertEquals("loop-mm9q2k3f-a1b2c3", retro.loopId());
        assertEquals(List.of(new RetroParser.Story("S1", "Add keys", "pass", 1, "codex"),
                new RetroParser.Story("S2", "Fix cron", "fail", 3, "claude")), retro.stories());
        assertEquals(2, retro.lessons().size());
        assertEquals("- Steps are verb-noun and carry an idempotency key.", retro.patterns());
        assertEquals(1, retro.failed());
    }

    @Test
    void brainNoteAndMalformedCounts() {
        RetroParser.Retro note = retros.parseBrainNote("loop-x", "---\ntype: retro\nloop_id: loop-x\nproject: \"a b\"\n---\n"
                + "# Loop\n\n## Lessons\n\n- A lesson that is long enough to count.\n");
        assertEquals("a b", note.project());
        assertEquals(1, note.lessons().size());
        assertEquals("frontmatter 'storiesCompleted' must be a whole number, found \"many\"",
                assertThrows(VaultFileException.class,
                        () -> retros.parseRetro("x", "---\nstoriesCompleted: many\n---\n")).reason());
    }

    /** Fuzz seed 30549958525793: a tab in a brain note's loop_id made a document id nobody could name. */
    @Test
    void aLoopIdThatIsNotOneLineIsBadInputNamingTheKey() {
        // as YAML escapes inside double quotes: a tab, a BEL, a text-direction override, a line separator
        for (String bad : List.of("loop-a\\tb", "loop-a\\ab", "loop-\\u202Eab", "loop-a\\u2028b")) {
            String note = assertThrows(VaultFileException.class, () -> retros.parseBrainNote("loop-ab",
                    "---\ntype: retro\nloop_id: \"" + bad + "\"\n---\n# Loop\n")).reason();
            assertTrue(note.startsWith("frontmatter 'loop_id' \""), note);
            assertTrue(note.contains(" has a "), note);
            String retro = assertThrows(VaultFileException.class, () -> retros.parseRetro("loop-ab",
                    "---\nloopId: \"" + bad + "\"\n---\n# Loop\n")).reason();
            assertTrue(retro.startsWith("frontmatter 'loopId' \""), retro);
        }
        assertEquals("loop-ab", retros.parseBrainNote("loop-ab", "---\ntype: retro\n---\n# Loop\n").loopId());
    }
}
