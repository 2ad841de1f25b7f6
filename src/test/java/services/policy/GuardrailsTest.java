package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** policy.autoPerRun and policy.checks read from workspace.json: each bad value refused naming its key and why. */
class GuardrailsTest {

    private static Guardrails parse(String json) throws Exception {
        return Guardrails.parse(GuardFixture.JSON.readTree(json));
    }

    private static void refused(String json, String... words) {
        assertThatThrownBy(() -> parse(json)).as(json).isInstanceOf(PolicyException.class).hasMessageContainingAll(words);
    }

    @Test
    void theDefaultsAreTwoPerRunAndNoChecks() throws Exception {
        Guardrails g = parse("{}");
        assertEquals(2, g.autoPerRun());
        assertThat(g.checks()).isEmpty();
    }

    @Test
    void aCheckIsReadWithItsDefaults() throws Exception {
        Guardrails g = parse("{\"checks\": [{\"path\": \"rules/*.md\", \"command\": [\"sh\", \"-c\", \"make check\"]}]}");
        Guardrails.Check c = g.checks().get(0);
        assertEquals("rules/*.md", c.name());
        assertEquals(60, c.timeoutSeconds());
        assertEquals(List.of("sh", "-c", "make check"), c.command());
        assertTrue(c.covers("behaviour", "rules/a.md", null));
        assertTrue(c.covers("skills", "RULES/A.md", null), "paths compare as the file system folds them");
        assertFalse(c.covers("behaviour", "rules/deep/a.md", null));
        assertFalse(c.covers("behaviour", "SOUL.md", null));
    }

    @Test
    void aCheckBySurfaceCoversTheSurfacesFiles() throws Exception {
        Guardrails g = parse("{\"checks\": [{\"surface\": \"soul\", \"repo\": \"behaviour\", \"command\": [\"true\"]}]}");
        assertTrue(g.checks().get(0).covers("behaviour", "SOUL.md", "soul"));
        assertFalse(g.checks().get(0).covers("skills", "SOUL.md", "soul"));
        assertFalse(g.checks().get(0).covers("behaviour", "SOUL.md", null));
    }

    @Test
    void badChecksAreRefusedNamingTheFieldAndTheReason() {
        refused("{\"checks\": {\"path\": \"x\"}}", "\"policy.checks\"", "must be a list");
        refused("{\"checks\": [\"make\"]}", "\"policy.checks[0]\"", "must be an object");
        refused("{\"checks\": [{\"command\": [\"true\"]}]}", "\"policy.checks[0]\"", "needs \"path\"");
        refused("{\"checks\": [{\"path\": \"x\"}]}", "\"policy.checks[0].command\"", "found nothing");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": \"make check\"}]}", "\"policy.checks[0].command\"",
                "must be a list of 1 to 64 strings");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": []}]}", "\"policy.checks[0].command\"");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\" \"]}]}", "\"policy.checks[0].command[0]\"",
                "a program's name");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\"sh\", 3]}]}", "\"policy.checks[0].command[1]\"");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\"sh\", \"a\\u0000b\"]}]}",
                "\"policy.checks[0].command[1]\"", "NUL");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\"true\"], \"timeoutSeconds\": 0}]}",
                "\"policy.checks[0].timeoutSeconds\"", "from 1 to 3600");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\"true\"], \"timeoutSeconds\": \"60\"}]}",
                "\"policy.checks[0].timeoutSeconds\"");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\"true\"], \"timeout\": 60}]}",
                "\"policy.checks[0].timeout\"", "is not a key of a check");
        refused("{\"checks\": [{\"path\": \"rules/\\n*.md\", \"command\": [\"true\"]}]}", "\"policy.checks[0].path\"",
                "line break");
        refused("{\"checks\": [{\"path\": \"rules/[*.md\", \"command\": [\"true\"]}]}", "\"policy.checks[0].path\"",
                "not a glob");
        refused("{\"checks\": [{\"path\": \"x\", \"repo\": \"vault\", \"command\": [\"true\"]}]}",
                "\"policy.checks[0].repo\"", "\"behaviour\" or \"skills\"");
        refused("{\"checks\": [{\"path\": \"x\", \"command\": [\"true\"]}, {\"path\": 5, \"command\": [\"true\"]}]}",
                "\"policy.checks[1].path\"");
    }

    @Test
    void aBadValueIsQuotedOnOneLineAndCut() {
        JsonNode big = GuardFixture.JSON.getNodeFactory().textNode("x\n".repeat(200));
        assertThatThrownBy(() -> Guardrails.parse(GuardFixture.JSON.createObjectNode().set("autoPerRun", big)))
                .hasMessageContaining("\"policy.autoPerRun\"")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").hasSizeLessThan(300));
    }
}
