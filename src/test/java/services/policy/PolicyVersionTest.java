package services.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Policy-Version trailer names the whole dial: surfaces, the ladder's N, the cap, checks and caps count too. */
class PolicyVersionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String version(String policy) throws Exception {
        JsonNode node = JSON.readTree(policy);
        return PolicySettings.parse(node).version();
    }

    @Test
    void everyKeyOfTheDialChangesItsVersionAndTheirOrderDoesNot() throws Exception {
        String base = version("{\"risk\": {\"low\": \"auto\"}}");
        assertThat(base).isEqualTo(Policy.defaults().with(PolicySettings.parse(JSON.readTree(
                "{\"risk\": {\"low\": \"auto\"}}")).risk(), Policy.defaults().kinds()).version());
        String surfaces = version("{\"risk\": {\"low\": \"auto\"}, \"surfaces\": [{\"name\": \"rules\", \"repo\": "
                + "\"behaviour\", \"path\": \"rules/*.md\", \"level\": \"gated\"}]}");
        String reordered = version("{\"surfaces\": [{\"level\": \"gated\", \"path\": \"rules/*.md\", \"repo\": "
                + "\"behaviour\", \"name\": \"rules\"}], \"risk\": {\"low\": \"auto\"}}");
        String auto = version("{\"risk\": {\"low\": \"auto\"}, \"surfaces\": [{\"name\": \"rules\", \"repo\": "
                + "\"behaviour\", \"path\": \"rules/*.md\", \"level\": \"auto\"}]}");
        String cap = version("{\"risk\": {\"low\": \"auto\"}, \"autoPerRun\": 5}");
        String ladder = version("{\"risk\": {\"low\": \"auto\"}, \"promoteAfter\": 3}");
        assertThat(surfaces).isEqualTo(reordered);
        assertThat(Set.of(base, surfaces, auto, cap, ladder)).hasSize(5);
    }
}
