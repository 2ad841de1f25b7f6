package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Protected paths are matched as a case-insensitive file system reads names: any case, Unicode form or
 * compatibility form, with {@code ./}, {@code ..}, backslashes, invisible characters or the trailing dots and spaces
 * Windows drops, a protected path is still protected — and the dial sends it to a person.
 */
class ProtectedPathFoldingTest {

    private static final Policy DEFAULTS = Policy.defaults();

    @ParameterizedTest
    @ValueSource(strings = {"SOUL.md", "soul.md", "Soul.MD", "SOUL.MD", "./SOUL.md", "a/../SOUL.md", ".\\SOUL.md",
        "./././soul.md", "agents/Soul.md", "AGENTS/x/../SOUL.md", "SOUL.md.", "SOUL.md ", "SO\u200BUL.md",
        "\uFF33\uFF2F\uFF35\uFF2C.md", "//SOUL.md", "../SOUL.md"})
    void everyFormOfSoulMdIsProtected(String target) {
        assertEquals("SOUL.md", DEFAULTS.guarded(target), target);
        assertEquals(Level.MANUAL, DEFAULTS.resolve("PROPOSE_RULE", null, "low", target).level(), target);
    }

    @ParameterizedTest
    @ValueSource(strings = {"soulmate.md", "rules/soul.md.bak", "SOUL.mdx", "notes/soul-md.txt"})
    void otherNamesAreNot(String target) {
        assertNull(DEFAULTS.guarded(target), target);
    }

    @ParameterizedTest
    @ValueSource(strings = {"agents.md", "Rules/Deep/x.MD", "SKILLS/email/SKILL.md", "STRASSE.md",
        "Stra\u00dfe.md", "skills\\Email\\skill.md"})
    void configuredPathsFoldersAndGlobsAreMatchedTheSameWay(String target) throws Exception {
        Policy p = PolicySettings.parse(new ObjectMapper().readTree("{\"protected\": [\"AGENTS.md\", \"rules/**/*.md\","
                + " \"skills/\", \"stra\u00dfe.md\"]}"));
        assertEquals(Level.MANUAL, p.resolve("PROPOSE_RULE", null, "low", target).level(), target);
    }

    @ParameterizedTest
    @ValueSource(strings = {"rules/x.txt", "skillsets/a.md", "agents.mdx"})
    void configuredEntriesStillLetOtherPathsThrough(String target) {
        Policy p = new Policy(Map.of("low", Level.AUTO), Map.of(), List.of("AGENTS.md", "rules/**/*.md", "skills/"),
                7, false);
        assertEquals(Level.AUTO, p.resolve("PROPOSE_RULE", null, "low", target).level(), target);
    }

    @Test
    void aGlobThatCannotBeReadIsRefusedNamingItsKey() {
        PolicyException e = assertThrows(PolicyException.class, () ->
                PolicySettings.parse(new ObjectMapper().readTree("{\"protected\": [\"SOUL.md\", \"rules/[a-\"]}")));
        assertThat(e.getMessage()).contains("policy.protected[1]").contains("glob");
    }
}
