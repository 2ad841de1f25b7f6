package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Story ids are per loop PRD: the demo's joelclaw/S2 gathers three failed_target documents, one of them another
 * story ("Kill dev servers | watchers after each story"). `failed list` names every story the key would clear.
 */
@Tag("model") // its sync embeds the whole demo with the real model
class FailedListStoriesCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aKeyWithTwoStoriesNamesBoth() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());

        DemoCommandTest.Run human = run("failed", "list", "--workspace", ws);
        assertEquals(0, human.code(), human.err());
        String row = human.out().lines().filter(l -> l.strip().startsWith("joelclaw/S2")).findFirst().orElseThrow();
        assertThat(row).contains("Index retros | lessons into system_knowledge")
                .contains("+ 1 other story: Kill dev servers | watchers after each story");

        // a project with no failed target (a typo) says so on stderr and names those that have some; one is singular
        DemoCommandTest.Run none = run("failed", "list", "--project", "joelclow", "--workspace", ws);
        assertEquals(0, none.code(), none.err());
        assertThat(none.out()).startsWith("0 failed targets");
        assertThat(none.err()).contains("note: no failed target of project 'joelclow' — the projects with failed "
                + "targets: ").contains("joelclaw");
        assertThat(run("failed", "list", "--project", "gremlin", "--workspace", ws).out()).startsWith("1 failed target")
                .doesNotStartWith("1 failed targets");

        DemoCommandTest.Run json = run("failed", "list", "--workspace", ws, "--json");
        assertEquals(0, json.code(), json.err());
        JsonNode target = null;
        for (JsonNode t : new ObjectMapper().readTree(json.out()).get("targets")) {
            if (t.get("key").asText().equals("joelclaw/S2")) {
                target = t;
            }
        }
        assertThat(target).isNotNull();
        List<String> titles = new ArrayList<>();
        target.get("storyTitles").forEach(n -> titles.add(n.asText()));
        assertThat(titles).containsExactly("Index retros | lessons into system_knowledge",
                "Kill dev servers | watchers after each story");
        assertThat(target.get("storyTitle").asText()).isEqualTo("Index retros | lessons into system_knowledge");
        assertThat(target.get("docIds")).hasSize(3);
        // a key whose documents all name one story lists just that one
        for (JsonNode t : new ObjectMapper().readTree(json.out()).get("targets")) {
            if (!t.get("key").asText().equals("joelclaw/S2")) {
                assertThat(t.get("storyTitles")).hasSize(1);
            }
        }
    }
}
